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
        // The only name after "for" is the payee.
        #expect(spans("15.99 for Streamora this month").contains("Streamora"))
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
}
