import Foundation

/// ISO-8601 timestamps in UTC with milliseconds (`2026-11-29T22:34:40.348Z`), as the store
/// keeps them. Written and read by hand: a date formatter costs more than the rest of a fill.
public enum Timestamp {
    public static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = min(999, Int32((interval - Double(seconds)) * 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // Digits written straight into the string's storage: the watcher stamps every note it
        // queues and every fill, and seven padded strings joined cost more than the row insert.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int32, digits: Int, at offset: Int, then separator: UInt8) {
                var rest = value
                for index in (offset..<offset + digits).reversed() {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                buffer[offset + digits] = separator
            }
            put(parts.tm_year + 1900, digits: 4, at: 0, then: UInt8(ascii: "-"))
            put(parts.tm_mon + 1, digits: 2, at: 5, then: UInt8(ascii: "-"))
            put(parts.tm_mday, digits: 2, at: 8, then: UInt8(ascii: "T"))
            put(parts.tm_hour, digits: 2, at: 11, then: UInt8(ascii: ":"))
            put(parts.tm_min, digits: 2, at: 14, then: UInt8(ascii: ":"))
            put(parts.tm_sec, digits: 2, at: 17, then: UInt8(ascii: "."))
            put(milliseconds, digits: 3, at: 20, then: UInt8(ascii: "Z"))
            return 24
        }
    }

    public static func now() -> String { string(Date()) }

    /// Reads what `string` writes (milliseconds optional); nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int32(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        var seconds = Double(timegm(&parts))
        if bytes.count >= 24, bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) {
            seconds += Double(fraction) / 1000
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
