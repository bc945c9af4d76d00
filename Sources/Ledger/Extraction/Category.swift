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

    /// The word the model writes for the category. "other" says nothing of what it holds; the
    /// model reads "services" as the services, fees and subscriptions the category is mostly made of.
    var modelWord: String { self == .other ? "services" : rawValue }

    init?(modelWord: String) {
        guard let category = Category.allCases.first(where: { $0.modelWord == modelWord }) else { return nil }
        self = category
    }
}

/// Keyword rules for the category: the rules backend's choice, and evidence beside the model's
/// calibrated choice (`evidence(in:)`). Forcing them over the model lowered the check set (val
/// 0.740 -> 0.728); weighed as evidence they raise it. General vocabulary only, no brand names.
enum CategoryRules {
    /// Words for what each category holds (LABELLING's definitions), in several languages.
    static let keywords: [(Category, [String])] = [
        (.travel, ["taxi", "cab", "ride", "rideshare", "bus", "train", "metro", "subway", "tram", "ferry", "flight",
                   "airline", "airport", "plane", "fare", "parking", "park", "toll", "tolls", "fuel", "gas", "petrol",
                   "diesel", "charging", "kwh", "scooter", "tankstelle", "gasolina",
                   "benzina", "benzin", "essence", "carburant", "peaje", "péage", "maut", "pedaggio", "hotel", "hôtel",
                   "hostel", "motel", "inn", "lodging", "nights", "nächte", "noches", "nuits", "notti", "noites",
                   "rental", "car rental", "car hire", "rental car", "hire car", "bike share", "bike hire", "bikeshare",
                   "e-bike", "bahn", "zug", "tren", "treno", "trem", "comboio", "vuelo", "volo", "voo", "vol",
                   "flug", "mileage", "baggage", "checked bag", "boarding",
                   "タクシー", "電車", "新幹線", "ホテル", "aeropuerto", "aeroport", "aéroport", "aeroporto", "flughafen",
                   "shuttle", "coach", "boat", "e-scooter", "tuk-tuk", "tuktuk", "rickshaw", "matatu", "jeepney", "minibus", "carpark", "car park", "parkhaus", "parken", "tanken",
                   "mietwagen", "übernachtung", "fahrkarte", "aparcamiento", "estacionamiento", "billete", "passagem",
                   "estacionamento", "combustível", "pedágio", "parcheggio", "guesthouse", "b&b", "campsite", "camping",
                   "resort", "lodge", "tube", "underground", "u-bahn", "s-bahn", "cable car", "transit", "airfare",
                   "駐車", "バス", "ガソリン", "航空券",
                   // Fuel by the gallon, day tickets for transit in more languages.
                   "room", "gal", "gallon", "gallons", "dagkaart", "tageskarte", "tagesticket", "fahrschein", "monatskarte",
                   "abono transporte", "bonobús", "navigo", "billet de train", "biglietto del treno", "bilhete de comboio",
                   // Cities' transit smart cards, topped up for fares.
                   "oyster card", "opal card", "clipper card", "presto card", "octopus card", "leap card", "myki",
                   "suica", "pasmo", "ov-chipkaart",
                   // Kinds of lodging and train named in their own language.
                   "ryokan", "riad", "pousada", "albergue", "agriturismo", "gîte", "shinkansen",
                   // An electric car charged, in the notes' other languages.
                   "ladesäule", "ladestation", "borne de recharge", "carga del coche", "recarga del coche",
                   "recarga do carro", "ricarica auto", "colonnina",
                   // Transport in Dutch, Polish, Turkish and the Nordic languages.
                   "trein", "tankstation", "benzine", "parkeren", "vlucht", "pociąg", "paliwo", "taksówka", "lotnisko",
                   "taksi", "otobüs", "uçak", "otopark", "havalimanı", "tåg", "bensin", "parkering", "flyg", "flyget"]),
        (.food, ["lunch", "dinner", "breakfast", "brunch", "coffee", "cofee", "café", "cafe", "espresso", "latte",
                 "tea", "restaurant", "bar", "tab", "pub", "pint", "pints", "cocktail", "cocktails", "beer", "beers",
                 "wine", "drinks", "pizza", "burger", "sushi", "ramen", "noodles", "tacos", "sandwich", "bagel",
                 "pastry", "cake", "ice cream", "juice", "smoothie", "takeaway", "takeout", "snack", "snacks",
                 "groceries", "grocery", "supermarket", "bakery", "bäckerei", "boulangerie", "panadería", "padaria",
                 "croissant", "croissants", "meal", "meals", "meal kit", "catering", "food", "eats", "déjeuner",
                 "dîner", "almoço", "jantar", "cena", "comida", "almuerzo", "desayuno", "pranzo",
                 "colazione", "mittagessen", "abendessen", "frühstück", "kaffee", "bier", "cerveza", "birra",
                 "cerveja", "vino", "lebensmittel", "supermercado", "spesa", "épicerie", "restaurante",
                 "ristorante", "brezeln", "buffet", "minibar", "bill", "table", "compra", "コーヒー", "ランチ",
                 "donut", "doughnut", "bagels", "burrito", "kebab", "döner", "falafel", "curry", "dumplings", "pastries",
                 "muffin", "scone", "cookies", "chocolate", "sweets", "crisps", "fruit", "vegetables", "milk", "bread",
                 "eggs", "cheese", "salad", "soup", "wings", "fries", "boba", "bubble tea", "matcha", "cappuccino",
                 "flat white", "mocha", "americano", "prosecco", "champagne", "cider", "whisky", "gin", "happy hour",
                 "tapas", "bistro", "canteen", "cafeteria", "deli", "diner", "chippy", "pizzeria", "brötchen", "kuchen",
                 "imbiss", "wein", "wocheneinkauf", "baguette", "apéritif", "apéro", "courses", "cañas", "menú del día",
                 "pão", "lanche", "gelato", "eis", "helado", "glace", "sorvete", "ijsje", "aperitivo", "ラーメン", "寿司", "弁当", "居酒屋", "room service",
                 // Bar food and staples in the notes' other languages.
                 "caffè", "caffe", "cornetto", "cornetti", "panino", "panini", "tramezzino", "bocadillo", "churros",
                 "pane", "brot", "milch", "leche", "lait", "fruta", "frutas", "legumes", "verduras", "obst", "gemüse",
                 "légumes",
                 // Meals, coffee and groceries in Dutch, Polish, Turkish and the Nordic languages.
                 "ontbijt", "avondeten", "koffie", "bakker", "broodjes", "obiad", "kolacja", "śniadanie", "kawa",
                 "piekarnia", "restauracja", "kahve", "yemek", "kahvaltı", "çay", "lokanta", "fika", "kaffe", "middag",
                 "frukost", "frokost", "matvaror", "dagligvarer",
                 // Having eaten, in the notes' languages ("comí en …", "on a dîné chez …").
                 "ate", "dined", "comí", "comimos", "cené", "cenamos", "almorcé", "almorzamos", "desayuné", "jantei",
                 "jantamos", "almocei", "almoçamos", "mangé", "dîné", "déjeuné", "gegessen", "gefrühstückt",
                 "mangiato", "cenato", "pranzato", "gegeten", "geluncht",
                 // Cakes and coffee beans bought at a bakery or roaster.
                 "torte", "tarte", "tarta", "gâteau", "bohnen", "kaffeebohnen", "coffee beans"]),
        (.shopping, ["laptop", "phone case", "charger", "chargeur", "cable", "câble", "usb", "monitor", "keyboard",
                     "mouse", "headphones", "airpods", "ssd", "hard drive", "tablet", "ink", "cartridge", "shoes",
                     "sneakers", "socks", "shirt", "jacket", "coat", "dress", "jeans", "trousers", "pyjamas",
                     "pjs", "clothes", "books", "book", "notebook", "notebooks", "pens", "paper", "toner", "printer",
                     "markers", "notes", "supplies", "shelves", "lamp", "desk", "chair", "mug", "cord", "furniture",
                     "pillows", "towels", "bedding", "vase", "flowers", "bouquet", "gift", "gifts", "present", "presents", "toy", "toys", "shampoo", "soap",
                     "moisturizer", "cosmetics", "makeup", "paint", "brushes", "roller", "glue", "wrapping paper",
                     "mulch", "plants", "dog bed", "cat food", "dog food", "pet food", "litter", "electronics",
                     "gift card", "store", "kleidung", "schuhe", "farbe", "ropa", "zapatos", "pintura", "vêtements",
                     "chaussures", "peinture", "vestiti", "scarpe", "roupa", "sapatos", "verf", "libro", "livre",
                     "buch", "livro",
                     "lego", "jumper", "sweater", "hoodie", "t-shirt", "scarf", "gloves", "sandals", "trainers",
                     "umbrella", "backpack", "wallet", "sunglasses", "jewellery", "jewelry", "earrings", "necklace",
                     "perfume", "candle", "candles", "picture frame", "rug", "curtains", "duvet", "pillow", "cushion",
                     "plates", "cutlery", "kettle", "toaster", "blender", "vacuum", "hoover", "heater", "light bulbs",
                     "batteries", "adapter", "hdmi", "speaker", "earbuds", "camera", "tripod", "drill", "screws",
                     "hammer", "tools", "stationery", "envelopes", "planner", "puzzle", "board game", "stroller",
                     "nappies", "diapers", "leash", "seeds", "compost", "jacke", "pullover", "hemd", "socken", "lampe",
                     "kabel", "ladegerät", "spielzeug", "chemise", "chaussettes", "jouet", "camiseta", "calcetines",
                     "lámpara", "juguete", "cargador", "meias", "brinquedo", "carregador", "calzini", "giocattolo",
                     "caricatore",
                     // Things for the home, garden, bike and travel, bought to keep (a bike or car itself
                     // is no journey: "bike lights and a lock" are goods, "bike service" a service).
                     "mat", "yoga mat", "bath mat", "frying pan", "saucepan", "pans", "suitcase", "hair dryer",
                     "hairdryer", "baby bottles", "watering can", "secateurs", "hose", "lawnmower", "bike lights",
                     "bike lock", "helmet", "mattress", "towel", "torch", "flashlight", "frames", "decorations",
                     "raincoat", "uniform", "tights", "leggings", "sheets", "hangers", "storage boxes", "kwasten",
                     "pinsel", "pinceaux", "pinceles", "kalender", "calendar",
                     // Hardware in the notes' other languages.
                     "ferretería", "ferramenta", "quincaillerie", "baumarkt", "tornillos", "schrauben", "vis", "parafusos",
                     "hardware store", "screws", "drill bits",
                     // Books, clothes and shoes in more languages.
                     "livres", "libros", "libri", "livros", "bücher", "boeken", "książki", "kitap", "böcker", "kleding",
                     "schoenen", "ubrania", "buty", "kıyafet", "ayakkabı", "kläder", "skor",
                     // Flowers (gifts bought as items) and records, in the notes' languages.
                     "florist", "roses", "tulips", "fleurs", "blumen", "flores", "fiori", "bloemen", "vinyl", "records"]),
        (.other, ["subscription", "membership", "gym", "plan", "renewed", "autopay", "electricity", "electric",
                  "utility", "utilities", "water", "internet", "phone bill", "recharge", "insurance", "rent",
                  "dentist", "doctor", "physio", "therapy", "massage", "vet", "pharmacy", "medicine", "copay",
                  "donation", "charity", "donated", "donate", "fundraiser", "cash gift", "gift card", "gift voucher", "voucher", "cash in a card", "cash in the card",
                  "money in a card", "in an envelope", "fee", "fees", "atm", "shipping", "postage", "parcel", "cleaning",
                  "dry cleaning", "laundry", "alterations", "haircut", "plumber", "repair", "babysitting",
                  "coworking", "conference", "license", "cloud", "software", "streaming", "tip", "tipped",
                  "ticket", "tickets", "concert", "admission", "museum", "cinema", "movie", "kino", "lesson",
                  "lessons", "tuition", "abonnement", "abo", "suscripción", "assinatura", "mensalidade", "cuota",
                  "versicherung", "seguro", "assurance", "assicurazione", "miete", "alquiler", "loyer", "affitto",
                  "aluguel", "arzt", "zahnarzt", "médico", "médecin", "dentista", "farmacia", "apotheke",
                  "pharmacie", "farmácia", "friseur", "haarschnitt", "coiffeur", "peluquería", "parrucchiere", "cabeleireiro",
                  "prescription", "clinic", "optician", "yoga", "pilates", "course", "workshop", "exam", "fine",
                  "penalty", "council tax", "gas bill", "water bill", "broadband", "wifi", "top up", "top-up",
                  "hosting", "domain", "vpn", "babysitter", "nanny", "cleaner", "tailor", "locksmith", "electrician",
                  "mechanic", "car wash", "mortgage", "bank fee", "manicure", "spa", "theatre", "theater", "zoo",
                  "festival", "gig", "bowling", "escape room", "karaoke", "audiobook", "courier", "postage stamps",
                  "stamps", "kurs", "werkstatt", "reparatur", "reinigung", "cours", "réparation", "curso", "reparación",
                  "conserto", "corso", "riparazione", "haarschnitt", "impfung", "vaccination", "vaccine", "beitrag",
                  "monatsbeitrag", "mitgliedsbeitrag", "jahresbeitrag",
                  // Vehicle and household services, documents.
                  "mot", "servicing", "tune-up", "oil change", "car service", "bike service", "boiler service",
                  "passport", "grooming", "visa fee", "e-visa", "visa application",
                  // Paid by the month or year: subscriptions. Games and outings are entertainment.
                  "/mo", "per month", "a month", "monthly", "/month", "annual", "yearly", "/yr", "per year",
                  "mini golf", "minigolf", "go-kart", "go-karting", "karting", "arcade", "laser tag", "paintball",
                  "trampoline park", "bouldering", "climbing wall", "ice skating", "skiing", "ski pass", "lift pass", "ski lift",
                  "ski hire", "ski rental", "busker", "cover charge", "fitness",
                  // Gas beside electricity is the household's supply, not fuel.
                  "gas and electric", "gas & electric", "gas+electric", "gas and electricity", "gas & electricity",
                  "gas+electricity", "gas supply",
                  // Entertainment in the notes' other languages.
                  "cinéma", "cine", "théâtre", "teatro", "museo", "musée", "eintritt", "entradas", "ingressos",
                  "biglietti", "konzert", "concierto", "kinokarten", "konzertkarten", "theaterkarten", "eintrittskarten",
                  // Fees in the notes' other languages.
                  "frais", "gebühr", "gebühren", "comisión", "comissão", "commissione", "tasa", "taxa",
                  // A phone line or data for a trip is a phone service.
                  "esim", "e-sim", "sim card", "roaming", "data plan", "data bundle",
                  // What a building's owner charges its flats.
                  "service charge", "ground rent", "hoa fee", "hoa dues", "condo fee",
                  // A mobile phone topped up, in the notes' other languages.
                  "móvil", "celular", "telemóvel", "cellulare", "handy", "recarga del móvil", "ricarica telefonica",
                  // Services, health, rent and outings in Dutch, Polish, Turkish and the Nordic languages.
                  "bioscoop", "kapper", "apotheek", "huisarts", "tandarts", "verzekering", "huur", "bilety", "fryzjer",
                  "apteka", "lekarz", "dentysta", "abonament", "czynsz", "ubezpieczenie", "sinema", "kuaför", "berber",
                  "eczane", "kira", "sigorta", "abonelik", "frisör", "apotek", "hyra", "försäkring", "tandläkare"]),
    ]

