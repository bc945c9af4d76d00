// libcurl's easy interface for Swift, which cannot call C's variadic functions: one typed
// setter per kind of option value, and one getter for numbers.
#include <curl/curl.h>

typedef size_t (*noteledger_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*noteledger_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                                 curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode noteledger_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode noteledger_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode noteledger_curl_set_data_callback(CURL *handle, CURLoption option, noteledger_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode noteledger_curl_set_progress_callback(CURL *handle, noteledger_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode noteledger_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
