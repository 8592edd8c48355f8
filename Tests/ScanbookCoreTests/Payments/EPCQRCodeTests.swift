import Testing
@testable import ScanbookCore

@Suite struct EPCQRCodeTests {
    @Test func theEPCExampleDecodes() throws {
        // EPC069-12's example: Red Cross Belgium.
        let code = try EPCQRCode.decode("BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code").get()
        #expect(code.bic == "BPOTBEB1" && code.name == "Red Cross of Belgium" && code.iban.electronic == "BE72000000001616")
        #expect(code.amount?.description == "1.00")
        #expect(code.purpose == "CHAR" && code.text == "Urgency fund" && code.reference == nil)
    }

    @Test func aCreditorReferenceAndNoBICInVersion2() throws {
        let code = try EPCQRCode.decode("BCD\n002\n1\nSCT\n\nMax Muster\nDE89370400440532013000\nEUR12.3\n\nRF18539007547034").get()
        #expect(code.amount?.description == "12.30" && code.reference?.electronic == "RF18539007547034" && code.bic == nil)
    }

    @Test func brokenCodesNameTheirField() {
        func fields(_ payload: String) -> [PaymentProblem.Field] {
            if case .failure(let found) = EPCQRCode.decode(payload) { return found.problems.map(\.field) }
            return []
        }
        #expect(fields("BCD\n001\n1\nSCT\n\nMax\nDE89370400440532013000") == [.account], "version 001 needs the BIC")
        #expect(fields("BCD\n002\n1\nSCT\n\nMax\nDE89370400440532013001") == [.account])
        #expect(fields("BCD\n002\n1\nSCT\n\nMax\nDE89370400440532013000\nCHF12") == [.amount])
        #expect(fields("BCD\n002\n1\nSCT\n\nMax\nDE89370400440532013000\nEUR1\n\nRF18539007547034\nText") == [.message])
        #expect(fields("SPC\n0200\n1") == [.header])
    }
}
