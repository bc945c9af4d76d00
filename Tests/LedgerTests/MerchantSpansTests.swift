import Testing
@testable import Ledger

/// The spans the model may copy as a merchant, and the names the extractor refuses (invented notes).
struct MerchantSpansTests {
    private func spans(_ note: String) -> [String] {
        MerchantSpans.candidates(in: note, amounts: AmountFinder.candidates(in: note))
    }

    @Test func aSpanStartsWhereARunOfCapitalsStarts() {
        let found = spans("kettle and mugs at Ferro Lindqvist 34.50")
        #expect(found.contains("Ferro Lindqvist"))
        #expect(!found.contains("Lindqvist"))
    }

    /// French, Italian, Portuguese and Spanish names join their words with "du", "della", "das", "los" …
    @Test func aNameGoesOnOverItsJoiningWords() {
        #expect(spans("Pharmacie du Centre, doliprane 4,20 €").contains("Pharmacie du Centre"))
        #expect(spans("Trattoria della Nonna 38 €").contains("Trattoria della Nonna"))
        #expect(RulesExtractor.leadingName(in: "Pharmacie du Centre, doliprane 4,20 €") == "Pharmacie du Centre")
        #expect(RulesExtractor.leadingName(in: "Taberna los Arcos 22 €") == "Taberna los Arcos")
    }

    /// A kind of shop or trade before a capitalised name is part of it, in the notes' languages; what
    /// was had there, written after the name, is not.
    @Test func aKindOfShopOpensItsName() {
        let hair = spans("Peluquería Ainhoa corte 18 €")
        #expect(hair.contains("Peluquería Ainhoa"))
        #expect(!hair.contains("Ainhoa"))
        let cake = spans("Konditorei Halvard Torte 12,40")
        #expect(cake.contains("Konditorei Halvard"))
        #expect(!cake.contains("Konditorei Halvard Torte"))
        let haircut = spans("Frisör Lindahl Haarschnitt 22 €")
        #expect(haircut.contains("Frisör Lindahl"))
        #expect(!haircut.contains("Frisör Lindahl Haarschnitt"))
    }

    /// The model, size or tier of what was bought follows the name without belonging to it; a
    /// bank's payee keeps its store code.
    @Test func aProductsModelSizeOrTierIsNotPartOfTheName() {
        for (note, name) in [("Kestrel A4 notebooks, three for 6", "Kestrel"), ("Primrose XL hoodie 35", "Primrose"),
                             ("Marlowe Plus subscription 7.99", "Marlowe"), ("Halvard Family plan 16.99", "Halvard"),
                             ("Stride Lab Ultra 2 running shoes 139", "Stride Lab")] {
            let found = spans(note)
            #expect(found.contains(name), "\(note)")
            #expect(!found.contains { $0.hasPrefix(name + " ") }, "\(note)")
        }
        #expect(spans("Pho Saigon 24 lunch 12.5").contains("Pho Saigon 24"))
        #expect(spans("Purchase of RUB 450.00 at MARKET NA LESNOY 2A. Balance RUB 9 100.00").contains("MARKET NA LESNOY 2A"))
    }

    /// In a note written in lower case, a name stops before a preposition of the sentence and
    /// before the thing bought; the only figure, ending the note, is no part of it.
    @Test func whereATripGoesOnTheWayIsNoPayee() {
        #expect(!spans("Gasolina en Greenway 52,10 € camino a Valencia").contains("Valencia"))
        #expect(!spans("Tanken bei Northpeak 58 €, unterwegs nach Köln").contains("Köln"))
    }

    @Test func aGermanNounAfterItsAdjectiveIsNoPayee() {
        let fuel = spans("Tankstelle Northpeak, 58,40 €, volles Auto für die Fahrt nach Köln")
        #expect(fuel.contains("Northpeak") && !fuel.contains("Auto"))
        #expect(spans("Essen bei Kestrel und ein Bier 20 €").contains("Kestrel"), "after a preposition a name stays")
        #expect(spans("the full Kestrel menu 20").contains("Kestrel"), "not in English")
    }

    @Test func aPriceWrittenInWordsEndsAName() {
        let coffees = spans("two coffees at corvo six forty")
        #expect(coffees.contains("corvo") && !coffees.contains { $0.hasPrefix("corvo ") })
    }

    @Test func aLowerCaseNameStopsWhereTheSentenceGoesOn() {
        let ride = spans("cyclo to work 8.90")
        #expect(ride.contains("cyclo") && !ride.contains("cyclo to work"))
        #expect(!spans("ostra brunch w/ sam 28").contains { $0.hasPrefix("ostra brunch") })
        let socks = spans("primrose socks 8")
        #expect(socks.contains("primrose") && !socks.contains("primrose socks"))
        let lunch = spans("lunch at varro 12")
        #expect(lunch.contains("varro") && !lunch.contains("varro 12"))
        // The only figure is the price wherever it stands; "pho 24" keeps its number beside a price.
        let dinner = spans("dinner at Ostra 85, I paid for everyone")
        #expect(dinner.contains("Ostra") && !dinner.contains("Ostra 85"))
        // A description of one place keeps its words; a number inside a name stays.
        #expect(spans("crêpes from the kiosk by the harbour £8.50").contains("the kiosk by the harbour"))
        #expect(spans("dinner 45 at pho 24").contains("pho 24"))
    }

    /// A capitalised word of money may be part of a written name beside one that is none; alone, or
    /// in a bank's message, it stays out.
    /// "bei", "bij", "presso" put a name after them and are no part of it; an inn's name may open with
    /// "Zum", "Zur", "Da" (capitalised, before a capitalised word), where the preposition does not.
    @Test func aPlacePrepositionOpensNoNameButAnInnsNameMay() {
        let meal = spans("Essen bei Kestrel 20")
        #expect(meal.contains("Kestrel") && !meal.contains { $0.hasPrefix("bei") })
        let inn = spans("Abendessen bei Zum Goldenen Hirsch 38,50 €")
        #expect(inn.contains("Zum Goldenen Hirsch") && !inn.contains { $0.hasPrefix("bei") })
        #expect(spans("lunch bij Halvard 28 euro").contains("Halvard"))
        #expect(!spans("Taxi zum Bahnhof 12").contains { $0.lowercased().hasPrefix("zum") })
    }

