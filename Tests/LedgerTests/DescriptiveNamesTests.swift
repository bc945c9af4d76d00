@testable import Ledger
import Testing

/// Descriptions of one place, taken whole. Every note here is invented.
@Suite struct DescriptiveNamesTests {
    @Test(arguments: [
        ("bagels from the deli on Grove, 9.40", "the deli on Grove"),
        ("soup at the little cafe near the office 6.80", "the little cafe near the office"),
        ("kebab from the van outside the station £7", "the van outside"),
        ("wings at the sports bar next to the cinema 18", "the sports bar next to the cinema"),
        ("the Thai place downstairs 12.50", "the Thai place downstairs"),
        ("pastries from the corner kiosk 5.60", "the corner kiosk"),
        ("flowers from the stall on Rue Cler 15 €", "the stall on Rue Cler"),
        ("coffee at the kiosk by the lake for 3.10", "the kiosk by the lake"),
    ])
    func aDescriptionIsTakenWhole(note: String, expected: String) {
        #expect(DescriptiveNames.phrase(in: note) == expected)
    }

    @Test(arguments: [
        "snacks from the shop 4.20",              // "the shop" alone names no one
        "paid the plumber 120",                  // a trade, not a place
        "Lunch at Nordhaus Deli, 14.50",          // a name, no description
        "the shop, 12 on the card",              // punctuation ends it before anything says which shop
    ])
    func noDescription(note: String) {
        #expect(DescriptiveNames.phrase(in: note) == nil)
    }
}
