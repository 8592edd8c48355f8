import Foundation
import ScanbookCore
import Vapor

/// A template as typed: a name, an optional folder, and a payment's fields any of which may be open.
struct TemplateForm: Content {
    var name: String?
    /// Folder id; empty or left out: no folder.
    var folder: String?
    var kind: String?
    /// Own account id; empty or left out: chosen when paying.
    var debitAccount: String?
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
}

struct FolderForm: Content {
    var name: String?
}

struct PaymentTemplateDTO: Content {
    let id: UUID
    let name: String
    let folder: UUID?
    let kind: String
    let debitAccount: UUID?
    let beneficiary: QRBill.Address
    let beneficiaryAccount: String
    let amount: String
    let currency: String
    let referenceType: String
    let reference: String
    let message: String

    init(_ template: PaymentTemplate) throws {
        id = try template.requireID()
        name = template.name
        folder = template.$folder.id
        kind = template.kind
        debitAccount = template.$debitAccount.id
        beneficiary = QRBill.Address(
            name: template.beneficiaryName, street: template.beneficiaryStreet, buildingNumber: template.beneficiaryBuildingNumber,
            postalCode: template.beneficiaryPostalCode, town: template.beneficiaryTown, country: template.beneficiaryCountry
        )
        beneficiaryAccount = template.beneficiaryAccount
        amount = template.amount
        currency = template.currency
        referenceType = template.referenceType
        reference = template.reference
        message = template.message
    }
}

struct TemplateFolderDTO: Content {
    let id: UUID
    let name: String

    init(_ folder: PaymentTemplateFolder) throws {
        id = try folder.requireID()
        name = folder.name
    }
}

/// The templates page's filter (`?folder=<id>|none&q=`); values that do not parse filter nothing.
struct TemplateFilter: Content {
    var folder: String?
    var q: String?
}

/// Where a new payment form starts (`?template=`, `?whitelist=`, `?kind=`): a template's values,
/// a whitelisted beneficiary's, or an empty form of one kind.
struct PaymentStart: Content {
    var template: UUID?
    var whitelist: UUID?
    var kind: String?
}