    /// In lower case a name stops before the journey it paid for; a ticket "from" someone is bought
    /// from them unless the note travels.
    @Test func aJourneyWordEndsALowerCaseNameAndATicketFromSomeoneNamesTheSeller() {
        let ride = spans("lumo ride home 14.30")
        #expect(ride.contains("lumo") && !ride.contains { $0.hasPrefix("lumo ride") })
        #expect(spans("cinema tickets from reelhouse 21").contains("reelhouse"))
        #expect(!spans("train tickets from Leeds 21").contains("Leeds"))
        #expect(!spans("tickets from Leeds to York 30").contains("Leeds"))
    }

    /// A name lies on one line: a span across a line break, or with a space at an end, is offered by no one.
    @Test func aNameLiesOnOneLine() {
        let found = spans("Terminal: CORVO CINEMA 2\nAmount: 12,00 EUR\nDate: 19/11/2026")
        #expect(found.contains("CORVO CINEMA 2"))
        #expect(!found.contains { $0.contains("\n") || $0.hasSuffix(" ") || $0.hasPrefix(" ") })
        #expect(!found.contains("Terminal"))
    }

    /// A bank's card descriptor parts its fields with slashes: each field is offered by itself.
    @Test func aBanksSlashedFieldsAreOfferedApart() {
        let found = spans("Debit Alert Acct: ***4410 Amt: NGN 12,500.00 Desc: POS/KESTREL MART/LAGOS Bal: NGN 88,120.10")
        #expect(found.contains("KESTREL MART"))
        #expect(!found.contains { $0.contains("POS KESTREL") })
    }

    @Test func aWordOfMoneyMayBePartOfAName() {
        #expect(spans("Dollar Tree wrapping paper 3.75").contains("Dollar Tree"))
        #expect(spans("Card Factory birthday card 2.99").contains("Card Factory"))
        #expect(!spans("Total 45 for dinner at Varro").contains("Total"))
        #expect(!spans("Purchase of USD 12.00 at KESTREL MART. Available Balance USD 300.00").contains { $0.contains("Balance") })
    }

    @Test func aCommonWordOpeningTheNoteMayBeLeftOut() {
        let found = spans("Lunch Nordhaus 12.40")
        #expect(found.contains("Nordhaus"))
        #expect(found.contains("Lunch Nordhaus"))
        // A name that opens the note is not common: its second word alone is a piece of it.
        #expect(!spans("Marlow Fenn umbrella 19.99").contains("Fenn"))
    }

    @Test func theErrandAfterANameAndACountAreNotPartOfIt() {
        let errand = spans("fernhill market run 42.10")
        #expect(errand.contains("fernhill market"))
        #expect(!errand.contains("fernhill market run"))
        #expect(!spans("taco hut drive thru 9.10").contains("taco hut drive"))
        // The meal or round had there, before the figure too; a figure with its currency sign is no name.
        let brunch = spans("kestrel door brunch 38")
        #expect(brunch.contains("kestrel door"))
        #expect(!brunch.contains { $0.hasPrefix("kestrel door brunch") })
        #expect(!spans("copper bell pints £23").contains { $0.contains("£23") })
        #expect(!spans("lumber yard run: planks 30").contains { $0.contains(": ") })
        let tickets = spans("Lumiere 3 x 11.50 for the late show")
        #expect(tickets.contains("Lumiere"))
        #expect(!tickets.contains("Lumiere 3"))
        // In Japanese a space separates the shop from the dish.
        let japanese = spans("松竹 カレー並 680円")
        #expect(japanese.contains("松竹"))
        #expect(!japanese.contains("松竹 カレー並"))
        // A number that does not multiply stays part of a name.
        #expect(spans("Noodle 88 lunch 13.20").contains("Noodle 88"))
    }

    @Test func whereAJourneyGoesIsNoPayee() {
        let found = spans("ferry to Port Ellis with Selka Lines 18.00")
        #expect(found.contains("Selka Lines"))
        #expect(!found.contains { $0.contains("Ellis") || $0.contains("Port") })
        let route = spans("Kestrel Rail Arlen → Dovik 22.10")
        #expect(route.contains("Kestrel Rail"))
        #expect(!route.contains { $0.contains("Dovik") || $0.contains("Arlen") })
        // "to" after money words names the payee.
        #expect(spans("sent 40 to Ilse for the flowers").contains("Ilse"))
    }

    @Test func aRouteWithAHyphenIsNoPartOfTheName() {
        let found = spans("train tix Kestrel Rail Arlen-Dovik 11.20")
        #expect(found.contains("Kestrel Rail"))
        #expect(!found.contains { $0.contains("Arlen") })
        // Outside a note about travel a hyphenated name stays whole.
        #expect(spans("Fenn-Lindqvist umbrella 19.99").contains("Fenn-Lindqvist"))
    }

    @Test func aRouteGluedToItsArrowOrDashAFlightNumberAndAnAirportPairAreNoPartOfTheName() {
        #expect(!spans("Kestrel Rail Arlen→Dovik 22.10").contains { $0.contains("Dovik") })
        // An en dash joins places even without a word of travel; airport codes too.
        let dashed = spans("Kestrel Rail Arlen–Dovik 22.10")
        #expect(dashed.contains("Kestrel Rail") && !dashed.contains { $0.contains("Arlen") })
        #expect(!spans("Selka Air DUB-STN 39.99").contains { $0.contains("DUB") })
        // A spaced dash between places after the carrier in a note about travel; a flight number.
        let coach = spans("coach tix Kestrel Lines Arlen - Dovik 25")
        #expect(coach.contains("Kestrel Lines") && !coach.contains { $0.contains("Arlen") || $0.contains("Dovik") })
        let flight = spans("flight Selka Air SK 1234 to Dovik 120")
        #expect(flight.contains("Selka Air") && !flight.contains { $0.contains("SK") })
        // A carrier the brand lexicon knows makes the note one about travel, and is no place itself.
        let known = spans("Megabus Arlen to Dovik 89")
        #expect(known.contains("Megabus") && !known.contains { $0.contains("Arlen") })
        // Where such a carrier is named, where the journey came from or went to is a place.
        let ride = spans("Lyft from Marlow Park to Union Square 18.40")
        #expect(ride.contains("Lyft") && !ride.contains { $0.contains("Marlow") || $0.contains("Union") })
        #expect(!spans("Flixbus to Porto from Lisbon 15").contains("Lisbon"))
    }