    /// Per category: single words (matched against the note's words) and phrases or words of
    /// scripts without spaces (searched in the text). Split once.
    private static let lookup: [(Category, words: Set<String>, phrases: [String])] = keywords.map { category, list in
        let isPhrase: (String) -> Bool = { keyword in
            // Hyphenated words ("e-bike", "t-shirt", "top-up") and "/mo" are searched whole: the note's words split there.
            keyword.unicodeScalars.contains { " -/+&".unicodeScalars.contains($0) || $0.value > 0x2E80 }
        }
        return (category, Set(list.filter { !isPhrase($0) }), list.filter(isPhrase))
    }

    /// True for a single word of the keyword tables, a thing or service bought ("shampoo",
    /// "schuhe"), or a compound ending in one of five letters or more ("laufschuhe").
    static func isKeyword(_ word: String) -> Bool {
        lookup.contains { $0.words.contains(word) } || isCompoundOfKeyword(word)
    }

    /// True for a word of three letters or more before a keyword of five or more ("laufschuhe",
    /// "monatsbeitrag"): a compound naming the same kind of thing.
    static func isCompoundOfKeyword(_ word: String) -> Bool {
        lookup.contains { entry in entry.words.contains { $0.count >= 5 && word.count >= $0.count + 3 && word.hasSuffix($0) } }
    }

