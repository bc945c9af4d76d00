import Foundation

/// ISO-8601 timestamps in UTC with milliseconds (`2026-11-29T22:34:40.348Z`), as the store
/// keeps them. Written and read by hand: a date formatter costs more than the rest of a fill.
public enum Timestamp {
    public static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = Int((interval - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\((parts.tm_year + 1900).zeroPadded(to: 4))-\((parts.tm_mon + 1).zeroPadded(to: 2))-\(parts.tm_mday.zeroPadded(to: 2))T"
            + "\(parts.tm_hour.zeroPadded(to: 2)):\(parts.tm_min.zeroPadded(to: 2)):\(parts.tm_sec.zeroPadded(to: 2))."
            + "\(min(999, milliseconds).zeroPadded(to: 3))Z"
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