    @Test func aKnownBrandThenWhatWasBoughtIsTheBrand() {
        let found = spans("Decathlon Laufschuhe 59,99")
        #expect(found.contains("Decathlon") && !found.contains("Decathlon Laufschuhe"))
        // Nor the errand after a known brand.
        let errand = spans("Lidl Einkauf 23,15")
        #expect(errand.contains("Lidl") && !errand.contains("Lidl Einkauf"))
        // Not a brand the lexicon knows: where the name ends is left to the model.
        #expect(spans("Kestrel Coffee 3.20").contains("Kestrel Coffee"))
    }

    @Test func aKindOfBusinessAndItsNameOrACompoundNounThenWhatWasBoughtEndsTheName() {
        let bakery = spans("Bäckerei Lindqvist Brötchen 3,20")
        #expect(bakery.contains("Bäckerei Lindqvist") && !bakery.contains("Bäckerei Lindqvist Brötchen"))
        let gym = spans("Fennloft Monatsbeitrag 29,90 €")
        #expect(gym.contains("Fennloft") && !gym.contains("Fennloft Monatsbeitrag"))
        // A plain word after a name may be part of it; a compound alone is what was bought.
        #expect(spans("Kestrel Books 12.99").contains("Kestrel Books"))
        #expect(!spans("Laufschuhe bei Kestrel 59,99").contains("Laufschuhe"))
    }

    @Test func whoOwesTheWriterIsNoPayee() {
        #expect(!spans("I covered the taxi to the game, 44, Oskar owes me 22").contains { $0.contains("Oskar") })
        #expect(!spans("petrol for the weekend away 61.10, Ines and Kai will chip in").contains { $0.contains("Ines") || $0.contains("Kai") })
        #expect(spans("dinner at Casa Vento 80, Ilse owes me half").contains("Casa Vento"))
        // A capitalised "Pay" is part of a name, and paying someone else is no debt to the writer.
        #expect(spans("Your Kestrel bill payment of 305.35 was a success. Kestrel Pay").contains("Kestrel"))
        #expect(spans("Fenn Garage will pay the parts supplier, I paid them 80").contains("Fenn Garage"))
    }

    @Test func companionsAndRoadsAreNoPayee() {
        #expect(!spans("lunch with Ilse 14.20").contains("Ilse"))
        #expect(!spans("coffee with Tomasz and Mira 8.40").contains { $0.contains("Tomasz") || $0.contains("Mira") })
        let hotel = spans("Hotel Ardent 2 nights with Paul 240")
        #expect(hotel.contains("Hotel Ardent") && !hotel.contains("Paul"))
        #expect(!spans("tolls on the A7 today 9.60").contains("A7"))
        // A lower-case "w" is "with"; the company ends at its comma, the business after it stays.
        let drinks = spans("drinks w Daan and Lena, Blue Anchor, 46")
        #expect(drinks.contains("Blue Anchor") && !drinks.contains { $0.contains("Daan") || $0.contains("Lena") })
        #expect(spans("W Hotel bar 30").contains("W Hotel"))
        // "took a <ride app> to <place>": the place is where it went, and no span opens with "a".
        let ride = spans("took a lumo to Halden Quay, 9.40")
        #expect(ride.contains("lumo") && !ride.contains { $0.contains("Halden Quay") || $0.hasPrefix("a ") })
        // What was grabbed "from" somewhere was bought there; a carrier's name goes "to" a place.
        #expect(spans("I grabbed a sandwich from Marlow Deli for 7.50").contains("Marlow Deli"))
        // Someone taken along goes nowhere by ride, and family named by relation is no payee.
        let outing = spans("took the kids to Reelhouse, popcorn and 3 tickets came to 46")
        #expect(outing.contains("Reelhouse"))
        #expect(MerchantLexicon.isGeneric("the kids") && MerchantLexicon.isGeneric("my sister") && !MerchantLexicon.isGeneric("Mama Corvo"))
        let flight = spans("Northpeak Air to Oslo 189")
        #expect(flight.contains("Northpeak Air") && !flight.contains("Oslo"))
        // Fields parted by slashes.
        #expect(spans("groceries/halden market/42.10").contains("halden market"))
        // After a business introduced by "at": "with the Okafors" are company.
        let dinner = spans("dinner at Trattoria Sole with the Okafors, my share 41")
        #expect(dinner.contains("Trattoria Sole") && !dinner.contains("Okafors"))
        // A business named in brackets is offered without them.
        #expect(spans("paid the tiler (Fenwick Tiling) 180").contains("Fenwick Tiling"))
        // Whom a booking was made with stays, when nothing else is named first.
        #expect(spans("Booked the flight with Kestrel Air 120").contains("Kestrel Air"))
        // A journey's verb opening the note is no business: whom the writer flew with is the carrier.
        #expect(spans("Flew Arlen to Dovik with Kestrel Air, 89 euros").contains("Kestrel Air"))
        // "for me and Aiko": whom the tickets were for.
        #expect(!spans("Cinema Nova tickets for me and Aiko 24").contains("Aiko"))
        // The note opens with the outing, or introduces its business after the company.
        #expect(!spans("Dinner downtown with Mirela 31").contains("Mirela"))
        let tickets = spans("Movie tickets with Oskar at Lumo Cinema 21")
        #expect(tickets.contains("Lumo Cinema") && !tickets.contains("Oskar"))
        // A carrier named after "with" is no company.
        #expect(spans("Arlen to Dovik with Varro Rail 34.50").contains("Varro Rail"))
    }

    /// After a preposition of where, a name made with a word of geography is a place ("near Union
    /// Station", "on Brighton pier", "by Lake Como"); "on" before a shop's name is left alone.
    @Test func aPlaceNamedByItsGeographyIsNoPayee() {
        #expect(!spans("Parking near Harwell Station 12").contains { $0.contains("Harwell") })
        #expect(!spans("Chips on Kestrelsea pier 6.50").contains("Kestrelsea"))
        #expect(!spans("Boat hire by Lake Ardent 30 EUR").contains { $0.contains("Ardent") })
        #expect(spans("Phone case on Gigbox 12.99").contains("Gigbox"))
        // A business named after a place word keeps its name where nothing says "near" or "on" it.
        #expect(spans("Station Grill burger 14").contains("Station Grill"))
    }

