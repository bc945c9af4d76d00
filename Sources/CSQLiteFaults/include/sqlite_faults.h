#ifndef NOTELEDGER_SQLITE_FAULTS_H
#define NOTELEDGER_SQLITE_FAULTS_H

/// Fault injection for the ledger's tests: an SQLite VFS that wraps the default one and makes the
/// Nth write or sync of the files under a path fail with the error a real disk gives
/// (SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC, SQLITE_FULL), and a counter that fails the Nth
/// statement step. SQLite itself sees and handles the error; nothing of SQLite is mocked.

enum nl_fault_kind {
    NL_FAULT_NONE = 0,
    NL_FAULT_STEP = 1,   /* the Nth statement step (counted by the caller, see nl_faults_step) */
    NL_FAULT_WRITE = 2,  /* the Nth xWrite: SQLITE_IOERR_WRITE */
    NL_FAULT_FSYNC = 3,  /* the Nth xSync: SQLITE_IOERR_FSYNC */
    NL_FAULT_FULL = 4,   /* the Nth xWrite and every one after it: SQLITE_FULL (a disk that stays full) */
};

/// Registers the wrapping VFS as SQLite's default (once; later calls do nothing). Files opened
/// before it was installed are not covered. Returns an SQLite result code.
int nl_faults_install(void);

/// Arms one fault: the `at`th call of `kind` (1-based) on files whose path starts with
/// `path_prefix` ("" for every file) fails. Resets the counter. `kind` NONE disarms.
void nl_faults_arm(int kind, long long at, const char *path_prefix);

/// For NL_FAULT_STEP: counts one step of a statement on the database at `path`; 1 when it is the
/// one that must fail.
int nl_faults_step(const char *path);

/// How many calls of the armed kind were counted, and whether the fault fired.
long long nl_faults_count(void);
int nl_faults_fired(void);

/// Prints, at exit, to standard error, what was counted and whether the fault fired
/// ("noteledger: fault injection: write 3 of 7 calls: fired").
void nl_faults_report_at_exit(void);

#endif
