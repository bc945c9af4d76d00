/// General vocabulary that says what a merchant is *not*: people named by their trade or role,
/// generic places and facilities, and the words that put a place at the end of a journey. The
/// labelling rule this follows: "the plumber", "the gym", "parking", "a street stall" name no
/// merchant; "the corner deli" (a descriptive name for one shop) does. Common nouns only, in
/// several languages; no business names.
enum MerchantLexicon {
    /// People named by what they do.
    static let roles: Set<String> = [
        // English
        "plumber", "electrician", "locksmith", "tailor", "mechanic", "dentist", "doctor", "physio",
        "physiotherapist", "chiropractor", "therapist", "vet", "barber", "hairdresser", "cleaner",
        "cleaners", "babysitter", "sitter", "nanny", "walker", "driver", "cabbie", "courier", "handyman", "gardener",
        "landlord", "landlady", "tutor", "teacher", "busker", "waiter", "waitress", "bartender", "housekeeper",
        "porter", "valet", "guide", "photographer", "movers", "painter", "roofer", "accountant", "lawyer",
        "notary", "pharmacist", "optician", "masseuse", "masseur", "trainer", "instructor", "vendor",
        "seller", "cashier", "attendant", "delivery", "guy", "man", "lady", "woman", "shopkeeper", "florist",
        "cobbler", "butcher", "baker", "grocer",
        "landscaper", "exterminator", "carpenter", "builder", "decorator", "upholsterer", "groomer", "tiler", "glazier",
        "surveyor", "inspector", "nurse", "midwife", "caterer", "tattooist", "beautician", "stylist", "seamstress",
        "dressmaker", "concierge", "bellhop", "doorman", "usher", "boatman", "sweep", "tuner",
        // Spanish, Portuguese, Italian, French, German, Dutch
        "peluquero", "peluquera", "fontanero", "electricista", "cerrajero", "taxista", "médico", "dentista",
        "cabeleireiro", "cabeleireira", "encanador", "eletricista", "motorista", "parrucchiere", "idraulico",
        "meccanico", "medico", "tassista", "coiffeur", "coiffeuse", "plombier", "serrurier", "médecin",
        "chauffeur", "garagiste", "friseur", "friseurin", "klempner", "arzt", "zahnarzt", "fahrer",
        "handwerker", "kapper", "loodgieter", "tandarts", "huisarts",
        // Japanese
        "タクシー運転手", "歯医者", "医者", "美容師",
    ]

