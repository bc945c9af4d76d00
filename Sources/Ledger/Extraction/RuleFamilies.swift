import Foundation

/// The families of rules the extractor applies, each of which can be switched off to measure
/// what it adds: `NOTELEDGER_RULES_OFF=amount-arithmetic,number-words` (the benchmark's ablation
/// table). Read once per process; meant for measuring, not for use.
public struct RuleFamilies: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The model's category divided by its content-free prior (`ChoiceCalibration`).
    public static let categoryCalibration = RuleFamilies(rawValue: 1 << 0)
    /// In bank messages, the payee where banks put it ("at X", "paid to X", a payee line), forced.
    public static let introducedMerchant = RuleFamilies(rawValue: 1 << 1)
    /// Roles of numbers and their arithmetic: add-ons, unit prices, change, totals, shares (`AmountRoles`).
    public static let amountArithmetic = RuleFamilies(rawValue: 1 << 2)
    /// Amounts written in words (`NumberWords`).
    public static let numberWords = RuleFamilies(rawValue: 1 << 3)
    /// Cue tables for notes that are no expense (`ExpenseSignals`).
    public static let nonExpenseCues = RuleFamilies(rawValue: 1 << 4)
    /// Balance, limit and available-amount words in bank messages.
    public static let balanceWords = RuleFamilies(rawValue: 1 << 5)
    /// Dates counted back or given by day alone ("3 days ago", "on the 9th", "no dia 3", "11月7日").
    public static let relativeDates = RuleFamilies(rawValue: 1 << 6)
    /// Merchant spans shaped like names: none starts inside a run of capitals, holds a place a
    /// journey goes to, or starts or ends in a joining word (`MerchantSpans`).
    public static let merchantShape = RuleFamilies(rawValue: 1 << 7)
    /// A trade, role or generic place the model copied as the merchant is no name (`MerchantLexicon`).
    public static let genericMerchants = RuleFamilies(rawValue: 1 << 8)
    /// Category keywords weighed as evidence beside the model's calibrated choice (`CategoryRules`).
    public static let categoryKeywords = RuleFamilies(rawValue: 1 << 9)

    /// Tips, taxes and discounts written in percent ("15% tip", "25% off"), applied to the price.
    public static let percentages = RuleFamilies(rawValue: 1 << 10)

    /// A description of one place ("the crêpe cart on Quay Street") taken whole when the model copied
    /// a piece of it (`DescriptiveNames`).
    public static let descriptiveNames = RuleFamilies(rawValue: 1 << 11)

    /// Brands known the world over, by what they sell, as category evidence (`BrandLexicon`).
    public static let brandLexicon = RuleFamilies(rawValue: 1 << 12)

    /// A written note all in capitals read in lower case, its merchant copied back as written
    /// (`ExpenseExtractor.foldedShouting`).
    public static let capitalsFolding = RuleFamilies(rawValue: 1 << 13)

    public static let all: RuleFamilies = [.categoryCalibration, .introducedMerchant, .amountArithmetic, .numberWords,
                                           .nonExpenseCues, .balanceWords, .relativeDates, .merchantShape, .genericMerchants,
                                           .categoryKeywords, .percentages,
                                           .descriptiveNames, .brandLexicon, .capitalsFolding]

    /// The names used in `NOTELEDGER_RULES_OFF`.
    public static let names: [(String, RuleFamilies)] = [
        ("category-calibration", .categoryCalibration), ("introduced-merchant", .introducedMerchant),
        ("amount-arithmetic", .amountArithmetic), ("number-words", .numberWords), ("non-expense-cues", .nonExpenseCues),
        ("balance-words", .balanceWords), ("relative-dates", .relativeDates), ("merchant-shape", .merchantShape),
        ("generic-merchants", .genericMerchants), ("category-keywords", .categoryKeywords), ("percentages", .percentages),
        ("descriptive-names", .descriptiveNames), ("brand-lexicon", .brandLexicon), ("capitals-folding", .capitalsFolding),
    ]

    /// Every family except those named in `list` (comma-separated); nil names an unknown family.
    public init?(switchingOff list: String) {
        var families = RuleFamilies.all
        for name in list.split(separator: ",").map({ $0.trimming(" ") }) where !name.isEmpty {
            guard let family = Self.names.first(where: { $0.0 == name })?.1 else { return nil }
            families.remove(family)
        }
        self = families
    }

    /// The families in use: all, unless `NOTELEDGER_RULES_OFF` switches some off (unknown names are ignored;
    /// the command line warns about them).
    public static let active: RuleFamilies = ProcessInfo.processInfo.environment["NOTELEDGER_RULES_OFF"]
        .flatMap(RuleFamilies.init(switchingOff:)) ?? .all
}
