import CSQLite
import Foundation

/// A value bound to or read from SQLite.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }

    /// `.text(value)`, or `.null` when the value is nil.
    public static func optional(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
    /// `.integer(value)`, or `.null` when the value is nil.
    public static func optional(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
}

/// One result row, read by column index.
public struct SQLiteRow: Sendable {
    public let values: [SQLiteValue]

    public subscript(_ index: Int) -> SQLiteValue { values[index] }

    public func string(_ index: Int) -> String? {
        switch values[index] {
        case .text(let text): text
        case .integer(let int): String(int)
        case .real(let real): String(real)
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        case .null: nil
        }
    }

    public func int(_ index: Int) -> Int64? {
        switch values[index] {
        case .integer(let int): int
        case .real(let real): Int64(real)
        case .text(let text): Int64(text)
        default: nil
        }
    }

    public func double(_ index: Int) -> Double? {
        switch values[index] {
        case .integer(let int): Double(int)
        case .real(let real): real
        case .text(let text): Double(text)
        default: nil
        }
    }
}

/// A prepared statement. Owns its `sqlite3_stmt*` and finalizes it in `deinit`.
public final class SQLiteStatement {
    let pointer: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws {
        var pointer: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard rc == SQLITE_OK, let pointer else {
            throw SQLiteError(code: rc, message: connection.lastErrorMessage, sql: sql)
        }
        self.pointer = pointer
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Binds values to `?` parameters, in order.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(pointer, index)
            case .integer(let int): rc = sqlite3_bind_int64(pointer, index, int)
            case .real(let real): rc = sqlite3_bind_double(pointer, index, real)
            case .text(var text):
                // With its length, from the string's own UTF-8: no C-string copy, no strlen.
                rc = text.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { text in
                        // An empty string's UTF-8 may have no address; a null pointer would bind NULL.
                        guard let start = text.baseAddress else { return sqlite3_bind_text(pointer, index, "", 0, SQLITE_TRANSIENT) }
                        return sqlite3_bind_text(pointer, index, start, Int32(text.count), SQLITE_TRANSIENT)
                    }
                }
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes { sqlite3_bind_blob(pointer, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
    }

    /// Advances to the next row; nil when the statement is done.
    public func step() throws -> SQLiteRow? {
        if FaultInjection.isAvailable && FaultInjection.failsStep(path: connection.path) {
            sqlite3_reset(pointer)
            throw FaultInjection.stepFailure(sql: sql)
        }
        let rc = sqlite3_step(pointer)
        switch rc {
        case SQLITE_ROW:
            return SQLiteRow(values: (0..<sqlite3_column_count(pointer)).map(column))
        case SQLITE_DONE:
            sqlite3_reset(pointer)
            return nil
        default:
            let error = failure(rc)
            sqlite3_reset(pointer)
            throw error
        }
    }

    // MARK: - Streaming without copies (for exports)

    /// Advances to the next row without reading it; false when done. Read columns with
    /// `withColumnBytes` and `columnInt64` before the next step.
    public func advance() throws -> Bool {
        if FaultInjection.isAvailable && FaultInjection.failsStep(path: connection.path) {
            sqlite3_reset(pointer)
            throw FaultInjection.stepFailure(sql: sql)
        }
        let rc = sqlite3_step(pointer)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(pointer)
            return false
        default:
            let error = failure(rc)
            sqlite3_reset(pointer)
            throw error
        }
    }

    /// Calls `body` with the column's text bytes (empty for NULL), valid only inside `body`.
    public func withColumnBytes<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(pointer, index))
        guard count > 0, let text = sqlite3_column_text(pointer, index) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: text, count: count))
    }

    public func columnInt64(_ index: Int32) -> Int64 { sqlite3_column_int64(pointer, index) }

    private func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(pointer, index))
        case SQLITE_TEXT:
            // Column text is read by its length (as it was bound): a NUL inside does not end it.
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard count > 0, let text = sqlite3_column_text(pointer, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard count > 0, let bytes = sqlite3_column_blob(pointer, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func failure(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: connection.lastErrorMessage, sql: sql)
    }
}

// SQLITE_TRANSIENT is a macro casting -1 to a destructor; Swift cannot import it.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