    /// Generic places, facilities, vehicles and services: what anyone could name, not one business.
    /// Words that are also the names of large chains stay out ("Subway", "Metro", "Coach").
    static let places: Set<String> = [
        // English
        "airport", "station", "garage", "parking", "car", "park", "gym", "pool", "laundromat",
        "laundry", "launderette", "pharmacy", "chemist", "hospital", "clinic", "desk", "front", "reception",
        "hotel", "minibar", "canteen", "cafeteria", "vending", "machine", "kiosk", "stall", "market",
        "supermarket", "bakery", "shop", "store", "restaurant", "pub", "bar", "cafe", "café", "cinema", "museum",
        "post", "office", "bank", "atm", "toll", "tolls", "meter", "bridge", "tunnel", "ferry", "bus", "train",
        "taxi", "cab", "tram", "petrol", "gas", "fuel", "downtown", "uptown", "nearby",
        "tuk-tuk", "tuk", "tuktuk", "rickshaw", "matatu", "jeepney", "minibus", "shuttle", "town",
        "local", "corner", "street", "veg", "food", "truck", "salon", "session", "appointment", "appt",
        "haircut", "lesson", "class", "service", "repair", "repairs", "wash", "washes", "golf", "mini",
        "buffet", "breakfast", "lunch", "dinner", "coffee", "ride", "rides", "rental", "hostel", "motel",
        "venue", "stadium", "school", "library", "theatre", "theater", "pitch", "court", "centre", "center",
        "cart", "van", "trolley", "booth", "uni", "university", "college", "campus", "lounge", "luggage",
        "baggage", "storage", "locker", "lockers", "cloakroom", "pass", "passes", "ticket", "tickets", "council",
        "farmers", "farmer's", "flea", "ryokan", "shinkansen",
        // Repairs, and the parking meter, in the notes' other languages.
        "reparatur", "reparatie", "riparazione", "reparación", "réparation", "conserto", "parkuhr", "parkschein",
        // Outdoor places a day out goes to.
        "beach", "lake", "pier", "harbour", "harbor", "marina", "zoo", "aquarium", "campsite", "playground",
        "playa", "praia", "plage", "spiaggia", "piazza", "plaza", "praça", "platz", "plein",
        // Dry cleaners, launderettes and hairdressers, also as notes write them without accents.
        "tintorería", "tintoreria", "lavandería", "lavanderia", "peluqueria", "tintoria", "laverie", "reinigung",
        "wäscherei", "waschsalon", "stomerij", "wasserette", "kapsalon",
        // Tickets, hardware stores, the metro and local grocers in the notes' other languages.
        "bilhete", "billete", "billet", "biglietto", "fahrkarte", "metrô", "métro", "ferretería", "ferramenta",
        "quincaillerie", "baumarkt", "mercadinho", "tabacchi", "tabac", "kiosko", "späti", "bodega",
        // Spanish, Portuguese, Italian, French, German, Dutch
        "peluquería", "farmacia", "gasolinera", "mercado", "panadería", "tienda", "aeropuerto", "estación",
        "farmácia", "padaria", "posto", "aeroporto", "estação", "loja", "distributore", "benzinaio",
        "panetteria", "stazione", "negozio", "pharmacie", "boulangerie", "pressing", "marché", "gare",
        "aéroport", "péage", "magasin", "apotheke", "bäckerei", "tankstelle", "werkstatt", "markt", "bahnhof",
        "flughafen", "laden", "apotheek", "bakkerij", "tankstation", "winkel",
        // Japanese (written without spaces: whole words)
        "タクシー", "美容院", "床屋", "病院", "薬局", "駐車場", "駅", "空港", "歯科",
        // Meals, rides and kinds of shop in Japanese, Chinese and Korean: what was had, not where.
        "ランチ", "ディナー", "昼食", "夕食", "朝食", "昼ごはん", "晩ごはん", "朝ごはん", "コーヒー", "電車", "電車代", "バス",
        "タクシー代", "ホテル", "コンビニ", "スーパー", "カフェ", "弁当", "お弁当", "飲み会", "交通費", "レストラン", "カット", "散髪",
        "午饭", "午餐", "晚饭", "晚餐", "早饭", "早餐", "咖啡", "打车", "出租车", "地铁", "公交", "超市", "酒店", "机场",
        "停车", "停车费", "餐厅", "外卖", "买菜",
        "점심", "저녁", "아침", "커피", "택시", "버스", "지하철", "편의점", "마트", "주차", "주차비", "호텔", "공항", "식당",
        "카페", "배달",
    ]

    /// What a trip to a shop is called after its name ("megamart run", "burger barn drive thru",
    /// "webshop order"): the errand, not part of the name.
    static let errands: Set<String> = ["run", "trip", "haul", "pickup", "pick-up", "takeout", "take-out", "thru", "drive",
                                       "drive-thru", "drive-through", "refill", "renewal", "booking", "visit", "shopping",
                                       // The meal or round had there ("blue door brunch", "iron bell pints").
                                       "breakfast", "brunch", "lunch", "dinner", "supper", "drinks", "pints", "groceries",
                                       "takeaway", "delivery", "almuerzo", "cena", "comida", "desayuno", "déjeuner", "dîner",
                                       "frühstück", "mittagessen", "abendessen", "pranzo", "colazione", "jantar", "almoço"]

    /// True for a word a business's name may close with: what it sells or does ("Electronics") or
    /// its kind ("Market", "Bar").
    static func closesABusinessName(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return nameClosers.contains(lowered) || businessKinds.contains(lowered)
    }

    /// Words a shop's name closes with, naming what it sells or does ("Gigbox Electronics",
    /// "Fennick Books", "Red Kite Cycles"): written capitalised after a name they belong to it.
    static let nameClosers: Set<String> = [
        "electronics", "books", "records", "toys", "cycles", "bikes", "tailors", "outfitters", "grocers", "motors",
        "furniture", "hardware", "supplies", "foods", "kitchen", "grill", "spa", "studio", "studios", "gallery",
        "jewellers", "jewelers", "opticians", "florists", "bakers", "butchers", "cleaners", "goods", "sports",
        "games", "music", "pets", "garden", "gardens", "interiors", "fashion", "shoes", "wines", "beauty",
    ]

