@testable import ScanbookCore
import Testing

/// The merchant from the header: the company line, else the first line that reads like a name,
/// never an address, a phone number or a smudge OCR read as letters.
@Suite struct MerchantGuessTests {
    @Test func aCompanyLineCountsWithItsRegistrationNumber() {
        #expect(MerchantGuess.from(["99 SPEED MART S/B (519537-X)", "LOT P.T. 2811, JALAN ANGSA,", "41150 KLANG, SELANGOR"]) == "99 SPEED MART S/B")
        #expect(MerchantGuess.from(["AEON CO. (M) BHD (126926-H)", "3RD FLR, AEON TAMAN MALURI SC"]) == "AEON CO. (M) BHD")
    }

    @Test func addressesPostcodesAndPhoneNumbersAreNotNames() {
        #expect(MerchantGuess.from(["K3-113, JL IBRAHIM SULTAN", "80300 JOHOR BAHRU", "Tel 07-2231234", "Cafe Sin Du"]) == "Cafe Sin Du")
        #expect(MerchantGuess.from(["Bahnhofstrasse 12", "8001 Zürich", "Bäckerei Frei"]) == "Bäckerei Frei")
        #expect(MerchantGuess.from(["Via Nassa 5", "6900 Lugano", "Panetteria Lago"]) == "Panetteria Lago")
    }

    @Test func aStreetIsNoNameEvenWhenItsWordsNameAShop() {
        // "Markt" marks a shop's name ("REWE Markt GmbH"), and a street ("Am Markt") as well.
        #expect(MerchantGuess.from(["EDEKA Center Koch", "Am Markt 89", "79612 Freiburg"]) == "EDEKA Center Koch")
        #expect(MerchantGuess.from(["Am Markt 145a, 90570 Nürnberg", "REWE Markt GmbH"]) == "REWE Markt GmbH")
        #expect(MerchantGuess.from(["Café 21", "Tel. 044 516 30 57"]) == "Café 21", "a number ends a name too, without a postcode below")
        #expect(MerchantGuess.from(["Zwiebeln 1kg 2,66 A", "Toastbrot 1,59 A"]) == nil, "items under an unread logo name no shop")
        #expect(MerchantGuess.isStreet(["Zum Hafen 26b", "8005 Zürich"], at: 0))
        #expect(!MerchantGuess.isStreet(["7 ELEVEN 24", "OPEN 24 HOURS"], at: 0))
    }

    @Test func lettersOCRReadAsDigitsAreLettersAgain() {
        #expect(MerchantGuess.from(["KMF F00DICIOUS SDN BHD"]) == "KMF FOODICIOUS SDN BHD")
        #expect(MerchantGuess.from(["URBAN 1DEA SDN BHD (417940-M),"]) == "URBAN IDEA SDN BHD")
        #expect(MerchantGuess.from(["MR. D.1.Y. (M) SDN BHD"]) == "MR. D.I.Y. (M) SDN BHD")
        #expect(MerchantGuess.from(["Taste Of The WorId Sdn Bhd"]) == "Taste Of The World Sdn Bhd")
        #expect(MerchantGuess.from(["LidI", "Hauptstr. 5"]) == "Lidl")
        #expect(MerchantGuess.from(["Caf0 am See"]) == "Caf0 am See", "a digit ending a word is no letter we can be sure of")
        // Numbers in names stay numbers.
        for name in ["99 SPEED MART S/B", "1ST CHOICE TRADING SDN BHD", "OLIVE9 PHARMACY SDN BHD", "LEVEL10 CAFE", "Café 21", "7-ELEVEN MALAYSIA SDN BHD", "RM1.50"] {
            #expect(MerchantGuess.withLettersReadAsDigits(name) == name, "\(name)")
        }
    }

    @Test func aLineOCRWasUnsureOfIsSkipped() {
        let lines = ["Berti Kan en hai I", "GUARDIAN HEALTH AND BEAUTY"]
        #expect(MerchantGuess.from(lines) == "Berti Kan en hai I", "without confidences every line counts")
        #expect(MerchantGuess.from(lines, confidences: [34, 88]) == "GUARDIAN HEALTH AND BEAUTY")
        #expect(MerchantGuess.from(["nn EEE"], confidences: [20]) == nil, "nothing legible: no guess rather than noise")
    }

    @Test func aStrayMarkAboveTheCompanyFormIsNotPartOfTheName() {
        #expect(MerchantGuess.from(["Foz", "AEON CO. (M) BHD"]) == "AEON CO. (M) BHD")
        #expect(MerchantGuess.from(["POPULAR BOOK", "CO. (M) SDN BHD"]) == "POPULAR BOOK CO. (M) SDN BHD")
    }

