import Foundation

/// Finds the date a note speaks of and resolves it against when the note was received.
///
/// Understood: ISO dates (2026-11-03); relative words in several languages (today, yesterday,
/// "this morning", hier, ayer, ontem, gestern, 昨日, …); weekday names ("Tuesday", "last friday":
/// the latest such day on or before the received day, before it when it is the same weekday only
/// with "last"); month names with a day ("on Nov 3", "3 November", "Nov 3rd"); and numeric
/// day/month ("3/11", "3/11/2026", "03.11.2026"; with dots only when a year follows). Numeric dates are read day first, as most of the
/// world writes them ("3/11" is 3 November), and month first only when the second number is over
/// 12 ("11/23" is 23 November). A date without a year is the latest such date on or before the
/// received day. Without a received day, only ISO dates resolve.
public enum DateResolver {
    static func resolve(_ note: String, received: Date?) -> String? {
        let text = note.lowercased()
        let searchable = SearchableText(text)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!

        // The patterns are only tried on notes holding their separator: Regex matching is slow.
        let bytes = text.utf8
        if bytes.contains(UInt8(ascii: "-")), let match = text.firstMatch(of: Patterns.isoDate),
           let date = make(Int(match.1)!, Int(match.2)!, Int(match.3)!, calendar) {
            return format(date)
        }
        guard let received else { return nil }
        let day = calendar.startOfDay(for: received)

        for (words, offset) in relativeWords {
            if words.contains(where: { contains(searchable, word: $0) }) {
                return format(calendar.date(byAdding: .day, value: offset, to: day)!)
            }
        }
        if let (month, dayOfMonth) = monthAndDay(text) {
            return latest(month: month, day: dayOfMonth, onOrBefore: day, calendar)
        }
        // Numeric dates use "/" ("3/11"), or dots only with a year ("03.11.2026"): "12.5" is an amount.
        let slashed = bytes.contains(UInt8(ascii: "/")) ? text.firstMatch(of: Patterns.slashDate) : nil
        let dotted = slashed == nil && bytes.lazy.filter({ $0 == UInt8(ascii: ".") }).count >= 2
            ? text.firstMatch(of: Patterns.dottedDate) : nil
        let numeric = slashed.map { (first: $0.1, second: $0.2, year: $0.3) }
            ?? dotted.map { (first: $0.1, second: $0.2, year: Optional($0.3)) }
        if let match = numeric {
            var first = Int(match.first)!
            var second = Int(match.second)!
            if second > 12 && first <= 12 { swap(&first, &second) }
            if (1...31).contains(first), (1...12).contains(second) {
                if let yearText = match.year, var year = Int(yearText) {
                    if year < 100 { year += 2000 }
                    if let date = make(year, second, first, calendar) { return format(date) }
                } else {
                    return latest(month: second, day: first, onOrBefore: day, calendar)
                }
            }
        }
        for (index, names) in weekdays.enumerated() where names.contains(where: { contains(searchable, word: $0) }) {
            let target = index + 1 // Calendar: Sunday = 1
            let current = calendar.component(.weekday, from: day)
            var back = (current - target + 7) % 7
            if back == 0 && (contains(searchable, word: "last") || contains(searchable, word: "pasado")) { back = 7 }
            return format(calendar.date(byAdding: .day, value: -back, to: day)!)
        }
        return nil
    }

    /// Regular expressions are compiled once: building one from a literal parses it each time.
    private enum Patterns {
        // Regex is not Sendable; these are never mutated, only matched.
        nonisolated(unsafe) static let isoDate = /(?:^|[^\d])(20\d\d)-(\d{1,2})-(\d{1,2})(?![\d])/
        nonisolated(unsafe) static let slashDate = /(?:^|[^\d.,\/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?(?![\d.,\/])/
        nonisolated(unsafe) static let dottedDate = /(?:^|[^\d.,\/])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.,\/])/
    }

    // MARK: - Vocabulary

