import Foundation
import ScanbookCore
import Vapor

/// An own account, from the page (checkbox "on") or the API (true/false).
struct PaymentAccountForm: Content {
    var name: String?
    var iban: String?
    var currency: String?
    var isDefault: String?
}

struct PaymentAccountInput: Content {
    var name: String?
    var iban: String?
    var currency: String?
    var isDefault: Bool?
}

/// A payment as typed, from the page or the API; every field text, checked by `PaymentDraft`.
struct PaymentForm: Content {
    var kind: String?
    var debitAccount: UUID?
    var beneficiaryName: String?
    var beneficiaryStreet: String?
    var beneficiaryBuildingNumber: String?
    var beneficiaryPostalCode: String?
    var beneficiaryTown: String?
    var beneficiaryCountry: String?
    var beneficiaryAccount: String?
    var amount: String?
    var currency: String?
    var referenceType: String?
    var reference: String?
    var message: String?
    var executionDate: String?
    /// How the user started it, for the favourites: "scan" or "template:<id>"; the kind otherwise.
    var from: String?
    /// The page's "Pay it anyway" after it warned of a likely duplicate ("1").
    var duplicateConfirmed: String? = nil

    static let maximumFieldLength = 200

    /// A typed field as checked: trimmed, nil as empty, cut at `maximumFieldLength`.
    static func field(_ value: String?) -> String {
        String((value ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumFieldLength))
    }

    /// The kind typed: left open, a bank payment; a kind that does not exist is refused rather
    /// than saved as a bank payment.
    static func checkedKind(_ value: String?) throws -> PaymentDraft.Kind {
        let typed = field(value)
        if typed.isEmpty { return .bank }
        guard let kind = PaymentDraft.Kind(rawValue: typed) else { throw UserFacingError(.unprocessableEntity, "payments_kindUnknown") }
        return kind
    }

    /// nil fields become empty text; anything longer than any field may be is cut (the checks then
    /// name it as too long). "No reference" left on a bill that implies one takes the implied type.
    /// A kind that does not exist is refused (`checkedKind`).
    func draft(debitIBAN: String, today: CalendarDate) throws -> PaymentDraft {
        let text = Self.field
        let address = QRBill.Address(
            name: text(beneficiaryName), street: text(beneficiaryStreet), buildingNumber: text(beneficiaryBuildingNumber),
            postalCode: text(beneficiaryPostalCode), town: text(beneficiaryTown), country: text(beneficiaryCountry).uppercased()
        )
        let hasAddress = ![address.name, address.street, address.postalCode, address.town, address.country].allSatisfy(\.isEmpty)
        var draft = PaymentDraft(
            kind: try Self.checkedKind(kind), debitAccount: debitIBAN, beneficiaryAccount: text(beneficiaryAccount),
            beneficiary: hasAddress ? address : nil, amount: text(amount), currency: text(currency).isEmpty ? "CHF" : text(currency).uppercased(),
            referenceType: text(referenceType).uppercased(), reference: text(reference), message: text(message),
            executionDate: text(executionDate).isEmpty ? today.description : text(executionDate)
        )
        draft.referenceType = draft.inferredReferenceType
        return draft
    }
}

struct ExecuteForm: Content {
    var account: UUID?
    var date: String?
    /// The page's confirmation: "1", with the payments it showed (`payments[]`). The API executes
    /// at once and sends neither.
    var confirmed: String? = nil
    var payments: [UUID]? = nil
}
