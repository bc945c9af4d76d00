#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info take variable arguments, which Swift cannot call.
// These fix the options NoteLedger uses.

/// Starts a daemon listening on `address`, one thread per connection, calling `handler` for
/// each request and `completed` when one ends (both with `context`).
static inline struct MHD_Daemon *noteledger_mhd_start(const struct sockaddr *address, int ipv6,
                                                      MHD_AccessHandlerCallback handler,
                                                      MHD_RequestCompletedCallback completed, void *context,
                                                      unsigned int connection_limit, unsigned int timeout_seconds) {
    // No MHD_USE_ERROR_LOG: a browser closing a page mid-stream is no error worth a line on stderr.
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0), or 0.
static inline uint16_t noteledger_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// A response of unknown length read from `reader` until it returns end of stream.
static inline struct MHD_Response *noteledger_mhd_stream(MHD_ContentReaderCallback reader, void *context,
                                                         MHD_ContentReaderFreeCallback release) {
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, reader, context, release);
}

static const ssize_t noteledger_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