    /// Institutions named for someone or somewhere with "of" or "de" ("Museum of Lumo", "Academy of
    /// Sora", "Museo del Prado"-like names): the kind of place belongs to the name that follows it.
    static let institutionOpeners: Set<String> = [
        "museum", "church", "academy", "university", "school", "college", "institute", "gallery", "theatre", "theater",
        "house", "hall", "palace", "castle", "cathedral", "temple", "society", "club", "library", "garden", "gardens",
        "museo", "musée", "museu", "iglesia", "église", "kirche", "universidad", "université", "universität", "teatro",
        "théâtre", "galería", "galerie", "galleria", "escuela", "école", "academia", "académie", "palacio", "palais",
        "castillo", "château", "biblioteca", "bibliothèque", "jardín", "jardin", "jardim",
    ]

    /// The words joining an institution to its name ("of", "del", "della", …).
    static let institutionJoiners: Set<String> = ["of", "de", "del", "des", "du", "di", "da", "der", "do", "dos", "das", "della"]

    /// Kinds of business that open their own names ("Hotel Miramar", "Bäckerei Vogel", "Café Lumière"):
    /// written before a capitalised name they belong to it.
    static let businessKinds: Set<String> = [
        "hotel", "hostel", "motel", "inn", "café", "cafe", "bar", "pub", "restaurant", "bakery", "pizzeria",
        "trattoria", "osteria", "taverna", "bistro", "brasserie", "cinema", "salon", "clinic", "pharmacy",
        "supermarket", "market", "garage", "hôtel", "pharmacie", "boulangerie", "restaurante", "ristorante",
        "farmacia", "farmácia", "panadería", "padaria", "supermercado", "mercado", "bäckerei", "apotheke",
        "markt", "kino", "gasthaus", "gasthof", "pension", "hostal", "posada", "auberge", "librería", "buchhandlung",
        "parkhaus", "camping",
        // Shops and trades that open their names, in the notes' languages ("Metzgerei Vogt", "Peluquería Inés").
        // Not a fuel station: it goes by its brand ("Tankstelle <brand>" is the brand).
        "deli", "diner", "barber", "barbershop", "bookshop", "bookstore", "florist", "butcher",
        "chemist", "optician", "opticians", "laundrette", "launderette", "tailor",
        "friseur", "frisör", "friseursalon", "metzgerei", "fleischerei", "konditorei", "conditorei",
        "rösterei", "kaffeerösterei", "drogerie", "optik", "praxis", "werkstatt", "autowerkstatt", "weinhandlung",
        "feinkost", "imbiss", "eisdiele", "reinigung", "brauerei", "brauhaus", "kaufhaus", "modehaus", "schuhhaus",
        "pâtisserie", "patisserie", "boucherie", "charcuterie", "fromagerie", "épicerie", "quincaillerie",
        "librairie", "fleuriste", "pressing", "opticien", "coiffeur", "caviste", "crêperie", "creperie", "traiteur",
        "peluquería", "carnicería", "frutería", "pescadería", "ferretería", "papelería", "óptica", "taberna",
        "cafetería", "heladería", "pastelería", "confitería", "floristería", "lavandería", "tintorería", "zapatería",
        "ótica", "mercearia", "pastelaria", "confeitaria", "churrascaria", "lanchonete", "sorveteria", "drogaria",
        "livraria", "papelaria", "barbearia", "lavanderia", "açougue",
        "pasticceria", "gelateria", "macelleria", "panificio", "enoteca", "libreria", "ferramenta", "tabaccheria",
        "ottica", "salumeria", "bakkerij", "slagerij", "apotheek", "drogisterij", "kapper", "kapsalon", "boekhandel",
        "bloemist", "ijssalon", "eetcafé", "brouwerij", "slijterij", "wijnhandel", "kavárna", "čajovna", "cukrárna",
        "hospoda", "pivnice", "restaurace", "lékárna", "piekarnia", "apteka", "kawiarnia", "restauracja", "cukiernia",
        "księgarnia", "bageri", "konditori", "apotek", "kafé", "lokanta", "eczane", "kuaför", "berber", "pastane",
    ]

