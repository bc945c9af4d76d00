import Guided

/// The few-shot prompt for the expense model. The examples are invented (no name or note comes
/// from the evaluation data): two per category, written notes and a bank message. They show
/// exactly the fields the model is asked for, in the order it writes them (an example with a
/// field the grammar then forbids teaches the model to want it).
enum ExpensePrompt {
    static let instructions = """
        Read each expense note and fill in the expense. merchant: the business or person paid, copied \
        from the note, or null. purpose: a few words on what was bought. category: food (meals, drinks, \
        coffee, groceries, snacks), travel (transport, taxis, trains, flights, fuel, parking, hotels), \
        shopping (goods: clothes, electronics, household items, books, tools, presents) or services (bills, \
        subscriptions, health, fees, tickets, repairs).
        """

    struct Example {
        let note: String
        let merchant: String?
        let category: Category
        let purpose: String
    }

    static let notes: [Example] = [
        Example(note: "Pizza night at Da Michele with the design team 64.80", merchant: "Da Michele",
                category: .food, purpose: "Team pizza dinner"),
        Example(note: "train to Rotterdam with NS 23,50 for the client visit", merchant: "NS",
                category: .travel, purpose: "Train to client visit"),
        Example(note: "new HDMI cable and a mouse from Elektro Nord 31.98", merchant: "Elektro Nord",
                category: .shopping, purpose: "HDMI cable and mouse"),
        Example(note: "Card ending 4411 used for EUR 42.00 at FARMACIA CENTRAL on 02-03-2026. Avail bal EUR 310.55",
                merchant: "FARMACIA CENTRAL", category: .other, purpose: "Pharmacy purchase"),
        Example(note: "garage parking near the venue 14 yesterday", merchant: nil,
                category: .travel, purpose: "Parking"),
        Example(note: "oat milk, bread and apples at Kowalski Market 11.40", merchant: "Kowalski Market",
                category: .food, purpose: "Groceries"),
        Example(note: "StreamBox monthly plan renewed, 12.99", merchant: "StreamBox",
                category: .other, purpose: "Streaming subscription"),
        Example(note: "winter boots for the kids, 2 pairs 79.90", merchant: nil,
                category: .shopping, purpose: "Winter boots for kids"),
        Example(note: "2 nights at Pension Alma in Graz, 178 €", merchant: "Pension Alma",
                category: .travel, purpose: "Hotel stay in Graz"),
        Example(note: "haircut at Salon Vera 28 plus 4 tip", merchant: "Salon Vera",
                category: .other, purpose: "Haircut"),
        Example(note: "2 flat whites and a muffin 9.20 this morning", merchant: nil,
                category: .food, purpose: "Coffee and muffin"),
        Example(note: "paint, rollers and screws at Baumarkt Keller 23.45", merchant: "Baumarkt Keller",
                category: .shopping, purpose: "Paint and hardware"),
        Example(note: "bank charged me a 15 overdraft fee", merchant: nil,
                category: .other, purpose: "Overdraft fee"),
        Example(note: "filled up the tank at Petro Nord, 61.30", merchant: "Petro Nord",
                category: .travel, purpose: "Fuel"),
        Example(note: "a desk lamp for the home office, 34.99 from Lumen & Co", merchant: "Lumen & Co",
                category: .shopping, purpose: "Desk lamp"),
        Example(note: "Spent INR 640 at SPICE ROUTE KITCHEN on card XX1234", merchant: "SPICE ROUTE KITCHEN",
                category: .food, purpose: "Restaurant meal"),
        Example(note: "paid Marta 60 for walking the dog this week", merchant: "Marta",
                category: .other, purpose: "Dog walking"),
    ]

    /// The examples as the session shows them, with the fields of `order` that the schema asks.
    static func examples(order: [String]) -> [LanguageModelSession.Example] {
        notes.map { example in
            let values: [String: GeneratedContent] = [
                "merchant": example.merchant.map(GeneratedContent.string) ?? .null,
                "category": .string(example.category.modelWord),
                "purpose": .string(example.purpose),
            ]
            return .init(input: example.note, output: .object(order.compactMap { field in values[field].map { (field, $0) } }))
        }
    }
}
