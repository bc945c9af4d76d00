@testable import Ledger
import Testing

/// Category words as evidence beside the model (invented notes).
@Suite struct CategoryRulesTests {
    @Test(arguments: [
        ("pints and chips at the Hollow Oak 23.40", "food"),
        ("e-bike rental for the afternoon 12", "travel"),
        ("two notebooks and pens 8.90", "shopping"),
        ("cinema tickets for Friday 21", "other"),
        ("Zahnarzt Kontrolle 60 €", "other"),
        ("biglietto treno Bologna 14,50", "travel"),
        // A bike or a car is no journey: what is bought for it is goods, what is done to it a service.
        ("bike lights and a lock 38", "shopping"),
        ("car MOT and servicing 140", "other"),
        ("car hire for the weekend 95", "travel"),
        ("a frying pan and a yoga mat 41", "shopping"),
        // Hyphenated words count whole.
        ("two t-shirts 20", "shopping"),
    ])
    func eachCategorysWordsSpeakForIt(note: String, category: String) {
        let evidence = CategoryRules.evidence(in: note)
        #expect(evidence.max { $0.value < $1.value }?.key == category, "\(evidence)")
    }

    @Test func aNoteWithoutCategoryWordsGivesNoEvidence() {
        #expect(CategoryRules.evidence(in: "Hollow Oak 23.40").isEmpty)
    }

    @Test func moreWordsWeighMore() {
        let evidence = CategoryRules.evidence(in: "lunch and coffee 14")
        #expect(evidence["food"] == 2 * CategoryRules.evidenceWeight)
    }
}