    /// The category with the most keyword hits in `note`; nil when none match.
    static func category(for note: String) -> Category? {
        var best: (Category, Int)?
        for (category, count) in hits(in: note) where count > (best?.1 ?? 0) {
            best = (category, count)
        }
        return best?.0
    }

    /// Per category (in declaration order), how many of its keywords `note` holds. A word inside
    /// a phrase another category matched does not count for its own ("cat food" is a pet's, not a
    /// meal). A service done to goods ("laptop hinge repair", "trousers hemmed") speaks twice for `other`.
    /// A brand of `BrandLexicon` counts as a keyword of what it sells.
    /// The category follows what was bought, not where (LABELLING): a category whose keywords all
    /// name the place or occasion ("at the airport", "on the train", "for the flight") counts
    /// nothing when another names what was bought ("sandwich at the airport" is food).
    static func hits(in note: String) -> [(Category, Int)] {
        let all = keywordHits(in: note)
        let words = note.lowercased().split(separator: " ", omittingEmptySubsequences: false)
        let masked = maskingPlaces(words)
        guard masked != words else { return all }
        let bought = Dictionary(keywordHits(in: masked.joined(separator: " ")), uniquingKeysWith: +)
        guard bought.values.contains(where: { $0 > 0 }) else { return all }
        return all.map { category, count in (category, (bought[category] ?? 0) > 0 ? count : 0) }
    }