    /// Words a chain adds to its name for a kind of outlet ("<brand> Express", "<brand> Factory Store").
    static let outletKinds: Set<String> = ["express", "local", "metro", "extra", "superstore", "outlet", "factory",
                                           "megastore", "flagship", "city", "mini", "xl", "online", "app", "pay",
                                           "eats", "plus", "go", "fresh", "kitchen", "central", "mobile", "hub",
                                           // Hotel chains' tiers ("<chain> Regency", "<chain> Garden Inn").
                                           "regency", "grand", "suites", "resort", "garden", "courtyard", "marquis",
                                           "premier", "residence", "select", "signature", "collection"]

    /// What a ticket for a journey is called: with a hyphenated pair of names it makes a route.
    static let travelDocuments: Set<String> = ["ticket", "tickets", "tix", "return", "single", "fare", "pass",
                                               "billete", "billet", "fahrkarte", "bilhete", "biglietto",
                                               "kaartje", "rail", "railway", "airline", "airways", "air",
                                               // Compounds for a train or bus ticket.
                                               "treinkaartje", "buskaartje", "zugticket", "bahnticket", "busticket",
                                               "zugfahrkarte", "billete de tren", "billet de train"]

    /// Languages, peoples and cuisines, as English writes them: what a lesson teaches or a kitchen
    /// cooks ("French lessons", "Thai takeaway"), never who was paid by itself.
    static let nationalities: Set<String> = [
        "french", "spanish", "german", "italian", "english", "chinese", "japanese", "korean", "thai", "indian",
        "mexican", "greek", "turkish", "vietnamese", "portuguese", "russian", "arabic", "lebanese", "ethiopian",
        "polish", "dutch", "swedish", "brazilian", "american", "british", "irish", "scottish", "moroccan", "persian",
        "peruvian", "indonesian", "malaysian", "filipino", "caribbean", "jamaican", "cuban", "nepalese", "pakistani",
        "ukrainian", "mandarin", "cantonese", "hindi", "swahili", "latin", "asian", "european", "african",
    ]

    /// Occasions a person is given money or a gift for: after "Name's" the name is the payee.
    static let occasions: Set<String> = ["birthday", "bday", "b-day", "graduation", "wedding", "leaving", "farewell",
                                         "retirement", "baby", "shower", "engagement", "anniversary", "christening",
                                         "funeral", "card", "gift", "present", "collection", "whip-round", "fund",
                                         "fundraiser", "party", "housewarming", "hen", "stag"]

    /// Words that may stand in a generic description without making it a name.
    static let fillers: Set<String> = ["the", "a", "an", "my", "our", "this", "that", "el", "la", "los", "las",
                                       "le", "les", "il", "lo", "o", "os", "der", "die", "das", "de", "het", "du",
                                       "des", "of", "at", "in", "on", "by", "and", "&", "+"]

    /// Travel nouns and verbs after which "to", "from" and their kin lead to a place, not a payee
    /// ("ferry to X", "cab from X", "Zug nach X"). Money words are absent: "paid 40 to Sam" and "transfer
    /// to X" name a payee.
    static let motionWords: Set<String> = [
        "ferry", "train", "drive", "drove", "driving", "ride", "rode", "cab", "taxi", "bus", "flight", "flights",
        "flew", "fly", "trip", "walk", "went", "go", "going", "commute", "shuttle", "tram", "metro", "subway",
        "coach", "boat", "journey", "home", "tolls", "fare",
        "tren", "vuelo", "viaje", "autobús", "taxis", "vol", "trajet", "voyage", "zug", "fahrt", "flug",
        "treno", "volo", "viaggio", "corrida", "viagem", "voo", "trem", "comboio", "rit", "reis",
        // On the way there ("camino a Valencia", "unterwegs nach Köln", "onderweg naar Gent").
        "camino", "rumbo", "ida", "vuelta", "unterwegs", "heimweg", "route", "chemin", "strada", "caminho", "onderweg",
    ]

    /// The prepositions that follow a travel word before the place.
    static let placePrepositions: Set<String> = ["to", "from", "into", "towards", "till", "a", "al", "hasta",
                                                 "desde", "à", "au", "vers", "jusqu'à", "depuis", "nach",
                                                 "bis", "von", "zum", "zur", "per", "fino", "da", "até",
                                                 "para", "ao", "naar", "van", "→", "->"]