    /// Part of a phrase of what was bought ("Ice" of "Ice cream", "cleaning halden" of "dry
    /// cleaning halden") is no name; the phrase whole, or a span beside it, is still offered.
    @Test func aSpanCuttingAPhraseOfWhatWasBoughtIsNoName() {
        let ice = spans("Ice cream on the seafront 7.50")
        #expect(!ice.contains("Ice"))
        let cleaning = spans("dry cleaning halden cleaners 18.50")
        #expect(!cleaning.contains("cleaning halden cleaners") && cleaning.contains("halden cleaners"))
    }

    /// A business named by its own word and its kind stands in when the model copies none; a
    /// common word or a place before the kind makes no name.
    @Test func aNameAndItsKindOfBusinessStandIn() {
        #expect(MerchantSpans.tradeNamed(among: spans("flowers for mum varro florist 35")) == "varro florist")
        #expect(MerchantSpans.tradeNamed(among: ["the corner deli", "corner deli", "village bakery", "beach bar"]) == nil)
    }

    /// Someone's home is not whom the money went to; a feast is when, not who.
    @Test func aHomeOrAFeastIsNoPayee() {
        let dinner = spans("Dinner at Marlow's place, brought wine from Corvo Cellars 24")
        #expect(dinner.contains("Corvo Cellars") && !dinner.contains("Marlow's"))
        #expect(!spans("Christmas market mulled wine 9").contains("Christmas"))
        // Whose occasion it was, when the note says where it was held.
        let party = spans("Ilse's leaving do at Corvo Tap, my round 27")
        #expect(party.contains("Corvo Tap") && !party.contains("Ilse's"))
        #expect(!spans("Diwali sweets from Halvard Mithai 18").contains { $0.hasPrefix("Diwali") })
    }

    @Test func aDoubleXInANameIsNoMaskedNumber() {
        #expect(spans("R.J. Jaxx throw pillows 24.99").contains("R.J. Jaxx"))
        #expect(!spans("Spent Rs 240 at CAFE LUMA on card XXXX 4411").contains { $0.contains("XXXX") })
    }

    @Test func theKindOfBusinessBeforeANameBelongsToIt() {
        let hotel = spans("Hotel Miramonte 2 nights 240")
        #expect(hotel.contains("Hotel Miramonte"))
        #expect(!hotel.contains("Miramonte"))
        // Any other common word opening the note may still be left out.
        #expect(spans("Lunch Nordhaus 12.40").contains("Nordhaus"))
        #expect(!MerchantLexicon.isGeneric("Pharmacie du Pont"))
        #expect(MerchantLexicon.isGeneric("pharmacie"))
        #expect(MerchantLexicon.isGeneric("tuk-tuk") && MerchantLexicon.isGeneric("rickshaw") && !MerchantLexicon.isGeneric("Halden Shuttle"))
        #expect(MerchantLexicon.isGeneric("parking garage"))
        // Facilities and passes anyone could name; what the writer did names no one.
        #expect(MerchantLexicon.isGeneric("airport lounge pass") && MerchantLexicon.isGeneric("Luggage storage"))
        #expect(MerchantLexicon.isOnlyCommonWords("ended") && MerchantLexicon.isOnlyCommonWords("grabbed"))
        // Family, taxes, "online", "w/" and a farmers market name no one either.
        #expect(MerchantLexicon.isOnlyCommonWords("kids'") && MerchantLexicon.isOnlyCommonWords("council tax instalment"))
        #expect(MerchantLexicon.isOnlyCommonWords("online") && MerchantLexicon.isOnlyCommonWords("w/"))
        #expect(MerchantLexicon.isGeneric("Farmers market") && MerchantLexicon.isGeneric("bilhete de metrô"))
        // Outdoor places and dry cleaners, also without their accents; a name after one is still offered.
        #expect(MerchantLexicon.isGeneric("beach") && MerchantLexicon.isGeneric("Tintoreria") && MerchantLexicon.isGeneric("stomerij"))
        #expect(MerchantLexicon.isGeneric("the beach") && MerchantLexicon.isGeneric("Plage"))
        // Plurals and compounds of common words, occasions and everyday things name no one; a brand does.
        #expect(MerchantLexicon.isOnlyCommonWords("cafés") && MerchantLexicon.isOnlyCommonWords("billets"))
        #expect(MerchantLexicon.isOnlyCommonWords("fietsreparatie") && MerchantLexicon.isOnlyCommonWords("wedding"))
        #expect(ExpenseExtractor.namesNoOne("Shoe", in: "Shoe repair 15") && ExpenseExtractor.namesNoOne("piazza", in: "Gelato in piazza 4 €"))
        #expect(!ExpenseExtractor.namesNoOne("Adidas", in: "Adidas 40") && !MerchantLexicon.isOnlyCommonWords("kestrels"))
        // Written as a name: capitalised past the note's opening, or in a script without capitals.
        #expect(ExpenseExtractor.isWrittenAsName("Nordhaus", in: "Lunch Nordhaus 12.40"))
        #expect(!ExpenseExtractor.isWrittenAsName("Lunch", in: "Lunch Nordhaus 12.40"))
        #expect(!ExpenseExtractor.isWrittenAsName("Kestrel", in: "Kestrel 12.40"))
        #expect(ExpenseExtractor.isWrittenAsName("김밥천국", in: "점심 김밥천국 8,000원"))
        #expect(!ExpenseExtractor.isWrittenAsName("점심", in: "점심 김밥천국 8,000원"))
        #expect(!ExpenseExtractor.isWrittenAsName("美容院でカット", in: "美容院でカット 三千円"))
        #expect(!ExpenseExtractor.isWrittenAsName("taxi driver", in: "Gave the taxi driver 50"))
        #expect(spans("Tintoreria Varro 12 €").contains("Tintoreria Varro"))
        // What was had "da" someone is not part of the name; a name does not end in a joining word.
        #expect(!spans("Cena da Mirella 40").contains("Cena da Mirella"))
        #expect(spans("Osteria da Mirella 40").contains("Osteria da Mirella"))
        #expect(!spans("Uber do aeroporto pra casa R$ 64,30").contains("Uber do"))
    }