    /// Words that put a place or occasion after them, in several languages (lowercased).
    private static let placePrepositions: Set<String> = [
        "at", "in", "on", "near", "from", "for", "to", "by", "inside", "outside", "after", "before", "during",
        "am", "im", "beim", "bei", "auf", "vor", "nach", "für", "zum", "zur",
        "en", "al", "para", "cerca", "à", "au", "aux", "dans", "pour", "près", "no", "na", "em", "nel", "nella",
    ]
    /// Articles and possessives between such a word and its place.
    private static let determiners: Set<String> = [
        "the", "a", "an", "my", "our", "this", "that", "his", "her", "their", "der", "die", "das", "dem", "den", "el",
        "la", "los", "las", "le", "les", "o", "os", "il", "lo", "un", "una", "ein", "eine", "einem",
    ]
    /// What a ticket, pass or booking is for is what was bought ("ticket for the train").
    private static let forWhatWasBought: Set<String> = [
        "ticket", "tickets", "pass", "passes", "fare", "fares", "seat", "seats", "booking", "reservation", "billete",
        "billet", "bilhete", "biglietto", "fahrkarte"
    ]

    /// Words that join a second thing bought to the first: the place has ended.
    private static let conjunctions: Set<String> = ["and", "with", "und", "y", "et", "e", "con", "avec", "mit", "plus"]

