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
        // `\d` matches a digit with a combining mark on it too ("0\u{59A}"), which is no number.
        if bytes.contains(UInt8(ascii: "-")), let match = text.firstMatch(of: Patterns.isoDate),
           let year = Int(match.1), let month = Int(match.2), let dayOfMonth = Int(match.3),
           let date = make(year, month, dayOfMonth, calendar) {
            return format(date)
        }
        guard let received else { return nil }
        let day = calendar.startOfDay(for: received)

        let relative = RuleFamilies.active.contains(.relativeDates)
        if relative, let daysAgo = daysAgo(text) {
            return format(calendar.date(byAdding: .day, value: -daysAgo, to: day)!)
        }
        for (words, offset) in relativeWords {
            if words.contains(where: { contains(searchable, word: $0) }) {
                return format(calendar.date(byAdding: .day, value: offset, to: day)!)
            }
        }
        if let (month, dayOfMonth) = monthAndDay(text) ?? (relative ? kanjiMonthAndDay(text) : nil) {
            return latest(month: month, day: dayOfMonth, onOrBefore: day, calendar)
        }
        if relative, let dayOfMonth = ordinalDay(text) {
            // "on the 2nd": this month, or last month when that day is still to come.
            let month = calendar.component(.month, from: day)
            let sameMonth = calendar.component(.day, from: day) >= dayOfMonth
            let target = sameMonth ? month : (month == 1 ? 12 : month - 1)
            return latest(month: target, day: dayOfMonth, onOrBefore: day, calendar)
        }
        // Numeric dates use "/" ("3/11"), or dots only with a year ("03.11.2026"): "12.5" is an amount.
        let slashed = bytes.contains(UInt8(ascii: "/")) ? text.firstMatch(of: Patterns.slashDate) : nil
        let dotted = slashed == nil && bytes.lazy.filter({ $0 == UInt8(ascii: ".") }).count >= 2
            ? text.firstMatch(of: Patterns.dottedDate) : nil
        let short = slashed == nil && dotted == nil && bytes.lazy.filter({ $0 == UInt8(ascii: ".") }).count >= 2
            ? text.firstMatch(of: Patterns.dottedDayMonth).flatMap { match in
                match.1 != nil || match.2.hasPrefix("0") ? match : nil
            } : nil
        let numeric = slashed.map { (first: $0.1, second: $0.2, year: $0.3) }
            ?? dotted.map { (first: $0.1, second: $0.2, year: Optional($0.3)) }
            ?? short.map { (first: $0.2, second: $0.3, year: nil) }
        if let match = numeric, var first = Int(match.first), var second = Int(match.second) {
            if second > 12 && first <= 12 { swap(&first, &second) }
            if (1...31).contains(first), (1...12).contains(second) {
                // Day first; when both readings are dates ("3/11", "11/3", "11/03/2026"), the more
                // recent one on or before the day the note came (a note tells of what was just spent).
                let readings = first <= 12 ? [(month: second, day: first), (month: first, day: second)] : [(month: second, day: first)]
                if let yearText = match.year, var year = Int(yearText) {
                    if year < 100 { year += 2000 }
                    let dates = readings.compactMap { make(year, $0.month, $0.day, calendar) }
                    if let date = dates.filter({ $0 <= day }).max() ?? dates.first { return format(date) }
                } else {
                    return readings.compactMap { latest(month: $0.month, day: $0.day, onOrBefore: day, calendar) }.max()
                }
            }
        }
        for (index, names) in weekdays.enumerated() where names.contains(where: { contains(searchable, word: $0) }) {
            let target = index + 1 // Calendar: Sunday = 1
            let current = calendar.component(.weekday, from: day)
            // A bare weekday is the latest such day before the received one ("Friday" sent on a Friday is a week ago).
            var back = (current - target + 7) % 7
            if back == 0 { back = 7 }
            return format(calendar.date(byAdding: .day, value: -back, to: day)!)
        }
        return nil
    }

    /// Regular expressions are compiled once: building one from a literal parses it each time.
    private enum Patterns {
        // Regex is not Sendable; these are never mutated, only matched.
        nonisolated(unsafe) static let isoDate = /(?:^|[^\d])(20\d\d)-(\d{1,2})-(\d{1,2})(?![\d])/
        nonisolated(unsafe) static let slashDate = /(?:^|[^\d.,\/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?(?![\d.,\/])/
        nonisolated(unsafe) static let daysAgoJapanese = /(\d{1,2})日前/
        /// "the 14th", "el día 3", and a day after its weekday, as an ordinal ("Sat 14th", "Friday 6th"; not
        /// "Friday 3 drinks", whose 3 is how many).
        nonisolated(unsafe) static let ordinalDay =
            /\bthe (\d{1,2})(?:st|nd|rd|th)\b|\b(?:no|el|o) d[ií]a (\d{1,2})\b|\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\.?,?\s(\d{1,2})(?:st|nd|rd|th)\b/
        nonisolated(unsafe) static let kanjiDate = /(\d{1,2})月(\d{1,2})日/
        nonisolated(unsafe) static let dottedDate = /(?:^|[^\d.,\/])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.,\/])/
        /// "am 3.11.", "03.11.": a day and month with the dot after the month, and "am"/"vom" before
        /// or a day written with its zero (else "12.5." or "3.05." ending a sentence would be a date).
        nonisolated(unsafe) static let dottedDayMonth = /(?:^|[\s,(])(am\s+|vom\s+|den\s+|on\s+)?(\d{1,2})\.(\d{1,2})\.(?![\d,])/
    }

    // MARK: - Vocabulary

    private static let relativeWords: [([String], Int)] = [
        (["day before yesterday", "anteayer", "anteontem", "vorgestern", "avant-hier", "l'altro ieri", "l’altro ieri",
          "altroieri", "一昨日"], -2),
        (["yesterday", "yday", "yest", "last night", "last nite", "hier", "ayer", "anoche", "ontem", "gestern", "ieri", "gisteren", "昨日", "昨天",
          "昨晩", "昨夜", "gisteravond",
          "wczoraj", "dün", "igår", "i går", "i går kveld", "i går kväll"], -1),
        (["today", "tonight", "this morning", "this afternoon", "this evening", "hoy", "esta mañana", "esta noche",
          "hoje", "heute", "aujourd'hui", "ce matin", "ce soir", "cet après-midi", "oggi", "stamattina", "stasera",
          "vandaag", "vanochtend", "vanavond", "今日", "今朝", "今天",
          // This midday and this morning ("ce midi", "este mediodía", "stamani", "vanmiddag").
          "ce midi", "este mediodía", "stamani", "vanmiddag",
          // Polish, Turkish and the Nordic languages.
          "dzisiaj", "dziś", "bugün", "idag", "i dag", "i morges", "i aften", "i kväll"], 0),
    ]

    private static let weekdays: [[String]] = [
        ["sunday", "on sun", "last sun", "domingo", "sonntag", "dimanche", "domenica", "zondag", "日曜", "日曜日"],
        ["monday", "mon", "lunes", "segunda", "montag", "lundi", "lunedì", "lunedi", "maandag", "月曜", "月曜日"],
        ["tuesday", "tue", "tues", "martes", "terça", "dienstag", "mardi", "martedì", "martedi", "dinsdag", "火曜", "火曜日"],
        ["wednesday", "wed", "miércoles", "miercoles", "quarta", "mittwoch", "mercredi", "mercoledì", "mercoledi",
         "woensdag", "水曜", "水曜日"],
        ["thursday", "thu", "thurs", "jueves", "quinta", "donnerstag", "jeudi", "giovedì", "giovedi", "donderdag",
         "木曜", "木曜日"],
        ["friday", "fri", "viernes", "sexta", "freitag", "vendredi", "venerdì", "venerdi", "vrijdag", "金曜", "金曜日"],
        ["saturday", "on sat", "last sat", "sábado", "sabado", "samstag", "samedi", "sabato", "zaterdag", "土曜", "土曜日"],
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

    /// Month names and their short forms, in the languages above.
    static let monthWords: Set<String> = Set(months.flatMap { $0 })

    /// True for a day run into its month, as banks write dates ("01DEC", "14Sep").
    static func isDayRunIntoMonth(_ token: Substring) -> Bool {
        let day = token.prefix(while: \.isNumber)
        return (1...2).contains(day.count) && monthWords.contains(token.dropFirst(day.count).lowercased())
    }

    /// Month and weekday names, and words of relative days (never part of a merchant's name).
    static let calendarWords: Set<String> = Set((months + weekdays).flatMap { $0 }).union(
        relativeWords.flatMap(\.0).filter { !$0.contains(" ") })

    private static let smallNumbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1, "dos": 2, "tres": 3,
        "cuatro": 4, "deux": 2, "trois": 3, "quatre": 4, "zwei": 2, "drei": 3, "vier": 4, "due": 2, "tre": 3,
        "dois": 2, "três": 3, "un": 1, "una": 1, "une": 1, "eine": 1, "einer": 1, "einem": 1, "um": 1, "uma": 1,
    ]

    /// "3 days ago", "two days ago", "3 days back", "a week ago", "hace 3 días", "il y a 2 jours",
    /// "vor 3 Tagen", "3 giorni fa", "há 2 dias", "3日前".
    private static func daysAgo(_ text: String) -> Int? {
        let tokens = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        func count(_ token: String) -> Int? { Int(token).flatMap { (1...31).contains($0) ? $0 : nil } ?? smallNumbers[token] }
        let dayWords: Set<String> = ["days", "day", "días", "dias", "día", "jours", "jour", "tagen", "tage", "giorni", "dagen"]
        let weekWords: Set<String> = ["week", "weeks", "semana", "semanas", "semaine", "semaines", "woche", "wochen",
                                      "settimana", "settimane", "weken"]
        for (index, token) in tokens.enumerated() where (dayWords.contains(token) || weekWords.contains(token)) && index > 0 {
            guard let number = count(tokens[index - 1]) else { continue }
            let next = index + 1 < tokens.count ? tokens[index + 1] : ""
            let before = index >= 2 ? tokens[index - 2] : ""
            let days = weekWords.contains(token) ? number * 7 : number
            if ["ago", "back", "fa", "geleden"].contains(next) || ["hace", "há", "ha", "vor", "a"].contains(before) { return days }
        }
        if let match = text.firstMatch(of: Patterns.daysAgoJapanese), let number = Int(match.1) { return number }
        return nil
    }

    /// "on the 2nd", "the 9th", "no dia 3", "el día 3": a day of the month alone.
    private static func ordinalDay(_ text: String) -> Int? {
        guard let match = text.firstMatch(of: Patterns.ordinalDay), let day = Int(match.1 ?? match.2 ?? match.3 ?? ""),
              (1...31).contains(day) else { return nil }
        return day
    }

    /// "11月7日".
    private static func kanjiMonthAndDay(_ text: String) -> (Int, Int)? {
        guard let match = text.firstMatch(of: Patterns.kanjiDate), let month = Int(match.1), let day = Int(match.2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (month, day)
    }

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

    /// `YYYY-MM-DD` of a date in UTC, read with the calendar that made it. (Not through the C
    /// library's `gmtime`, which counts Gregorian days back past 1582, where Foundation's calendar
    /// turns Julian: a date made by one and written by the other moved by up to ten days.)
    static func format(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Reads `YYYY-MM-DD` (UTC midnight, years 1 to 9999); nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...9999).contains(parts[0]) else { return nil }
        return make(parts[0], parts[1], parts[2], utcCalendar)
    }
}
