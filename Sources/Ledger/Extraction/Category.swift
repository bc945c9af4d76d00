/// The four ledger categories.
public enum Category: String, CaseIterable, Sendable, Codable {
    /// Meals, coffee, groceries, snacks, drinks.
    case food
    /// Transport, taxis, fuel, parking, tolls, flights, trains, hotels.
    case travel
    /// Goods: electronics, clothes, office supplies, books, household items.
    case shopping
    /// Services, subscriptions, fees, utilities, health, gifts, donations, …
    case other
}

/// Keyword rules for the category, used only when the model is unavailable (the rules backend).
/// Forcing them over the model's calibrated choice lowered the check set (val 0.740 -> 0.728), so
/// the model path does not use them. General vocabulary only, no brand names.
enum CategoryRules {
    static let keywords: [(Category, [String])] = [
        (.travel, ["taxi", "cab", "ride", "bus", "train", "metro", "subway",
                   "tram", "ferry", "flight", "airline", "airport", "plane", "fare", "parking", "park", "toll",
                   "tolls", "fuel", "gas", "petrol", "diesel", "tankstelle", "gasolina", "hotel", "hostel",
                   "motel", "inn", "nights", "nächte", "noches", "rental", "car", "ticket", "bahn", "mileage", "visa fee",
                   "タクシー", "電車", "新幹線", "ホテル", "aeropuerto", "aeroport", "aéroport"]),
        (.food, ["lunch", "dinner", "breakfast", "brunch", "coffee", "cofee", "café", "cafe", "espresso", "latte",
                 "tea", "restaurant", "bar", "beer", "beers", "wine", "drinks", "pizza", "burger", "sushi", "snack",
                 "snacks", "groceries", "grocery", "supermarket", "bakery", "bäckerei", "croissant", "croissants",
                 "meal", "meals", "food", "eats", "déjeuner", "dîner", "almoço", "jantar", "cena", "comida",
                 "almuerzo", "mittagessen", "abendessen", "kaffee", "brezeln", "buffet", "minibar", "bill",
                 "table", "compra", "コーヒー", "ランチ"]),
        (.shopping, ["laptop", "phone case", "charger", "chargeur", "cable", "câble", "usb", "monitor", "keyboard",
                     "mouse", "headphones", "airpods", "shoes", "shirt", "jacket", "clothes", "books", "book",
                     "paper", "toner", "printer", "markers", "notes", "supplies", "shelves", "lamp", "desk",
                     "chair", "mug", "cord", "furniture", "electronics", "gift card", "store"]),
        (.other, ["subscription", "membership", "gym", "plan", "renewed", "electricity", "water",
                  "internet", "phone bill", "recharge", "insurance", "dentist", "doctor", "pharmacy", "medicine",
                  "copay", "donation", "gift", "fee", "fees", "shipping", "postage", "cleaning", "laundry",
                  "haircut", "plumber", "repair", "babysitting", "coworking", "conference", "license", "cloud",
                  "software", "tip", "tipped"]),
    ]

    /// Per category: single words (matched against the note's words) and phrases or words of
    /// scripts without spaces (searched in the text). Split once.
    private static let lookup: [(Category, words: Set<String>, phrases: [String])] = keywords.map { category, list in
        let isPhrase: (String) -> Bool = { keyword in
            keyword.unicodeScalars.contains { $0 == " " || $0.value > 0x2E80 }
        }
        return (category, Set(list.filter { !isPhrase($0) }), list.filter(isPhrase))
    }

    /// The category with the most keyword hits in `note`; nil when none match.
    static func category(for note: String) -> Category? {
        let text = note.lowercased()
        let searchable = SearchableText(text)
        let words = Set(text.split(whereSeparator: { !$0.isLetter }).map(String.init))
        var best: (Category, Int)?
        for (category, keywordWords, phrases) in lookup {
            let hits = keywordWords.intersection(words).count + phrases.filter { searchable.contains($0) }.count
            if hits > 0 && hits > (best?.1 ?? 0) { best = (category, hits) }
        }
        return best?.0
    }
}