    /// `words` with the place or occasion after each place word ("at the airport food court")
    /// made "_": up to three words past its articles, ending at a number, a comma, "and" (or "with",
    /// "plus", …) or another such word.
    static func maskingPlaces(_ words: [Substring]) -> [Substring] {
        var masked = words
        var index = 0
        while index < words.count {
            let word = words[index]
            let previous = index > 0 ? words[index - 1].trimming(where: { !$0.isLetter }) : ""
            guard placePrepositions.contains(String(word)), !forWhatWasBought.contains(previous) else {
                index += 1
                continue
            }
            var next = index + 1
            while next < words.count, determiners.contains(String(words[next])) { next += 1 }
            var taken = 0
            while next < words.count, taken < 3 {
                let candidate = words[next]
                let bare = candidate.trimming(where: { !$0.isLetter })
                guard !bare.isEmpty, !candidate.contains(where: \.isNumber), !placePrepositions.contains(bare),
                      !conjunctions.contains(bare) else { break }
                masked[next] = "_"
                taken += 1
                next += 1
                if candidate.last.map({ ",;:.!?)".contains($0) }) == true { break }
            }
            index = max(next, index + 1)
        }
        return masked
    }

    private static func keywordHits(in note: String) -> [(Category, Int)] {
        let text = note.lowercased()
        let searchable = SearchableText(text)
        let words = Set(text.split(whereSeparator: { !$0.isLetter }).map(String.init))
        let matched = lookup.map { entry in entry.phrases.filter { searchable.contains($0) } }
        func isInsideAnotherPhrase(_ word: String, of category: Category) -> Bool {
            zip(lookup, matched).contains { entry, phrases in
                entry.0 != category && phrases.contains { $0.split(whereSeparator: { !$0.isLetter }).contains { $0 == word } }
            }
        }
        // Goods named: a shopping word or phrase, as found above.
        let namesGoods = zip(lookup, matched).contains { entry, phrases in
            entry.0 == .shopping && (!phrases.isEmpty || !entry.words.isDisjoint(with: words))
        }
        let serviceToGoods = namesGoods && !words.isDisjoint(with: servicesOnGoods)
        let brands = RuleFamilies.active.contains(.brandLexicon) ? BrandLexicon.hits(in: searchable) : [:]
        let modifiers = placesModifyingWhatWasBought(in: text)
        let counts = zip(lookup, matched).map { entry, phrases in
            let category: Category = entry.0
            // A gift is goods unless it was money ("150 cash in a card").
            let own = entry.words.intersection(words).filter { word in
                !isInsideAnotherPhrase(word, of: category) && !(giftWords.contains(word) && !words.isDisjoint(with: moneyWords))
                    && !modifiers.contains(word)
            }
            let count = own.count + phrases.count + (category == .other && serviceToGoods ? 1 : 0) + (brands[category] ?? 0)
            return (category: category, own: own, phrases: phrases, count: count)
        }
        // Shipping, postage and a tip come on top of what was bought ("Lego set 79.99, shipping
        // 6.95"): they speak for `other` only when nothing else speaks.
        let othersSpeak = counts.contains { $0.category != .other && $0.count > 0 }
        return counts.map { entry in
            guard entry.category == .other, othersSpeak else { return (entry.category, entry.count) }
            let addOns = entry.own.filter(addOnWords.contains).count + entry.phrases.filter(addOnWords.contains).count
            return (entry.category, entry.count - addOns)
        }
    }