    @Test func aDeliveryAppIsWhoChargedAndWhatATradeWorksOnIsNoName() {
        // The app charged the card, not the restaurant it brought the food from.
        #expect(spans("Uber Eats order from Kestrel Kitchen 31.45").allSatisfy { $0.hasPrefix("Uber Eats") })
        #expect(spans("Deliveroo - Kestrel Kitchen curry night 38.40").allSatisfy { $0.hasPrefix("Deliveroo") })
        // "Dog walker", "Pizza guy": what the trade works on; a stretch of time is when, not who.
        #expect(!spans("Dog walker for the week 60").contains("Dog"))
        #expect(!spans("Dog walker for the week 60").contains("the week 60"))
        #expect(spans("Amazon delivery guy tip 5").contains("Amazon"))
    }

    @Test func whoseOccasionItWasIsWhomTheMoneyWentTo() {
        #expect(MerchantSpans.ownerOfOccasion("Mira's", in: "Put 50 in Mira's graduation card") == "Mira")
        #expect(MerchantSpans.ownerOfOccasion("Leon's", in: "100 cash in Leon's birthday card") == "Leon")
        // A business named after its owner keeps its name.
        #expect(MerchantSpans.ownerOfOccasion("Rosetta's", in: "dinner at Rosetta's 40") == nil)
        #expect(MerchantSpans.ownerOfOccasion("Mira", in: "paid Mira 20 for her birthday") == nil)
        #expect(MerchantSpans.ownerOfOccasion("Gina's", in: "Gina's party supplies 40") == nil)
    }

    /// Whom a thing was bought for is not who was paid; the money given to them, or a name after a
    /// figure or a word of paying, is.
    @Test func whomACostWasSharedWithAndWhatWasAddedAreNoNames() {
        #expect(!spans("split the 90 cab with Ilse, my half 45").contains("Ilse"))
        #expect(!spans("compartimos el taxi con Ilse, 20 €").contains("Ilse"))
        #expect(spans("split the bill at Corvo, 40").contains("Corvo"))
        let bill = spans("phone bill 35 + 7 VAT, my quarter 30")
        #expect(!bill.contains("VAT") && !bill.contains("quarter 30") && !bill.contains("quarter"))
    }

    @Test func whomItWasBoughtForIsNotWhoWasPaid() {
        #expect(MerchantSpans.isBeneficiary("Nell", in: "Birthday balloons for Nell 14"))
        #expect(MerchantSpans.isBeneficiary("Pepper", in: "Groomer for Pepper 45"))
        #expect(MerchantSpans.isBeneficiary("Ola", in: "Snacks for Ola's leaving do 23.50"))
        #expect(MerchantSpans.isBeneficiary("Inès", in: "Gâteau pour Inès 28 €"))
        #expect(!MerchantSpans.isBeneficiary("Nell", in: "50 cash for Nell's birthday"))
        #expect(!MerchantSpans.isBeneficiary("Gigbox", in: "11.99 for Gigbox this month"))
        #expect(!MerchantSpans.isBeneficiary("Lumo", in: "paid for Lumo premium 9"))
        #expect(!MerchantSpans.isBeneficiary("Nell", in: "paid Nell 30 for the lessons for Nell"))
        #expect(!MerchantSpans.isBeneficiary("Corvo", in: "Dinner at Corvo 54"))
        // Whose occasion or appointment it was, or a relative's, opening the note.
        #expect(MerchantSpans.isBeneficiary("Nell's", in: "Nell's graduation flowers 30"))
        #expect(MerchantSpans.isBeneficiary("Pepper's", in: "Pepper's vet bill 80"))
        #expect(MerchantSpans.isBeneficiary("Dad's", in: "Dad's slippers 19"))
        #expect(!MerchantSpans.isBeneficiary("Gina's", in: "Gina's party supplies 40"))
    }

    /// Languages and cuisines name no one by themselves; a name with them does.
    @Test func aLanguageOrCuisineIsNoMerchant() {
        #expect(MerchantLexicon.isGeneric("French"))
        #expect(MerchantLexicon.isGeneric("Thai restaurant"))
        #expect(!MerchantLexicon.isGeneric("Thai Orchid"))
        #expect(!MerchantLexicon.isGeneric("the Italian place"))
    }

    /// A name before a dash or colon opening a written note is who charged; a common word, a date
    /// or a bank's sender there is not.
    @Test func aNameOpeningTheNoteBeforeADashCharged() {
        #expect(MerchantSpans.openingName(in: "Tunecast - Velvet Lanterns x2 £170", among: spans("Tunecast - Velvet Lanterns x2 £170"))?.name == "Tunecast")
        #expect(MerchantSpans.openingName(in: "Kestrel Books: Winter Atlas 24", among: spans("Kestrel Books: Winter Atlas 24"))?.name == "Kestrel Books")
        #expect(MerchantSpans.openingName(in: "Lunch - Joe's Noodles - 42", among: spans("Lunch - Joe's Noodles - 42")) == nil)
        #expect(MerchantSpans.openingName(in: "Nov 9 — Marlow moisturizer 38", among: spans("Nov 9 — Marlow moisturizer 38")) == nil)
        let bank = "Kestrel Bank: Rs 500 debited from a/c XX12 to ORCHID CAFE"
        #expect(MerchantSpans.openingName(in: bank, among: spans(bank)) == nil)
        // So is one before a verb of charging.
        let charged = "Halden Stays charged my card 240 for the Lumo Valley chalet"
        #expect(MerchantSpans.openingName(in: charged, among: spans(charged))?.name == "Halden Stays")
    }

    /// A seat or gate code, and a wallet's name used as a verb ("will Venmo me"), are no one's name.
    @Test func seatsGatesAndPaymentVerbsAreNoNames() {
        #expect(!spans("Sora Air LIS→OPO 64.90 (seat 14C)").contains("14C"))
        #expect(spans("Sora Air LIS→OPO 64.90 (seat 14C)").contains("Sora Air"))
        #expect(!spans("Escape room at Ardent Rooms 150, the others will Zelle me 30 each").contains("Zelle"))
        #expect(spans("Escape room at Ardent Rooms 150, the others will Zelle me 30 each").contains("Ardent Rooms"))
    }

