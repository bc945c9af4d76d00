import Foundation
@testable import Ledger
import Testing

@Suite struct DateResolverTests {
    /// Friday 20 November 2026.
    let received = DateResolver.parse("2026-11-20")

    @Test(arguments: [
        ("taxi yesterday 12", "2026-11-19"), ("café hier 4,50", "2026-11-19"), ("almuerzo ayer", "2026-11-19"),
        ("gestern Tanken", "2026-11-19"), ("昨日 タクシー", "2026-11-19"), ("paid today", "2026-11-20"),
        ("coffee this morning", "2026-11-20"), ("lunch on Nov 3", "2026-11-03"), ("3 November dinner", "2026-11-03"),
        ("groceries 3/11", "2026-11-03"), ("hotel 11/23", "2025-11-23"), ("Tuesday train", "2026-11-17"),
        ("last friday cinema", "2026-11-13"), ("invoice 2026-06-14", "2026-06-14"), ("gift Dec 28", "2025-12-28"),
        ("3 days ago cinema", "2026-11-17"), ("two days ago parking", "2026-11-18"), ("hace 2 días taxi", "2026-11-18"),
        ("il y a 3 jours", "2026-11-17"), ("vor 2 Tagen Tanken", "2026-11-18"), ("4 giorni fa", "2026-11-16"),
        ("3日前 ランチ", "2026-11-17"), ("pub last night", "2026-11-19"), ("croissant ce matin", "2026-11-20"),
        ("cena anoche", "2026-11-19"), ("Friday lunch", "2026-11-13"), ("dagkaart maandag", "2026-11-16"),
        ("pranzo giovedì", "2026-11-19"), ("charged on the 2nd", "2026-11-02"), ("on the 25th", "2026-10-25"),
        ("11月7日 ホテル", "2026-11-07"), ("dinner 60 a week ago", "2026-11-13"), ("lunch 12 3 days back", "2026-11-17"),
        ("hace una semana cena", "2026-11-13"), ("vor einer Woche Kino", "2026-11-13"), ("two weeks ago gym", "2026-11-06"),
        // Both readings of a numeric date valid: the more recent one on or before the received day.
        ("dinner 40 on 11/3", "2026-11-03"), ("taxi 2/10", "2026-10-02"), ("hotel 200 on 11/03/2026", "2026-11-03"),
        ("Tanken 60 am 3.11.", "2026-11-03"), ("Essen 25, 03.11.", "2026-11-03"), ("lunch 15 yday", "2026-11-19"),
        ("train 30 on 18.11.", "2026-11-18"), ("Taxi 18 den 3.11.", "2026-11-03"),
        ("drinks last nite", "2026-11-19"), ("dinner 45 on sat", "2026-11-14"),
        ("pranzo l'altro ieri", "2026-11-18"), ("jantar no dia 3", "2026-11-03"), ("cena el día 12", "2026-11-12"),
        ("déjeuner 12,40 ce midi", "2026-11-20"), ("obiad wczoraj 64 zł", "2026-11-19"), ("kahve bugün 95 TL", "2026-11-20"),
        ("middag i går 340 kr", "2026-11-19"),
        // A day of the month after its weekday, abbreviated or not.
        ("Sat 14th: brunch 31", "2026-11-14"), ("Tue 3rd, taxi 12", "2026-11-03"), ("Wednesday 18th parking 4", "2026-11-18"),
        // Not a count after the weekday.
        ("Friday 3 drinks 24", "2026-11-13"),
    ])
    func resolvesAgainstTheReceivedDay(note: String, expected: String) {
        #expect(DateResolver.resolve(note, received: received) == expected, "\(note)")
    }

    @Test func aNoteWithoutADateHasNone() {
        #expect(DateResolver.resolve("uber 23,10 airport", received: received) == nil)
        #expect(DateResolver.resolve("taxi yesterday", received: nil) == nil)
        // A price closing a sentence is no day and month.
        #expect(DateResolver.resolve("Kaffee 3.05.", received: received) == nil)
        #expect(DateResolver.resolve("we sat at the bar, 30", received: received) == nil)
    }
}