    /// Places that name where a thing or service was had when written right before it: "hotel
    /// laundry", "airport lounge", "hotel breakfast" are laundry, a lounge and a meal.
    private static let placeModifiers: Set<String> = ["hotel", "hôtel", "hostel", "motel", "airport", "aeropuerto",
                                                      "aeroport", "aéroport", "aeroporto", "flughafen", "station"]

    /// The place words of `text` (lowercased) written right before a keyword of another category
    /// that is not a ticket, pass or fare ("hotel laundry", not "airport bus ticket"): they say where,
    /// the word after them what was bought.
    private static func placesModifyingWhatWasBought(in text: String) -> Set<String> {
        let words = text.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
        var found = Set<String>()
        for (word, next) in zip(words, words.dropFirst()) where placeModifiers.contains(word) {
            let nextCategories = lookup.filter { $0.words.contains(next) }.map(\.0)
            if !nextCategories.isEmpty, !nextCategories.contains(.travel), !forWhatWasBought.contains(next) {
                found.insert(word)
            }
        }
        return found
    }

    /// Gifts bought as items are goods (LABELLING); a gift of money is not.
    private static let giftWords: Set<String> = ["gift", "gifts", "present", "presents"]
    private static let moneyWords: Set<String> = ["cash", "money", "cheque", "check", "bargeld", "geld", "efectivo",
                                                  "dinero", "argent", "espèces", "dinheiro", "contanti", "soldi"]

    /// What is paid on top of a purchase: never what was bought, when something else was.
    private static let addOnWords: Set<String> = ["shipping", "postage", "tip"]

    /// Words of a service done to a thing the writer owns: with goods named, the service was bought.
    private static let servicesOnGoods: Set<String> = ["repair", "repairs", "repaired", "fixed", "hemmed", "alterations",
                                                       "altered", "resoled", "cleaned", "servicing", "serviced"]

    /// How much one keyword hit weighs beside the model's calibrated choice, as a log-probability.
    /// Chosen on the training notes (dev/train, with the model's recorded category scores):
    /// weight 0 (the model alone) 0.863/0.753, 0.5 0.932/0.819, 1 0.973/0.819, 1.5 0.973/0.843,
    /// 2 0.973/0.843, 3 0.973/0.831; larger weights let the keywords overrule the model.
    static let evidenceWeight = 1.5

    /// The keyword hits of `note` as evidence for the model's choice (`ChoiceCalibration.adding`).
    static func evidence(in note: String) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: hits(in: note).filter { $0.1 > 0 }.map { ($0.0.rawValue, Double($0.1) * evidenceWeight) })
    }
}