    @Test func inATitleCasedNoteTheWordsTellTheName() {
        #expect(MerchantSpans.isTitleCased("Team Lunch At Osteria Vento £64"))
        #expect(!MerchantSpans.isTitleCased("dîner chez Le Petit Zinc 58 €"))
        #expect(!MerchantSpans.isTitleCased("Lunch Nordhaus 12.40"))
        // A name opening with what was had, and a companion's name, make no title case.
        #expect(!MerchantSpans.isTitleCased("sushi at Sushi Corvo w/ Kate 78"))
        #expect(spans("sushi at Sushi Corvo w/ Kate 78").contains("Sushi Corvo"))
        let lunch = spans("Team Lunch At Osteria Vento £64")
        #expect(lunch.contains("Osteria Vento"))
        #expect(!lunch.contains { $0.contains("At") || $0.hasPrefix("Lunch") || $0.hasPrefix("Team") })
        let books = spans("Books From Harwell Books £8.99")
        #expect(books.contains("Harwell Books"))
        #expect(!books.contains("Books From Harwell"))
        // Capitals still open names of the kind of business ("Hotel Miramonte").
        #expect(spans("Hotel Night In Bath - Hotel Miramonte - £135").contains("Hotel Miramonte"))
    }

    @Test func whatTheWriterPaidWithAndARouteToAPlaceAreNoPayee() {
        let card = spans("Amazonia Prime renewal £95 charged on my Visa")
        #expect(card.contains("Amazonia"))
        #expect(!card.contains("Visa"))
        // "paid my Nordhaus bill" names the payee.
        #expect(spans("paid my Nordhaus bill 40").contains("Nordhaus"))
        let trip = spans("Cablink Trip Receipt: Thursday evening, Kings Cross to Camden, £14.20")
        #expect(trip.contains("Cablink"))
        #expect(!trip.contains { $0.contains("Camden") || $0.contains("Cross") })
    }

    @Test func familyAfterForATicketsDestinationAndGenericSellersAreNoPayee() {
        #expect(!spans("Flowers for Mum 25").contains("Mum"))
        #expect(!spans("Train ticket to Leeds 23.40").contains("Leeds"))
        // "corrida para o aeroporto": a journey's place after "para" still.
        #expect(!spans("Corrida para Tijuca 30").contains("Tijuca"))
        #expect(MerchantLexicon.isGeneric("street cart"))
        #expect(MerchantLexicon.isGeneric("Uni"))
        #expect(MerchantLexicon.isOnlyCommonWords("dry cleaning"))
    }

    @Test func aNameDoesNotEndInTheSentencesPunctuation() {
        let found = spans("2 glazed and a medium iced, Bakin', 6.87")
        #expect(!found.contains { $0.hasSuffix(",") })
        #expect(found.contains("Bakin'"))
    }

    @Test func aPaymentVerbOpeningTheNoteIsNoName() {
        let found = spans("Pagaste $4.990 a Panadería Sol con tu tarjeta")
        #expect(found.contains("Panadería Sol"))
        #expect(!found.contains { $0.hasPrefix("Pagaste") })
    }

    @Test func whomTheMoneyWasForIsNoPayeeWhenABusinessIsNamed() {
        let found = spans("Pawsome: chew toys for Pip, 14.99")
        #expect(found.contains("Pawsome"))
        #expect(!found.contains("Pip"))
        #expect(!spans("birthday dinner for Ines at Le Prieuré 96.00").contains("Ines"))
        #expect(!spans("Nordlys Rail charged 41 for the Polar Express").contains { $0.contains("Polar") })
        // The only name after "for" is the payee, also over its joining word.
        #expect(spans("15.99 for Streamora this month").contains("Streamora"))
        #expect(spans("tickets for the Museum of Lumo 15").contains("Museum of Lumo"))
        #expect(spans("wedding gift for Lena & Daan - 150 cash").contains("Lena & Daan"))
    }

    @Test func quantitiesAndLeadingNumbersAreNoPartOfAName() {
        let found = spans("VoltaCharge 31 kWh 14.60 at the mall")
        #expect(found.contains("VoltaCharge"))
        #expect(!found.contains { $0.contains("kWh") })
        #expect(!spans("20 for a 24 Hour Gym day pass").contains { $0.hasPrefix("20") })
        #expect(spans("20 for a 24 Hour Gym day pass").contains("24 Hour Gym"))
    }

    @Test func spansDoNotStartOrEndInAJoiningWord() {
        let found = spans("cab from the hotel to Kalvik Arena, 31.00")
        #expect(!found.contains("from"))
        #expect(!found.contains("cab from"))
        #expect(!found.contains("the hotel to"))
        // An article opens names in several languages.
        #expect(spans("cena en La Brasa Vieja 44,00").contains("La Brasa Vieja"))
    }

    @Test(arguments: ["the plumber", "locksmith", "Peluquería", "the taxi driver", "parking garage", "mini golf",
                      "dog walker", "front desk", "the pizza guy", "美容院"])
    func tradesRolesAndGenericPlacesNameNoOne(span: String) {
        #expect(MerchantLexicon.isGeneric(span))
    }

    @Test(arguments: ["the corner deli", "the noodle bar by the station", "Hotel Morvan", "Casa Lucio", "Ilse", "Mario the Baker", "Subway", "Coach",
                      "Farmacia Soler"])
    func namesAndDescriptionsOfOnePlaceAreKept(span: String) {
        #expect(!MerchantLexicon.isGeneric(span))
        #expect(!MerchantLexicon.isOnlyCommonWords(span))
    }

    @Test(arguments: ["late fee", "y luego", "coffee and cake", "dentist copay", "et puis"])
    func commonWordsAloneNameNoOne(span: String) {
        #expect(MerchantLexicon.isOnlyCommonWords(span))
    }

    @Test(arguments: ["zipcab", "burritoville", "the corner kiosk", "Late Fee Records"])
    func lowerCaseNamesAreNotCommonWords(span: String) {
        #expect(!MerchantLexicon.isOnlyCommonWords(span))
    }

    /// Greetings, exclamations and labels that open or close a message are no one's name;
    /// a name that holds such a word is still one.
    @Test func wordsThatOpenOrLabelAMessageAreNoName() {
        let greeted = spans("Hi, payment of INR 250.00 to KAFE ROSA is successful. Txn ID 4412")
        #expect(!greeted.contains("Hi") && !greeted.contains("ID") && greeted.contains("KAFE ROSA"), "\(greeted)")
        #expect(!spans("Awesome! You have sent PHP500.00 to the account ending in 1234").contains("Awesome"))
        #expect(!spans("Rs.15.00 sent to shop@okbank. Not you? Call us").contains("Not you?"))
        #expect(spans("Great Wall takeaway 23.80").contains("Great Wall"))
        #expect(MerchantSpans.isOnlyMessageWords("Thank you!") && MerchantSpans.isOnlyMessageWords("Bonjour"))
        #expect(!MerchantSpans.isOnlyMessageWords("Welcome Break"))
    }

