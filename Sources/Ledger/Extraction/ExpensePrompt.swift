import Guided

/// The few-shot prompt for the expense model. The examples are invented (none comes from the
/// evaluation data) and cover a meal, a ride, goods, a bank message and a note that is no expense.
enum ExpensePrompt {
    static let instructions = """
        Read each expense note and fill in the expense. merchant: the business or person paid, copied \
        from the note, or null. amount: the amount paid, or null if the note is not a payment. \
        category: food, travel, shopping or other. purpose: a few words on what it was for.
        """

    static let examples: [LanguageModelSession.Example] = [
        example("Pizza night at Da Michele with the design team 64.80",
                "Da Michele", "64.80", .food, "Team pizza dinner"),
        example("train to Rotterdam with NS 23,50 for the client visit",
                "NS", "23.50", .travel, "Train to client visit"),
        example("Card ending 4411 used for EUR 42.00 at FARMACIA CENTRAL on 02-03-2026. Avail bal EUR 310.55",
                "FARMACIA CENTRAL", "42.00", .other, "Pharmacy purchase"),
        example("new HDMI cable from Currys £12.99", "Currys", "12.99", .shopping, "HDMI cable"),
        example("remember to send Tom the invoice for the workshop", nil, nil, .other, "Reminder about invoice"),
    ]

    private static func example(_ note: String, _ merchant: String?, _ amount: String?, _ category: Category,
                                _ purpose: String) -> LanguageModelSession.Example {
        .init(input: note, output: .object([
            ("merchant", merchant.map(GeneratedContent.string) ?? .null),
            ("amount", amount.map(GeneratedContent.string) ?? .null),
            ("category", .string(category.rawValue)),
            ("purpose", .string(purpose)),
        ]))
    }
}
