import CSQLiteFaults
import Foundation

/// Fault injection for tests, in debug builds only: makes the Nth statement step, the Nth write
/// or sync of a ledger's files fail (SQLite sees a real I/O error from its VFS), or the disk look
/// full from the Nth write on. Tests check that every such failure leaves the ledger exactly as it
/// was before the operation or exactly as after it.
///
/// A process started with `NOTELEDGER_FAULT=KIND:N` (KIND one of step, write, fsync, full) arms it
/// for every database it opens and reports at exit, on standard error, whether the fault fired:
/// `noteledger: fault injection: write 3 of 7 calls: fired`. Release builds ignore the variable.
public enum FaultInjection {
    public enum Kind: String, CaseIterable, Sendable {
        case step, write, fsync, full

        var code: Int32 {
            switch self {
            case .step: Int32(NL_FAULT_STEP.rawValue)
            case .write: Int32(NL_FAULT_WRITE.rawValue)
            case .fsync: Int32(NL_FAULT_FSYNC.rawValue)
            case .full: Int32(NL_FAULT_FULL.rawValue)
            }
        }
    }

    /// Whether this build can inject faults (debug builds).
    public static var isAvailable: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Wraps SQLite's default VFS; databases opened afterwards can be given faults. Idempotent.
    public static func install() {
        #if DEBUG
        _ = nl_faults_install()
        #endif
    }

    /// Arms `kind` to fail at its `call`th occurrence (1-based) on the database at `path` and the
    /// files beside it (journal, write-ahead log), or on every database when `path` is nil.
    public static func arm(_ kind: Kind, at call: Int, path: String?) {
        #if DEBUG
        install()
        nl_faults_arm(kind.code, Int64(call), path.map(canonical) ?? "")
        #endif
    }

    public static func disarm() {
        #if DEBUG
        nl_faults_arm(Int32(NL_FAULT_NONE.rawValue), 0, "")
        #endif
    }

    /// Calls of the armed kind counted since it was armed, and whether the fault fired.
    public static var count: Int { Int(nl_faults_count()) }
    public static var fired: Bool { nl_faults_fired() != 0 }

    /// Arms what `NOTELEDGER_FAULT` asks for, once per process, before the first database opens.
    static let armedFromEnvironment: Void = {
        #if DEBUG
        guard let value = ProcessInfo.processInfo.environment["NOTELEDGER_FAULT"], !value.isEmpty else { return }
        let parts = value.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), let call = Int(parts[1]), call > 0 else {
            FileHandle.standardError.write(Data("noteledger: NOTELEDGER_FAULT must be KIND:N with KIND one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")) and N ≥ 1; ignored\n".utf8))
            return
        }
        arm(kind, at: call, path: nil)
        nl_faults_report_at_exit()
        #endif
    }()

    /// Counts a step of a statement on the database at `path`; true when it must fail.
    @inline(__always)
    static func failsStep(path: String) -> Bool {
        #if DEBUG
        path.withCString { nl_faults_step($0) != 0 }
        #else
        false
        #endif
    }

    /// The error an injected step fault throws.
    static func stepFailure(sql: String?) -> SQLiteError {
        SQLiteError(code: 10 /* SQLITE_IOERR */, message: "injected fault: statement step \(count) failed (NOTELEDGER_FAULT)",
                    sql: sql)
    }

    /// The full path SQLite gives its VFS for `path` (absolute, symbolic links resolved).
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
