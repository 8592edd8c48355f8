import Testing
@testable import ScanbookCore

/// IBAN, creditor reference, QR reference and participant number, on published examples.
@Suite struct AccountNumberTests {
    @Test(arguments: ["CH93 0076 2011 6238 5295 7", "ch9300762011623852957", "DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32",
                      "FR14 2004 1010 0505 0001 3M02 606", "LI21 0881 0000 2324 013A A", "NO93 8601 1117 947"])
    func publishedIBANsAreValid(text: String) throws {
        let iban = try IBAN.parse(text).get()
        #expect(iban.electronic == text.replacingOccurrences(of: " ", with: "").uppercased())
        #expect(IBAN(iban.formatted) == iban, "the printed form reads back")
    }

    @Test func ibanProblemsAreNamed() {
        func problem(_ text: String) -> PaymentProblem.Kind? {
            if case .failure(let problem) = IBAN.parse(text) { return problem.kind }
            return nil
        }
        #expect(problem("CH93 0076 2011 6238 5295 8") == .checkDigit)
        #expect(problem("CH39 0076 2011 6238 5295 7") == .checkDigit, "swapped check digits")
        #expect(problem("CH93 0076 2011 6238 5295") == .wrongLength)
        #expect(problem("XX93 0076 2011 6238 5295 7") == .unknownCountry)
        #expect(problem("CH93 0076 2011 6238 5295 Ä") == .invalidCharacters)
        #expect(problem("") == .missing)
    }

    @Test func qrIBANsAreTheSwissOnesWithAQRInstitutionID() throws {
        #expect(try IBAN.parse("CH44 3199 9123 0008 8901 2").get().isQRIBAN)
        #expect(try IBAN.parse("CH93 0076 2011 6238 5295 7").get().isQRIBAN == false)
        #expect(try IBAN.parse("DE89 3704 0044 0532 0130 00").get().isQRIBAN == false)
        #expect(IBAN("CH4431999123000889012")?.formatted == "CH44 3199 9123 0008 8901 2")
    }

    @Test func creditorReferencesFollowISO11649() throws {
        #expect(try CreditorReference.parse("RF18 5390 0754 7034").get().electronic == "RF18539007547034")
        #expect(CreditorReference(body: "539007547034")?.electronic == "RF18539007547034")
        #expect(CreditorReference(body: "539007547034")?.formatted == "RF18 5390 0754 7034")
        guard case .failure(let problem) = CreditorReference.parse("RF19 5390 0754 7034") else { Issue.record("accepted"); return }
        #expect(problem.kind == .checkDigit)
        #expect(problem.correctedValue == "RF18539007547034", "only the check digits are computed")
        #expect(CreditorReference("RF18") == nil)
        #expect(CreditorReference(body: String(repeating: "1", count: 22)) == nil)
    }

    @Test func mod10RecursiveMatchesTheSlipExamples() {
        #expect(Mod10Recursive.checkDigit(of: "21000000000313947143000901") == 7)
        #expect(Mod10Recursive.isValid("210000000003139471430009017"))
        #expect(Mod10Recursive.checkDigit(of: "04") == 2, "042> on slips without amount")
        #expect(Mod10Recursive.checkDigit(of: "12a") == nil)
        // Every single-digit change and every swap of neighbours is caught.
        let reference = Array("21000000000313947143000901")
        for index in reference.indices {
            for digit in "0123456789" where digit != reference[index] {
                var changed = reference
                changed[index] = digit
                #expect(Mod10Recursive.checkDigit(of: String(changed)) != 7)
            }
        }
    }

    @Test func qrReferencesHave27DigitsWithTheirCheckDigit() throws {
        #expect(try QRReference.parse("21 00000 00003 13947 14300 09017").get().formatted == "21 00000 00003 13947 14300 09017")
        let body = "31394714300090"
        let short = body + String(try #require(Mod10Recursive.checkDigit(of: body)))
        guard case .failure(let problem) = QRReference.parse(short) else { Issue.record("accepted"); return }
        #expect(problem.correctedValue == String(repeating: "0", count: 12) + short, "leading zeros left out")
        #expect(QRReference("210000000003139471430009018") == nil)
    }

    @Test func participantNumbersConvertBothWays() throws {
        let number = try ParticipantNumber.parse("01-162-8").get()
        #expect(number.digits == "010001628")
        #expect(ParticipantNumber("010001628")?.formatted == "01-162-8")
        #expect(ParticipantNumber("01-162-9") == nil)
        #expect(ParticipantNumber("01-1234567-8") == nil)
    }
}
