/// Brands known the world over, by what they sell: evidence for the category when a note names
/// only the brand ("Tunecast 9.99" says nothing a small model knows; "Spotify 11.99" does to anyone).
///
/// A general lexicon written from common knowledge of the largest chains, platforms, carriers and
/// subscriptions in several countries, not from the labelled notes: a brand whose trade is mixed
/// (a department store, a hypermarket) is left out, and so is one whose name in a note would more
/// often mean something else ("Subway" a train, "Target", "Bolt", "Total"); names such as "Shell" or
/// "Zoom", which in a note of money spent are nearly always the brand, stay. Only weighed while
/// `category-keywords` is on (the evidence goes in with the words). Matched as whole words, case-insensitively; a brand
/// inside another entry's phrase counts for that entry only ("Uber Eats" is food, "Amazon Prime" a
/// subscription).
enum BrandLexicon {
    static let brands: [(Category, [String])] = [
        (.food, ["starbucks", "mcdonald's", "mcdonalds", "burger king", "kfc", "domino's", "dominos", "pizza hut",
                 "costa coffee", "pret a manger", "tim hortons", "dunkin", "dunkin'", "chipotle", "nando's", "five guys",
                 "wendy's", "taco bell", "popeyes", "chick-fil-a", "panera", "shake shack", "deliveroo", "uber eats",
                 "ubereats", "doordash", "grubhub", "just eat", "glovo", "wolt", "lieferando", "foodpanda", "swiggy",
                 "zomato", "lidl", "aldi", "whole foods", "carrefour", "mercadona", "edeka", "rewe", "sainsbury's",
                 "waitrose", "tesco", "asda", "morrisons", "kroger", "safeway", "publix", "7-eleven", "albert heijn",
                 "auchan", "migros", "biedronka", "oxxo"]),
        (.travel, ["uber", "lyft", "didi", "cabify", "blablacar", "flixbus", "greyhound", "megabus", "amtrak", "eurostar",
                   "deutsche bahn", "sncf", "trenitalia", "renfe", "ouigo", "ryanair", "easyjet", "wizz air", "lufthansa",
                   "delta", "united airlines", "american airlines", "southwest", "jetblue", "emirates", "qatar airways",
                   "klm", "air france", "british airways", "iberia", "vueling", "turkish airlines", "airbnb", "booking.com",
                   "expedia", "hotels.com", "marriott", "hilton", "hyatt", "ibis", "holiday inn", "premier inn", "travelodge",
                   "hertz", "avis", "sixt", "europcar", "shell", "esso", "chevron", "exxon", "texaco", "aral", "repsol",
                   "circle k", "tfl"]),
        (.shopping, ["amazon", "ikea", "zara", "h&m", "uniqlo", "primark", "decathlon", "mediamarkt", "media markt",
                     "best buy", "apple store", "currys", "argos", "ebay", "aliexpress", "shein", "temu", "nike",
                     "adidas", "levi's", "sephora", "fnac", "leroy merlin", "lowe's"]),
        (.other, ["netflix", "spotify", "disney+", "disney plus", "hulu", "hbo max", "youtube premium", "apple music",
                  "apple tv+", "icloud", "icloud+", "dropbox", "adobe", "microsoft 365", "office 365", "google one", "zoom",
                  "slack", "notion", "chatgpt", "patreon", "audible", "kindle unlimited", "game pass", "playstation plus",
                  "amazon prime", "prime video", "paramount+", "duolingo", "headspace", "vodafone", "t-mobile", "verizon",
                  "at&t", "comcast", "xfinity", "planet fitness", "puregym", "anytime fitness", "wework", "regus", "dhl",
                  "fedex", "royal mail", "usps"]),
    ]

    /// Apps that take orders for restaurants and charge the card themselves: named beside the
    /// restaurant ("<app> order from <restaurant>"), the app is who was paid (LABELLING: the
    /// company that charged).
    static let deliveryApps: Set<String> = ["deliveroo", "uber eats", "ubereats", "doordash", "grubhub", "just eat", "glovo",
                                            "wolt", "lieferando", "foodpanda", "swiggy", "zomato"]

    /// Per category, how many brands `text` (lowercased) names; a brand inside another named one
    /// ("uber" in "uber eats") does not count.
    static func hits(in text: SearchableText) -> [Category: Int] {
        var counts: [Category: Int] = [:]
        for (category, _) in named(in: text) { counts[category, default: 0] += 1 }
        return counts
    }

    /// The brands `text` (lowercased) names, lowercased, with what they sell; a brand inside
    /// another named one does not count.
    static func named(in text: SearchableText) -> [(Category, String)] {
        let named = brands.flatMap { category, names in names.filter { text.contains($0, wholeWord: true) }.map { (category, $0) } }
        return named.filter { _, name in !named.contains(where: { $0.1 != name && $0.1.contains(name) }) }
    }
}
