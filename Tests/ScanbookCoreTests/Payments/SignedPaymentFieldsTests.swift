import Testing
@testable import ScanbookCore

@Suite struct SignedPaymentFieldsTests {
    @Test func everySignedFieldChangesWhatIsSigned() {
        let signed = SignedPaymentFields(debitAccount: "CH9300762011623852957", beneficiaryAccount: "CH4431999123000889012", amountHundredths: 194_975, currency: "CHF", reference: "210000000003139471430009017")
        var edits = [signed, signed, signed, signed, signed]
        edits[0].debitAccount = "CH5604835012345678009"
        edits[1].beneficiaryAccount = "CH9300762011623852957"
        edits[2].amountHundredths = 194_976
        edits[3].currency = "EUR"
        edits[4].reference = ""
        #expect(Set(edits.map(\.canonical) + [signed.canonical]).count == 6)
    }

    @Test func fieldsCannotBleedIntoEachOther() {
        let a = SignedPaymentFields(debitAccount: "A|1", beneficiaryAccount: "B", amountHundredths: 1, currency: "CHF", reference: nil)
        let b = SignedPaymentFields(debitAccount: "A", beneficiaryAccount: "1|B", amountHundredths: 1, currency: "CHF", reference: nil)
        #expect(a.canonical != b.canonical)
    }
}
