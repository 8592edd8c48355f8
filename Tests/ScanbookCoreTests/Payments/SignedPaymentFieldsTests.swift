import Testing
@testable import ScanbookCore

@Suite struct SignedPaymentFieldsTests {
    static let signed = SignedPaymentFields(
        debitAccount: "CH9300762011623852957", beneficiaryAccount: "CH4431999123000889012",
        beneficiary: QRBill.Address(name: "Robert Schneider AG", street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH"),
        amountHundredths: 194_975, currency: "CHF", referenceType: "QRR", reference: "210000000003139471430009017",
        message: "Order 2026-11", executionDate: "2026-11-30"
    )

    @Test func everyFieldTheBankReceivesChangesWhatIsSigned() {
        let edits: [(inout SignedPaymentFields) -> Void] = [
            { $0.debitAccount = "CH5604835012345678009" },
            { $0.beneficiaryAccount = "CH9300762011623852957" },
            { $0.beneficiary.name = "Robert Schneider SA" },
            { $0.beneficiary.street = "Rue du Lac " },
            { $0.beneficiary.buildingNumber = "1269" },
            { $0.beneficiary.postalCode = "2502" },
            { $0.beneficiary.town = "Bienne" },
            { $0.beneficiary.country = "FR" },
            { $0.amountHundredths = 194_976 },
            { $0.currency = "EUR" },
            { $0.referenceType = "SCOR" },
            { $0.reference = "" },
            { $0.message = "Order 2026-12" },
            { $0.executionDate = "2026-12-01" },
        ]
        let texts = edits.map { edit in
            var changed = Self.signed
            edit(&changed)
            return changed.canonical
        }
        #expect(Set(texts + [Self.signed.canonical]).count == edits.count + 1)
    }

    @Test func fieldsCannotBleedIntoEachOther() {
        var a = Self.signed, b = Self.signed
        (a.debitAccount, a.beneficiaryAccount) = ("A|1", "B")
        (b.debitAccount, b.beneficiaryAccount) = ("A", "1|B")
        #expect(a.canonical != b.canonical)
        (a.reference, a.message) = ("R", "")
        (b.reference, b.message) = ("", "R")
        #expect(a.canonical != b.canonical)
    }

    @Test func aWhitelistEntryCoversPaymentsUpToItsLimitAndTheCeiling() {
        let cover = PaymentSignaturePolicy.Cover(limitHundredths: 500_000, currency: "CHF")
        #expect(PaymentSignaturePolicy.covers(cover, amountHundredths: 500_000, currency: "CHF", ceilingHundredths: 1_000_000))
        #expect(!PaymentSignaturePolicy.covers(cover, amountHundredths: 500_001, currency: "CHF", ceilingHundredths: 1_000_000))
        #expect(!PaymentSignaturePolicy.covers(cover, amountHundredths: 100, currency: "EUR", ceilingHundredths: 1_000_000), "another currency than the limit's")
        #expect(!PaymentSignaturePolicy.covers(cover, amountHundredths: 300_000, currency: "CHF", ceilingHundredths: 200_000), "the ceiling caps the entry's limit")
        #expect(!PaymentSignaturePolicy.covers(nil, amountHundredths: 1, currency: "CHF", ceilingHundredths: 1_000_000))
        let anyCurrency = PaymentSignaturePolicy.Cover(limitHundredths: 1_000, currency: nil)
        #expect(PaymentSignaturePolicy.covers(anyCurrency, amountHundredths: 1_000, currency: "EUR", ceilingHundredths: 1_000_000))
    }

    @Test func aPaymentThatNeededASignatureKeepsNeedingOne() {
        let cover = PaymentSignaturePolicy.Cover(limitHundredths: 500_000, currency: "CHF")
        #expect(!PaymentSignaturePolicy.requiresSignature(wasRequired: false, cover: cover, amountHundredths: 1_000, currency: "CHF", ceilingHundredths: 1_000_000))
        #expect(PaymentSignaturePolicy.requiresSignature(wasRequired: true, cover: cover, amountHundredths: 1_000, currency: "CHF", ceilingHundredths: 1_000_000),
                "brought under the limit by a change, it still waits for its signature")
        #expect(PaymentSignaturePolicy.requiresSignature(wasRequired: false, cover: cover, amountHundredths: 99_999_999, currency: "CHF", ceilingHundredths: 1_000_000))
    }
}
