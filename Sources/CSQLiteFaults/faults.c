#include "sqlite_faults.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A file of the wrapping VFS: SQLite allocates szOsFile bytes; the real file follows this header.
typedef struct {
    sqlite3_file base;
    sqlite3_file *real;
    const char *path;  // valid until xClose (SQLite's guarantee for the name passed to xOpen)
} FaultFile;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;

// What is armed. `armed_kind` is written last when arming and first when disarming, so a thread
// that reads a kind reads the prefix that goes with it.
static int armed_kind;
static long long armed_at;
static char armed_prefix[4096];
static long long counter;
static int fired;

static const char *kind_name(int kind) {
    switch (kind) {
    case NL_FAULT_STEP: return "step";
    case NL_FAULT_WRITE: return "write";
    case NL_FAULT_FSYNC: return "fsync";
    case NL_FAULT_FULL: return "full";
    default: return "none";
    }
}

static int covers(const char *path) {
    size_t length = strlen(armed_prefix);
    return path != NULL && strncmp(path, armed_prefix, length) == 0;
}

// Counts one call of `kind` on `path`; 1 when it must fail.
static int count_call(int kind, const char *path) {
    if (__atomic_load_n(&armed_kind, __ATOMIC_ACQUIRE) != kind || !covers(path)) return 0;
    long long n = __atomic_add_fetch(&counter, 1, __ATOMIC_SEQ_CST);
    int fail = kind == NL_FAULT_FULL ? n >= armed_at : n == armed_at;
    if (fail) __atomic_store_n(&fired, 1, __ATOMIC_SEQ_CST);
    return fail;
}

// MARK: - File methods: each forwards to the real file

static int f_close(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    int rc = f->real->pMethods->xClose(f->real);
    f->real->pMethods = NULL;
    return rc;
}

static int f_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}

static int f_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *f = (FaultFile *)file;
    if (count_call(NL_FAULT_WRITE, f->path)) return SQLITE_IOERR_WRITE;
    if (count_call(NL_FAULT_FULL, f->path)) return SQLITE_FULL;
    return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
}

static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xTruncate(f->real, size);
}

static int f_sync(sqlite3_file *file, int flags) {
    FaultFile *f = (FaultFile *)file;
    if (count_call(NL_FAULT_FSYNC, f->path)) return SQLITE_IOERR_FSYNC;
    return f->real->pMethods->xSync(f->real, flags);
}

static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFileSize(f->real, size);
}

static int f_lock(sqlite3_file *file, int level) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xLock(f->real, level);
}

static int f_unlock(sqlite3_file *file, int level) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xUnlock(f->real, level);
}

static int f_check_reserved_lock(sqlite3_file *file, int *result) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, result);
}

static int f_file_control(sqlite3_file *file, int op, void *argument) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFileControl(f->real, op, argument);
}

static int f_sector_size(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int f_device_characteristics(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int f_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xShmMap(f->real, region, size, extend, memory);
}

static int f_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xShmLock(f->real, offset, count, flags);
}

static void f_shm_barrier(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    f->real->pMethods->xShmBarrier(f->real);
}

static int f_shm_unmap(sqlite3_file *file, int delete_flag) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xShmUnmap(f->real, delete_flag);
}

static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFetch(f->real, offset, amount, pointer);
}

static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xUnfetch(f->real, offset, pointer);
}

// Version 3 methods, for real files that have them (the unix VFS's do); a real file with fewer
// gets a copy limited to its version, so SQLite never calls a method the real file lacks.
static const sqlite3_io_methods methods_v3 = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, f_fetch, f_unfetch,
};
static const sqlite3_io_methods methods_v2 = {
    2, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, NULL, NULL,
};
static const sqlite3_io_methods methods_v1 = {
    1, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    NULL, NULL, NULL, NULL, NULL, NULL,
};

static int v_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    FaultFile *f = (FaultFile *)file;
    f->real = (sqlite3_file *)&f[1];
    f->path = name;
    int rc = real_vfs->xOpen(real_vfs, name, f->real, flags, out_flags);
    const sqlite3_io_methods *real_methods = f->real->pMethods;
    if (real_methods == NULL) {
        // Nothing to close: SQLite does not call xClose on a file without methods.
        f->base.pMethods = NULL;
        return rc;
    }
    f->base.pMethods = real_methods->iVersion >= 3 ? &methods_v3 : real_methods->iVersion == 2 ? &methods_v2 : &methods_v1;
    return rc;
}

// MARK: - Public

int nl_faults_install(void) {
    static int installed;
    if (__atomic_exchange_n(&installed, 1, __ATOMIC_SEQ_CST)) return SQLITE_OK;
    real_vfs = sqlite3_vfs_find(NULL);
    if (real_vfs == NULL) return SQLITE_ERROR;
    // Every method but xOpen is the real VFS's own, called with its own appData and limits.
    fault_vfs = *real_vfs;
    fault_vfs.pNext = NULL;
    fault_vfs.zName = "noteledger-faults";
    fault_vfs.szOsFile = (int)sizeof(FaultFile) + real_vfs->szOsFile;
    fault_vfs.xOpen = v_open;
    return sqlite3_vfs_register(&fault_vfs, 1);
}

void nl_faults_arm(int kind, long long at, const char *path_prefix) {
    __atomic_store_n(&armed_kind, NL_FAULT_NONE, __ATOMIC_SEQ_CST);
    snprintf(armed_prefix, sizeof armed_prefix, "%s", path_prefix ? path_prefix : "");
    armed_at = at;
    __atomic_store_n(&counter, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&fired, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&armed_kind, kind, __ATOMIC_RELEASE);
}

int nl_faults_step(const char *path) {
    return count_call(NL_FAULT_STEP, path);
}

long long nl_faults_count(void) { return __atomic_load_n(&counter, __ATOMIC_SEQ_CST); }

int nl_faults_fired(void) { return __atomic_load_n(&fired, __ATOMIC_SEQ_CST); }

static void report(void) {
    int kind = __atomic_load_n(&armed_kind, __ATOMIC_SEQ_CST);
    if (kind == NL_FAULT_NONE) return;
    fprintf(stderr, "noteledger: fault injection: %s %lld of %lld calls: %s\n", kind_name(kind), armed_at,
            nl_faults_count(), nl_faults_fired() ? "fired" : "not reached");
}

void nl_faults_report_at_exit(void) {
    static int registered;
    if (__atomic_exchange_n(&registered, 1, __ATOMIC_SEQ_CST)) return;
    atexit(report);
}
