import Testing
@testable import ScanbookCore

@Suite struct PaymentDraftTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 25)!
    static let schneider = QRBill.Address(name: "Robert Schneider AG", street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH")

    static func qrBill(_ change: (inout PaymentDraft) -> Void = { _ in }) -> PaymentDraft {
        var draft = PaymentDraft(
            kind: .qrBill, debitAccount: "ch93 0076 2011 6238 5295 7", beneficiaryAccount: "CH44 3199 9123 0008 8901 2", beneficiary: schneider,
            amount: "1'949.75", referenceType: "QRR", reference: "21 00000 00003 13947 14300 09017", message: "Rechnung 4711", executionDate: "2026-11-26"
        )
        change(&draft)
        return draft
    }

    static func problems(_ draft: PaymentDraft) -> [PaymentProblem] {
        if case .failure(let found) = draft.check(today: today) { return found.problems }
        return []
    }

    @Test func aQRBillPaymentIsStoredInNormalForm() throws {
        let payment = try Self.qrBill().check(today: Self.today).get()
        #expect(payment.debitAccount.electronic == "CH9300762011623852957")
        #expect(payment.beneficiaryAccount == "CH4431999123000889012")
        #expect(payment.amount.description == "1949.75" && payment.currency == "CHF")
        #expect(payment.referenceType == "QRR" && payment.reference == "210000000003139471430009017")
        #expect(payment.executionDate.description == "2026-11-26")
    }

    @Test func anOrangeSlipPaysAParticipantNumberWithItsReference() throws {
        let draft = PaymentDraft(kind: .esr, debitAccount: "CH9300762011623852957", beneficiaryAccount: "01-162-8", amount: "3949.75",
                                 reference: "12 00000 00000 23447 89432 16899", executionDate: "2026-11-25")
        let payment = try draft.check(today: Self.today).get()
        #expect(payment.beneficiaryAccount == "010001628" && payment.referenceType == "ESR" && payment.reference == "120000000000234478943216899")
    }

    @Test func eachWrongFieldIsNamedWithACorrectionWhereOneExists() {
        #expect(Self.problems(Self.qrBill { $0.beneficiaryAccount = "CH9300762011623852957" }).contains(PaymentProblem(.referenceType, .qrReferenceNeedsQRIBAN)))
        #expect(Self.problems(Self.qrBill { $0.debitAccount = "CH9300762011623852958" }) == [PaymentProblem(.debitAccount, .checkDigit)])
        #expect(Self.problems(Self.qrBill { $0.amount = "12.505" }) == [PaymentProblem(.amount, .wrongFormat)], "cents or thousands? not guessed")
        #expect(Self.problems(Self.qrBill { $0.amount = "zwölf" }) == [PaymentProblem(.amount, .wrongFormat)])
        #expect(Self.problems(Self.qrBill { $0.amount = "0" }) == [PaymentProblem(.amount, .outOfRange)])
        #expect(Self.problems(Self.qrBill { $0.executionDate = "2026-11-24" }) == [PaymentProblem(.executionDate, .outOfRange, correctedValue: "2026-11-25")])
        #expect(Self.problems(Self.qrBill { $0.executionDate = "2028-01-01" }) == [PaymentProblem(.executionDate, .outOfRange)])
        #expect(Self.problems(Self.qrBill { $0.beneficiary = nil }) == [PaymentProblem(.creditor, .missing)])
        let scor = Self.qrBill { $0.beneficiaryAccount = "CH9300762011623852957"; $0.referenceType = "SCOR"; $0.reference = "RF19539007547034" }
        #expect(Self.problems(scor) == [PaymentProblem(.reference, .checkDigit, correctedValue: "RF18539007547034")])
        let own = PaymentDraft(kind: .ownTransfer, debitAccount: "CH9300762011623852957", beneficiaryAccount: "CH93 0076 2011 6238 5295 7", amount: "10", executionDate: "2026-11-25")
        #expect(Self.problems(own) == [PaymentProblem(.account, .notEmpty)])
    }

}