    @Test func aGuessNamesACompanyFormAndReadsAsWords() {
        #expect(MerchantGuess.namesCompanyForm("SEGI CASH & CARRY SDN. BHD."))
        #expect(MerchantGuess.namesCompanyForm("KING'S CONFECTIONERY S/B"))
        #expect(MerchantGuess.namesCompanyForm("REWE Markt GmbH"))
        #expect(!MerchantGuess.namesCompanyForm("Thank You, Please come again."))
        #expect(MerchantGuess.readsAsWords("KING'S CONFECTIONERY S/B"))
        #expect(MerchantGuess.readsAsWords("C P) Cash & Carry Sdn. Bhd."))
        #expect(!MerchantGuess.readsAsWords("OL 02 Fee Ry hn OE Gk eg ge ge 0s 9 i Ae ae oe Cy Me Toye: cc Sa er a a"))
        #expect(!MerchantGuess.readsAsWords("/ a 1 STT US AG"))
        #expect(!MerchantGuess.readsAsWords("0 12"), "no letters")
    }

    /// Issue 47: German receipts named "UNSERE ÖFFNUNGSZEITEN" or "EUR" after their merchant.
    @Test func neitherOpeningHoursNorACurrencyIsAMerchant() {
        #expect(MerchantGuess.from(["UNSERE ÖFFNUNGSZEITEN", "Mo-Sa 07:00-20:00", "Bäckerei Kunz", "Hauptstrasse 12"]) == "Bäckerei Kunz")
        #expect(MerchantGuess.from(["EUR", "Drogerie Lindner", "Marktplatz 3"]) == "Drogerie Lindner")
        #expect(MerchantGuess.from(["Opening hours", "Corner Shop"]) == "Corner Shop")
        #expect(MerchantGuess.from(["Euro", "CHF"]) == nil)
        #expect(MerchantGuess.from(["Mo.-Fr. 8-18 Uhr", "Papeterie Zürcher"]) == "Papeterie Zürcher")
        #expect(!MerchantGuess.isOpeningHours("SA-SA COSMETICS"), "a name that starts like a day range")
    }

    /// Some tills print their footer or the cashier above the name; neither names the shop.
    @Test func thanksStorePoliciesAndTheCashierAreNotTheMerchant() {
        #expect(MerchantGuess.from(["GOODS SOLD ARE NOT RETURNABLE THANK YOU", "BOOKS & GIFTS CORNER", "Jalan Ampang"]) == "BOOKS & GIFTS CORNER")
        #expect(MerchantGuess.from(["Z = 0% 4.00", ". .THANK YOU AND DO VISIT US AGAIN.", "Cashier [P.NISANTHI] Machine [003]", "[19/06/17] [11:37]", "FIVE STAR GROCER"])
            == "FIVE STAR GROCER")
        #expect(MerchantGuess.from(["Vielen Dank für Ihren Einkauf", "Es bediente Frau Meier", "Metzgerei Huber"]) == "Metzgerei Huber")
        #expect(MerchantGuess.from(["Merci de votre visite", "Fromagerie Dubois"]) == "Fromagerie Dubois")
        #expect(MerchantGuess.from(["TERIMA KASIH", "KEDAI RUNCIT AMAN"]) == "KEDAI RUNCIT AMAN")
        #expect(MerchantGuess.from(["Thankful Bakery", "Hauptstrasse 3"]) == "Thankful Bakery", "whole words only")
    }

    @Test func aBracketTheNameNeverClosesEndsItBeforeTheBracket() {
        #expect(MerchantGuess.from(["SLF CASH & CARRY [97", "(002107265-V)"]) == "SLF CASH & CARRY")
        #expect(MerchantGuess.from(["BILLION SIX ENTERPRISE P)", "NO 5 JALAN"]) == "BILLION SIX ENTERPRISE")
        #expect(MerchantGuess.from(["POPULAR BOOK CO. (M) SDN BHD"]) == "POPULAR BOOK CO. (M) SDN BHD", "balanced brackets stay")
        #expect(MerchantGuess.from(["GOLDEN BAKERY (SETAPAK)"]) == "GOLDEN BAKERY (SETAPAK)")
        #expect(MerchantGuess.withoutUnbalancedEnd("(SHOP)]") == "(SHOP)]", "one word is kept whole")
    }
}
