@testable import Ledger
import Guided
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
        // Flowers are goods bought as gifts, in the notes' languages; ice cream is food.
        ("roses for Ana 35", "shopping"), ("Blumen für Oma 18 €", "shopping"), ("Eis für die Kinder 6 €", "food"),
        // Hyphenated words count whole.
        ("two t-shirts 20", "shopping"),
        // Paid by the month, games and outings, fuel by the gallon, a day ticket.
        ("Tunecast 9.99/mo", "other"),
        ("mini golf with the kids, 3 rounds 27", "other"),
        ("Fuelco 12.1 gal 48.60", "travel"),
        ("dagkaart tram 9,00", "travel"),
        // Gas beside electricity is the household's supply; a room is a stay.
        ("Northgrid gas+electric for October 132.60", "other"),
        ("the room was 189 plus a 35 resort fee", "travel"),
        // A place written right before what was had there says only where; a ticket keeps its journey.
        ("hotel laundry 18.40", "other"),
        ("hotel breakfast for two 36", "food"),
        ("airport bus ticket 9", "travel"),
        // A visa is a government's fee.
        ("visa fee for the trip 25", "other"),
        // Bar food, cinema and lodging in the notes' other languages; a city's transit card.
        ("Caffè e cornetto al bar 2,80 €", "food"),
        ("Cinéma avec les enfants, 4 places à 9,50", "other"),
        ("ryokan in Kyoto 2 nights ¥38,000", "travel"),
        ("topped up my oyster card 30", "travel"),
        ("Konzertkarten für zwei 80 €", "other"), ("Frais de dossier 15 €", "other"),
        ("ferretería: tornillos y tacos 4,75", "shopping"), ("carga del coche eléctrico 14,30", "travel"),
        // Having eaten, in the notes' languages.
        ("Ayer comí en Casa Kestrel con mi hermana, 48 €", "food"), ("Ontem jantei no Sora com a equipe, R$ 210,00", "food"),
        ("Gisteren geluncht bij Halden, €18", "food"),
    ])
    func eachCategorysWordsSpeakForIt(note: String, category: String) {
        let evidence = CategoryRules.evidence(in: note)
        #expect(evidence.max { $0.value < $1.value }?.key == category, "\(evidence)")
    }

    @Test func aNoteWithoutCategoryWordsGivesNoEvidence() {
        #expect(CategoryRules.evidence(in: "Hollow Oak 23.40").isEmpty)
    }

    /// A word inside a phrase of another category speaks only for the phrase's ("cat food" is a
    /// pet's); a service done to goods speaks twice for `other`.
    @Test func phrasesHoldTheirWordsAndServicesOnGoodsWeighMore() {
        let pet = CategoryRules.evidence(in: "2 bags of cat food 31.50")
        #expect(pet["shopping"] == CategoryRules.evidenceWeight && pet["food"] == nil, "\(pet)")
        let repair = CategoryRules.evidence(in: "laptop hinge repair 89")
        #expect(repair["other"] == 2 * CategoryRules.evidenceWeight && repair["shopping"] == CategoryRules.evidenceWeight, "\(repair)")
        #expect(CategoryRules.category(for: "tailor hemmed two pairs of trousers 18") == .other)
    }

    /// Shipping, fees and a tip paid on top of goods do not make them a service; alone they do.
    /// A gift bought as an item is goods; a gift of money is not (LABELLING).
    @Test func aGiftIsGoodsUnlessItWasMoney() {
        #expect(CategoryRules.category(for: "birthday present for Ana from Brickhaus 35") == .shopping)
        #expect(CategoryRules.category(for: "leaving gift for Tomasz, 50 cash in a card") == .other)
    }

    @Test func addOnsSpeakOnlyWhenNothingElseDoes() {
        #expect(CategoryRules.category(for: "puzzle set from Brickhaus 79.99, shipping was another 6.95") == .shopping)
        #expect(CategoryRules.category(for: "shipping for the parcel to Oslo 14.30") == .other)
    }

    /// What a category holds, in Dutch, Polish, Turkish and the Nordic languages too.
    @Test(arguments: [
        ("obiad w Pierogarni Pod Lipą 64 zł", Category.food), ("kahve 95 TL", .food), ("koffie en broodjes 8,40", .food),
        ("bilety do kina 2 x 28 zł", .other), ("kapper 25 euro", .other), ("taksi havalimanı 450 TL", .travel),
        ("tåg till Uppsala 120 kr", .travel), ("książki 89 zł", .shopping), ("recarga del móvil 15 €", .other),
        ("Donated 20 to the food bank", .other), ("lift pass 3 days 165 CHF", .other),
    ])
    func categoriesInMoreLanguages(note: String, category: Category) {
        #expect(CategoryRules.category(for: note) == category, "\(CategoryRules.evidence(in: note))")
    }

    /// Brands everyone knows speak for what they sell; a brand inside a longer one counts for that.
    @Test(arguments: [
        ("Spotify 11.99", Category.other), ("uber home 18.40", .travel), ("Uber Eats order 23", .food),
        ("Amazon Prime renewal 8.99", .other), ("amazon order 12", .shopping), ("Ryanair 49.99 seat", .travel),
    ])
    func wellKnownBrandsSpeakForWhatTheySell(note: String, category: Category) {
        #expect(CategoryRules.category(for: note) == category, "\(CategoryRules.evidence(in: note))")
    }

    /// The category follows what was bought, not where or for which occasion: the place's words
    /// count only when nothing else names what was bought; what a ticket is for is what it bought.
    @Test(arguments: [
        ("bagel and juice at the airport 11.20", Category.food), ("travel adapter at the airport 12", .shopping),
        ("shoe repair near the hotel 15", .other), ("cab from the restaurant 22", .travel),
        ("crisps for the coach 3.10", .food), ("ticket for the train to Lyon 45", .travel),
        ("2 nights at the hotel 180", .travel), ("lunch at the hotel restaurant 26", .food),
    ])
    func whatWasBoughtOutweighsWhereItWasBought(note: String, category: Category) {
        #expect(CategoryRules.category(for: note) == category, "\(CategoryRules.evidence(in: note))")
    }

    /// A place's words are masked from the preposition past its articles, for up to three words
    /// that end at a number, a comma, "and" or another preposition.
    @Test func aPlaceEndsAtANumberACommaOrTheNextThingBought() {
        let words = "bagel at the airport food court, then tea and cake on the train 9".split(separator: " ", omittingEmptySubsequences: false)
        #expect(CategoryRules.maskingPlaces(words).joined(separator: " ") == "bagel at the _ _ _ then tea and cake on the _ 9")
    }

    @Test func moreWordsWeighMore() {
        let evidence = CategoryRules.evidence(in: "lunch and coffee 14")
        #expect(evidence["food"] == 2 * CategoryRules.evidenceWeight)
    }

    /// The model is asked for "services" where the ledger says "other"; an answer in the ledger's
    /// own word (a server that ignored the schema) reads the same.
    @Test func theModelsWordForOtherIsServices() throws {
        #expect(Category.other.modelWord == "services" && Category.food.modelWord == "food")
        #expect(Category(modelWord: "services") == .other && Category(modelWord: "other") == nil)
        for word in ["services", "other"] {
            let read = try ModelExpense(.object([("category", .string(word))]))
            #expect(read.category == .other)
        }
    }
}