    private static let relativeWords: [([String], Int)] = [
        (["day before yesterday", "anteayer", "anteontem", "vorgestern", "avant-hier", "一昨日"], -2),
        (["yesterday", "hier", "ayer", "ontem", "gestern", "ieri", "gisteren", "昨日", "昨天"], -1),
        (["today", "tonight", "this morning", "this afternoon", "this evening", "hoy", "hoje", "heute",
          "aujourd'hui", "oggi", "vandaag", "今日", "今天"], 0),
    ]

    private static let weekdays: [[String]] = [
        ["sunday", "domingo", "sonntag", "dimanche"],
        ["monday", "mon", "lunes", "segunda", "montag", "lundi"],
        ["tuesday", "tue", "tues", "martes", "terça", "dienstag", "mardi"],
        ["wednesday", "wed", "miércoles", "quarta", "mittwoch", "mercredi"],
        ["thursday", "thu", "thurs", "jueves", "quinta", "donnerstag", "jeudi"],
        ["friday", "fri", "viernes", "sexta", "freitag", "vendredi"],
        ["saturday", "sábado", "samstag", "samedi"],
    ]

    private static let months: [[String]] = [
        ["january", "jan", "enero", "janeiro", "januar", "janvier"],
        ["february", "feb", "febrero", "fevereiro", "februar", "février"],
        ["march", "mar", "marzo", "março", "märz", "mars"],
        ["april", "apr", "abril", "avril"],
        ["may", "mayo", "maio", "mai"],
        ["june", "jun", "junio", "junho", "juni", "juin"],
        ["july", "jul", "julio", "julho", "juli", "juillet"],
        ["august", "aug", "agosto", "août"],
        ["september", "sep", "sept", "septiembre", "setembro", "septembre"],
        ["october", "oct", "octubre", "outubro", "oktober", "octobre"],
        ["november", "nov", "noviembre", "novembro", "novembre"],
        ["december", "dec", "diciembre", "dezembro", "dezember", "décembre"],
    ]

    /// "nov 3", "november 3rd", "3 nov", "3. november", "3 de noviembre".
    private static func monthAndDay(_ text: String) -> (Int, Int)? {
        let tokens = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        for (index, token) in tokens.enumerated() {
            guard let month = months.firstIndex(where: { $0.contains(token) }) else { continue }
            // "may" and "mar" are also words; only with a day beside them.
            let neighbours = [index + 1, index - 1, index - 2].filter { tokens.indices.contains($0) }
            for neighbour in neighbours {
                let digits = tokens[neighbour].prefix { $0.isNumber }
                let suffix = tokens[neighbour].dropFirst(digits.count)
                guard let day = Int(digits), (1...31).contains(day),
                      ["", "st", "nd", "rd", "th", "er", "º"].contains(String(suffix)) else { continue }
                if neighbour == index - 2 && tokens[index - 1] != "de" { continue }
                return (month + 1, day)
            }
        }
        return nil
    }

    // MARK: - Calendar

    private static func contains(_ text: SearchableText, word: String) -> Bool {
        // Words in scripts without spaces (日本語) are found anywhere; others stand alone.
        text.contains(word, wholeWord: !word.unicodeScalars.contains { $0.value > 0x2E80 })
    }

    private static func make(_ year: Int, _ month: Int, _ day: Int, _ calendar: Calendar) -> Date? {
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month else { return nil }
        return date
    }

    private static func latest(month: Int, day: Int, onOrBefore reference: Date, _ calendar: Calendar) -> String? {
        let year = calendar.component(.year, from: reference)
        for candidate in [year, year - 1] {
            if let date = make(candidate, month, day, calendar), date <= reference { return format(date) }
        }
        return nil
    }

    /// `YYYY-MM-DD` of a date in UTC (the calendars here are UTC): the day part of the store's timestamp.
    static func format(_ date: Date) -> String {
        String(Timestamp.string(date).prefix(10))
    }

    /// Reads `YYYY-MM-DD` (UTC midnight); nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return make(parts[0], parts[1], parts[2], calendar)
    }
}
