import Foundation
import ScanbookCore
import Vapor

/// A QR-bill to issue, from the page or the API; every field text, checked by the QR-bill rules.
struct IssuedBillForm: Content {
    var account: UUID?
    /// de, fr, it or en: the payment part's labels (default: the user's language).
    var language: String?
    /// QRR is taken on a QR-IBAN whatever is sent; on an IBAN SCOR (default) or NON.
    var referenceType: String?
    var creditorName: String?
    var creditorStreet: String?
    var creditorBuildingNumber: String?
    var creditorPostalCode: String?
    var creditorTown: String?
    var creditorCountry: String?
    var debtorName: String?
    var debtorStreet: String?
    var debtorBuildingNumber: String?
    var debtorPostalCode: String?
    var debtorTown: String?
    var debtorCountry: String?
    /// Empty: the payer fills in the amount.
    var amount: String?
    var currency: String?
    var message: String?

    private static let text = PaymentForm.field

    var creditor: QRBill.Address {
        QRBill.Address(name: Self.text(creditorName), street: Self.text(creditorStreet), buildingNumber: Self.text(creditorBuildingNumber),
                       postalCode: Self.text(creditorPostalCode), town: Self.text(creditorTown), country: Self.text(creditorCountry).uppercased())
    }

    /// nil when every debtor field is empty.
    var debtor: QRBill.Address? {
        let address = QRBill.Address(name: Self.text(debtorName), street: Self.text(debtorStreet), buildingNumber: Self.text(debtorBuildingNumber),
                                     postalCode: Self.text(debtorPostalCode), town: Self.text(debtorTown), country: Self.text(debtorCountry).uppercased())
        return [address.name, address.street, address.buildingNumber, address.postalCode, address.town, address.country].allSatisfy(\.isEmpty) ? nil : address
    }

    /// The bill for invoice `number` on `iban`, or every problem at once. The rules are the
    /// reader's: the payload is written and decoded, so a bill Scanbook issues is one it accepts.
    /// Swico billing information (S1) carries the invoice number and date.
    func bill(iban: String, number: Int, today: CalendarDate) -> Result<QRBill, PaymentProblems> {
        var problems: [PaymentProblem] = []
        var amount: Amount?
        let typed = Self.text(self.amount)
        if !typed.isEmpty {
            amount = Amount(typed: typed)
            if amount == nil { problems.append(PaymentProblem(.amount, .wrongFormat)) }
        }
        let referenceType: QRBill.ReferenceType = IBAN(iban)?.isQRIBAN == true ? .qr
            : Self.text(self.referenceType).uppercased() == QRBill.ReferenceType.none.rawValue ? .none : .creditor
        let date = today.description.replacingOccurrences(of: "-", with: "").dropFirst(2)
        let message = Self.text(self.message)
        // Addresses typed in the old combined form are split; one that reads two ways is asked for.
        for (address, field) in [(creditor, PaymentProblem.Field.creditorStreet), (debtor, .debtorStreet)] where address != nil && address?.structured() == nil {
            problems.append(PaymentProblem(field, .combinedAddress))
        }
        let bill = QRBill(
            account: iban, creditor: creditor.structured() ?? creditor, amount: amount, currency: Self.text(currency).isEmpty ? "CHF" : Self.text(currency).uppercased(),
            debtor: debtor.map { $0.structured() ?? $0 }, referenceType: referenceType, reference: QRBill.issuedReference(referenceType, invoiceNumber: number),
            message: message.isEmpty ? nil : message, billInformation: "//S1/10/\(number)/11/\(date)"
        )
        switch QRBill.decode(bill.payload) {
        case .success(let checked) where problems.isEmpty: return .success(checked)
        case .success: return .failure(PaymentProblems(problems))
        case .failure(let found): return .failure(PaymentProblems(problems + found.problems))
        }
    }
}

/// An issued QR-bill as the API shows it.
struct IssuedBillDTO: Content {
    let id: UUID
    let number: Int
    let state: IssuedBill.State
    let referenceType: String
    let reference: String?
    /// Minor units; nil when the payer fills in the amount.
    let amountMinor: Int?
    let paidMinor: Int
    let currency: String
    let debtorName: String?
    let language: String
    let createdAt: Date?
    /// The payment part with receipt: SVG, PDF and PNG.
    let svg: String
    let pdf: String
    let png: String

    init(_ bill: IssuedBill) throws {
        let id = try bill.requireID()
        self.id = id
        number = bill.number
        state = bill.state
        referenceType = bill.referenceType
        reference = bill.reference
        amountMinor = bill.amountMinor
        paidMinor = bill.paidMinor
        currency = bill.currency
        debtorName = bill.debtorName
        language = bill.language
        createdAt = bill.createdAt
        svg = PaymentsAPIRoute.billDocument(id: id, format: .svg).path
        pdf = PaymentsAPIRoute.billDocument(id: id, format: .pdf).path
        png = PaymentsAPIRoute.billDocument(id: id, format: .png).path
    }
}