    /// Names in scripts written without spaces, inside guillemets or corner brackets; a figure
    /// written with its currency ("68元") or a currency's word ("บาท") is none.
    @Test func namesInOtherScriptsAndQuotes() {
        let chinese = spans("在青鸟书店买了两本书 68元")
        #expect(chinese.contains("青鸟书店") && !chinese.contains("68元"), "\(chinese)")
        let thai = spans("กาแฟที่ร้านนกฮูก 65 บาท")
        #expect(thai.contains("ร้านนกฮูก") && !thai.contains("บาท"), "\(thai)")
        #expect(spans("обед в кафе «Кестрел» 650 руб").contains("Кестрел"))
        #expect(spans("ランチ「キツツキ食堂」1,200円").contains("キツツキ食堂"))
        // A Turkish case ending after the apostrophe is no part of the name.
        let turkish = spans("kahve Kestrel Kahvecisi'nde 95 TL")
        #expect(turkish.contains("Kestrel Kahvecisi") && !turkish.contains("Kestrel Kahvecisi'nde"), "\(turkish)")
        #expect(spans("O'Malley's 3 pints 18.90").contains("O'Malley's"))
    }

    /// The label of a form's field in a bank's message is never the payee, whatever the word
    /// ("Retailer:", "Naam:"); the value after it may be.
    @Test func aFieldsLabelIsNoName() {
        let retailer = spans("Retailer: KESTREL SPA | Charge: EUR 70.00 | Card *4411")
        #expect(!retailer.contains("Retailer") && retailer.contains("KESTREL SPA"), "\(retailer)")
        let dutch = spans("Naam: Bakkerij Vos, Bedrag: EUR 6,40, Pas: 4411")
        #expect(!dutch.contains("Naam") && dutch.contains("Bakkerij Vos"), "\(dutch)")
        #expect(MerchantSpans.fieldLabelWords(in: "Payment description: GIGBOX ONLINE. USD 45.00 debited")
                    == ["Payment", "description"])
        #expect(MerchantSpans.isOnlyFieldLabels("Beneficiary") && MerchantSpans.isOnlyFieldLabels("Empfänger"))
        #expect(!MerchantSpans.isOnlyFieldLabels("Kestrel Books"))
    }

    /// The bank, card or wallet a message names before "A/c", "Bank", "card" or "balance" is the
    /// writer's own: not the payee, in the model's choice or the rules'.
    @Test func theWritersOwnBankCardOrWalletIsNotThePayee() {
        #expect(BankMessage.payerSideWords(in: "Rs.500 sent from ZETAPAY a/c 91XX0633 to shop@okbank") == ["zetapay"])
        #expect(BankMessage.payerSideWords(in: "New QUIKPESA balance is Ksh80") == ["quikpesa", "new"])
        #expect(BankMessage.payerSideWords(in: "Your PayCo Business Account was debited") == ["payco", "business"])
        // Introduced as the payee, followed by the account: the payee stays.
        #expect(BankMessage.payerSideWords(in: "Card payment 89.00 THB at LUNA MART A/C x3344").isEmpty)
        // An aside about the card, and a sentence that ends before "Balance".
        #expect(BankMessage.payerSideWords(in: "56.03 Wegmart (card ending 4417)").isEmpty)
        #expect(BankMessage.payerSideWords(in: "POKUPKA 120.00 RUB KAFE MIR MC31. Balance: 9 RUB").isEmpty)
        let sent = spans("Rs.500 sent from ZETAPAY a/c 91XX0633 to Kiran Rao")
        #expect(!sent.contains("ZETAPAY") && sent.contains("Kiran Rao"), "\(sent)")
        #expect(RulesExtractor.introducedMerchant(in: "IMPS INR 10.00 sent from ORBIT Bank A/c XX2536 on 14-04-25") == nil)
    }

    /// In a bank message the payee is never in the bank's advice, nor a lower-case word of the
    /// bank's own text, nor how the money moved, nor words run together ("Confirmed.on").
    @Test func aBankMessageOffersNoSpanFromItsAdviceOrItsOwnWords() {
        let message = "Rs.120.00 debited from A/c XX1234 via Quickpay. Confirmed.on 12-10. Solde disponible 40. Not you? Call to block"
        let found = spans(message)
        #expect(!found.contains { $0.contains("Call") || $0.contains("block") }, "\(found)")
        #expect(!found.contains("disponible") && !found.contains("Confirmed.on"), "\(found)")
        #expect(!spans("Sent Rs.80 via INSTAPAY to Mira Cole").contains("INSTAPAY"))
        // Handles and domains are names however they are written; written notes keep lower case.
        #expect(!MerchantSpans.isPlainLowercase("shop.name@okbank") && MerchantSpans.isPlainLowercase("deducted"))
        #expect(spans("uber 23,10 airport").contains("uber"))
    }

    /// The bank's own words and its dates are no payee for the model to copy (invented messages).
    @Test func aBankMessageOffersNoSpanOfItsWordsOrDates() {
        let dated = spans("Kestrel 22Nov 09:15 purchase USD 20.00 with card x1234. Avl bal USD 900.00")
        #expect(!dated.contains("22Nov"), "\(dated)")
        let labelled = spans("Txn of INR 540.00 with card x1234 at NORTHWIND TEA, 02-12")
        #expect(!labelled.contains("Txn") && labelled.contains("NORTHWIND TEA"), "\(labelled)")
        // In a written note the same word may be a name.
        #expect(!MerchantSpans.isOnlyBanksWords("Northwind Tea") && MerchantSpans.isOnlyBanksWords("Avl Bal"))
    }

    /// A balance word right before its figure labels it, in any message (invented Latvian and Spanish).
    @Test func aBalanceWordBeforeItsFigureIsNoSpan() {
        let latvian = spans("Pirkums 8,20 NORTHPEAK SIA RIGA. Atlikums 450,00 EUR")
        #expect(!latvian.contains("Atlikums") && latvian.contains("NORTHPEAK SIA"), "\(latvian)")
        #expect(MerchantSpans.labelsAFigure("Saldo", in: "Kestrel 12,00. Saldo: 1.200,00"))
        // The same word not before a figure is left to the other checks.
        #expect(!MerchantSpans.labelsAFigure("Balance", in: "Balance Yoga class 18"))
    }

    /// A well-known brand's name ends before the branch's place or the product in capitals after
    /// it; a word for a kind of outlet or a hotel tier belongs to it.
    @Test func aWellKnownBrandEndsBeforeItsBranchOrProduct() {
        let branch = spans("Adidas Shinjuku fleece 29.90")
        #expect(branch.contains("Adidas") && !branch.contains("Adidas Shinjuku"), "\(branch)")
        #expect(!spans("Lufthansa Premium Economy seat upgrade 120").contains("Lufthansa Premium"))
        #expect(spans("Holiday Inn Express 2 nights 180").contains("Holiday Inn Express"))
        #expect(spans("Marriott Courtyard room tax 21.40").contains("Marriott Courtyard"))
        // A name the lexicon does not hold keeps its capitalised words.
        #expect(spans("Kestrel Shinjuku fleece 29.90").contains("Kestrel Shinjuku"))
    }

    /// A common word before a well-known brand is not part of its name; a name does not end in a
    /// count ("4 nights"); "n" joins the words of a name ("Splash n Go").
    @Test func aBrandAloneWithoutTheCommonWordsOrTheCountBeside() {
        let opened = spans("Big Adidas haul 120")
        #expect(opened.contains("Adidas") && !opened.contains("Big Adidas"), "\(opened)")
        #expect(!spans("Kestrel Lodge 4 nights 380").contains("Kestrel Lodge 4"))
        #expect(spans("Pho 24 lunch 12.50").contains("Pho 24"))
        #expect(spans("Car wash 15 at Splash n Go").contains("Splash n Go"))
    }

    /// The brand the note names is found among the spans when the model copies no one.
    @Test func theBrandANoteNamesIsFoundAmongItsSpans() {
        let note = "petrol 55.30 esso"
        #expect(MerchantSpans.namedBrand(in: note, among: spans(note)) == "esso")
        #expect(MerchantSpans.namedBrand(in: "petrol 55.30 at the corner", among: spans("petrol 55.30 at the corner")) == nil)
    }

    /// A name after a preposition that opens the note, or after a common word and "da"/"de"
    /// ("dinner at Gino's"), is offered whole; no span goes on past a dash set between spaces.
    @Test func aNameAfterAnOpeningPrepositionIsOffered() {
        #expect(spans("From Northwind Books: 2 paperbacks 24").contains("Northwind Books"))
        #expect(spans("Cena da Gino ieri, 64 euro").contains("Gino"))
        #expect(!spans("the corner deli - 2 bagels 9.80").contains { $0.contains(" - ") })
        // A number added to another is money, not part of the name before it.
        let summed = spans("dinner at Lume 84 + 15% tip")
        #expect(summed.contains("Lume") && !summed.contains("Lume 84"), "\(summed)")
        // What the writer did, in their language, names no one.
        #expect(["Almocei", "Compré", "Bezahlt", "Acheté"].allSatisfy { MerchantLexicon.isOnlyCommonWords($0.lowercased()) })
    }

    /// The word that says which total follows ("Grand" of "Grand total") is no name, while a name
    /// opening with it is; whom the writer treated is a guest, in English, French, Spanish, Italian
    /// and German (invented notes).
    @Test func totalsModifiersAndGuestsTreatedAreNoNames() {
        #expect(!spans("Grand total 45 at Kestrel Diner").contains("Grand"))
        #expect(!spans("Sub-total 40, tip 5").contains("Sub"))
        #expect(spans("Grand Hotel Varro 2 nights 300").contains("Grand Hotel Varro"))
        #expect(!spans("treated Lena to dinner at Corvo 58").contains("Lena"))
        #expect(!spans("Invité a Ilse a cenar en Casa Varro, 36 €").contains("Ilse"))
        #expect(!spans("ho offerto a Daan la cena da Ostra, 50 €").contains("Daan"))
        let german = spans("Ich habe Daan ins Ostra eingeladen, 64 €")
        #expect(!german.contains("Daan") && german.contains("Ostra"), "\(german)")
        // Someone else's name after "habe" is no guest when nobody was invited.
        #expect(spans("Ich habe Fennick Books besucht, 2 Romane 24 €").contains("Fennick Books"))
    }

    /// Only a written note all in capitals is folded, one character for one; the merchant read
    /// from the folded note is copied back from the note as written; a bank's message is not folded.
    @Test func aShoutedNoteIsFoldedAndItsMerchantCopiedBack() {
        let note = "LUNCH AT HALDEN DELI 14.20"
        let folded = ExpenseExtractor.foldedShouting(note)
        #expect(folded == "lunch at halden deli 14.20")
        #expect(ExpenseExtractor.restoringCase("halden deli", folded: folded ?? "", original: note) == "HALDEN DELI")
        #expect(ExpenseExtractor.restoringCase("Marta", folded: folded ?? "", original: note) == "Marta")
        #expect(ExpenseExtractor.foldedShouting("Lunch at Halden Deli 14.20") == nil)
        #expect(ExpenseExtractor.foldedShouting("TAXI 12") == nil)
        #expect(ExpenseExtractor.foldedShouting("PURCHASE OF INR 560.00 ON CARD XX1234 AT LUMO MART. AVL BAL INR 12,300.00") == nil)
    }

    /// A count of things bought is no part of a name ("halden books 2 novels"), a name's own number
    /// is ("Route 66 Diner", "Studio 54 Fitness"); in a note without capitals, whom something was
    /// bought for is found in lower case too (invented).
    @Test func aCountOfThingsEndsANameAndLowerCaseBeneficiaries() {
        let counted = spans("halden books 2 novels 31.50")
        #expect(!counted.contains("halden books 2") && !counted.contains("halden books 2 novels"), "\(counted)")
        #expect(!MerchantSpans.countsThings("Route 66 Diner", in: "Route 66 Diner burgers 24.50"))
        #expect(!MerchantSpans.countsThings("Studio 54 Fitness", in: "Studio 54 Fitness monthly 45"))
        #expect(!MerchantSpans.countsThings("Ostra & Sons", in: "Ostra & Sons hardware 18.35"))
        #expect(spans("Ostra & Sons hardware, screws and hinges 18.35").contains("Ostra & Sons"))
        #expect(MerchantSpans.isBeneficiary("mia", in: "birthday cake for mia 34"))
        #expect(!MerchantSpans.isBeneficiary("Halden Museum", in: "ticket for Halden Museum 18"))
    }
}