    /// True when the span names no one: someone named by a trade ("the taxi driver", "dog walker"),
    /// or only generic places and filler words ("parking garage"). A description that starts with
    /// "the" and has two or more such words names one place ("the corner deli", "the paint store").
    static func isGeneric(_ span: String) -> Bool {
        let words = span.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "-" })
            .map { $0.trimming(where: { $0.isPunctuation && $0 != "&" && $0 != "+" }) }
            .filter { !$0.isEmpty }
        let content = words.filter { !fillers.contains($0) }
        guard let last = content.last else { return false }
        // Someone named by a trade with what they work on ("dog walker", "pizza guy").
        if roles.contains(last), content.count <= 3, span.dropFirst().allSatisfy({ !$0.isUppercase }) { return true }
        // Family named by how they are related ("the kids", "my sister") are people by role too.
        guard content.allSatisfy({ roles.contains($0) || places.contains($0) || nationalities.contains($0) || family.contains($0) })
        else { return false }
        // A kind of business with a capitalised name after it ("Pharmacie du Centre", "Hotel Central").
        let written = span.split(whereSeparator: \.isWhitespace)
        if let head = written.first, businessKinds.contains(head.lowercased()),
           written.dropFirst().contains(where: { word in
               word.first?.isUppercase == true && !fillers.contains(word.lowercased())
           }) {
            return false
        }
        if words.first == "the", content.count >= 2 { return false }
        return true
    }

    /// Words that open a note without being part of the name after them ("Lunch Nordhaus 12",
    /// "New Arlo lamp"): the vocabulary above, the category words, and a few openers.
    static func isCommonWord(_ word: String) -> Bool {
        commonWords.contains(word)
    }

    /// True for a span written in lower case and made only of common words: function words,
    /// trades, places, category words ("y luego", "late fee", "wrapping paper"). A description
    /// that opens with "the" may be a name ("the corner dumpling shop").
    static func isOnlyCommonWords(_ span: String) -> Bool {
        guard !span.contains(where: \.isUppercase) else { return false }
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.trimming(where: \.isPunctuation) }.filter { !$0.isEmpty }
        guard let first = words.first, first != "the" else { return false }
        return words.allSatisfy { commonWords.contains($0) || functionWords.contains($0) || isFormOfCommonWord(String($0)) }
    }

    /// True for a plural of a common word ("cafés", "billets") or a compound ending in a thing
    /// bought, a place or a trade of five letters or more ("laufschuhe", "fietsreparatie").
    private static func isFormOfCommonWord(_ word: String) -> Bool {
        guard word.allSatisfy(\.isLetter) else { return false }
        if word.count >= 4, word.hasSuffix("s"), commonWords.contains(String(word.dropLast())) { return true }
        return CategoryRules.isCompoundOfKeyword(word)
            || compoundHeads.contains { word.count >= $0.count + 3 && word.hasSuffix($0) }
    }

    /// Places and trades long enough to close a compound noun.
    private static let compoundHeads: [String] = places.union(roles).filter { $0.count >= 5 && $0.allSatisfy(\.isLetter) }.sorted()

    /// Words that join sentences in the notes' languages: never a name by themselves.
    static let functionWords: Set<String> = [
        "and", "then", "also", "but", "or", "so", "very", "just", "only", "again", "later", "after", "before", "still",
        "too", "here", "there", "it", "me", "i", "we", "w", "w/", "us", "you", "he", "she", "they", "them", "him", "her", "his",
        "their", "your", "these", "those", "any", "all", "each", "every", "other", "got", "get", "did", "was", "is",
        "are", "had", "has", "have", "with", "for", "from", "to", "at", "on", "in", "by", "of", "up", "out", "off",
        "y", "luego", "después", "también", "pero", "muy", "solo", "más", "menos", "ya", "aquí", "un", "una", "del",
        "al", "con", "sin", "por", "para", "en", "que", "mi", "tu", "su", "et", "puis", "aussi", "mais", "ou", "très",
        "plus", "moins", "déjà", "ici", "une", "des", "du", "au", "aux", "avec", "sans", "pour", "par", "mon", "ma",
        "mes", "und", "dann", "auch", "aber", "oder", "sehr", "nur", "mehr", "schon", "hier", "ein", "eine", "mit",
        "ohne", "für", "von", "zu", "im", "am", "e", "depois", "mas", "muito", "só", "mais", "já", "aqui", "um", "uma",
        "do", "da", "com", "sem", "no", "na", "poi", "anche", "ma", "molto", "più", "già", "qui", "gli", "di", "della",
        // The writer as the subject, in the notes' other languages ("Ich habe …", "Io ho …").
        "ich", "wir", "yo", "nosotros", "je", "nous", "eu", "nós", "io", "noi", "ik", "wij",
    ]

    /// Sharing a cost, in the notes' languages ("split the cab with", "compartimos el taxi con").
    static let sharingVerbs: Set<String> = ["split", "splitting", "shared", "sharing", "halved", "compartí", "compartimos",
                                            "partagé", "partagée", "geteilt", "teilten", "diviso", "divisé", "dividimos",
                                            "gedeeld", "deelden", "compartilhamos"]

    private static let commonWords: Set<String> = roles.union(places).union(fillers).union(sharingVerbs)
        .union(CategoryRules.keywords.flatMap(\.1).filter { !$0.contains(" ") })
        .union(["new", "paid", "bought", "got", "spent", "quick", "late", "early", "birthday", "gift", "weekly",
                "monthly", "annual", "yearly", "big", "small", "cheap", "another", "more", "some", "team", "client",
                "office", "work", "business", "today", "yesterday", "tonight", "order", "snacks", "drinks", "tickets",
                "groceries", "ticket", "present", "presents", "dinner", "lunch", "breakfast", "brunch", "coffee",
                "bill", "bills", "phone", "mobile", "storage", "data", "account", "card", "top-up",
                "einkauf", "compra", "achat", "achats", "acquisto", "spesa", "boodschappen", "zakupy", "home", "night",
                "visit", "trip", "deal", "meal", "shop", "tip", "tipped", "tips", "shipping", "cash", "bike", "dry",
                "place", "flat", "house", "apartment", "meeting", "party", "online", "tax", "taxes", "instalment",
                "installment", "children", "kid",
                // Headings a note may open with ("Hardware: …", "Misc: …"): kinds of spending, not names.
                "hardware", "household", "supplies", "misc", "sundries", "errands", "expenses",
                // German nouns, written with capitals, for what a payment was (a co-payment, a bill, a fee, rent, entry, a tip).
                "zuzahlung", "eigenanteil", "rechnung", "gebühr", "gebühren", "beitrag", "miete", "eintritt", "trinkgeld"])
        .union(writersDoings).union(family).union(occasions)
        // Everyday things and places a note opens with ("Entry to the castle", "Shoe repair", "Key cut").
        .union(["entry", "entrance", "admission", "church", "key", "keys", "shoe", "dog", "cat", "pet", "popcorn"])

    /// "I paid, bought, spent, ate, had lunch, filled up" as notes open in several languages
    /// ("Ended up taking …", "Almocei no …", "Compré pan en …"): what the writer did, never a name.
    static let writersDoings: Set<String> = [
        "ended", "took", "grabbed", "picked", "stopped", "had", "went", "finally", "ordered", "booked", "renewed",
        "topped", "filled", "treated", "covered", "popped", "dropped", "tried", "decided", "needed", "gave", "sent",
        "handed", "venmoed", "rented", "hired", "joined", "signed", "envié", "mandé", "enviei", "mandei", "donné",
        "envoyé", "dato", "inviato", "gegeben", "geschickt",
        "pagué", "compré", "gasté", "comí", "cené", "almorcé", "desayuné", "tomé", "cargué", "reservé", "pagamos",
        "compramos", "comimos", "cenamos",
        "paguei", "comprei", "gastei", "comi", "jantei", "almocei", "tomei", "abasteci", "reservei", "jantamos", "almoçamos",
        "pagato", "comprato", "speso", "mangiato", "cenato", "pranzato", "preso", "pagata", "comprata", "prenotato",
        "payé", "acheté", "dépensé", "mangé", "dîné", "déjeuné", "pris", "réservé", "payée", "achetée",
        "bezahlt", "gekauft", "ausgegeben", "gegessen", "getankt", "gebucht", "bestellt", "gezahlt",
        "betaald", "gekocht", "uitgegeven", "gegeten", "geboekt",
    ]

    /// Family named by their place in it: after "for" whom the money was for, not whom it was paid to.
    static let family: Set<String> = ["mum", "mom", "mam", "mummy", "mommy", "dad", "daddy", "mother", "father", "parents",
                                      "grandma", "grandpa", "granny", "gran", "nan", "nana", "grandad", "granddad",
                                      "sister", "brother", "son", "daughter", "wife", "husband", "kids", "baby", "auntie",
                                      "aunt", "uncle", "cousin", "mama", "papa", "mamá", "papá", "maman", "oma", "opa"]
}
