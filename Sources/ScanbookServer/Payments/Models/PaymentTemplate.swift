import Fluent
import Foundation

/// A payment kept for reuse: any field may be left open (an amount that changes each month).
/// Its fields are text as typed; a payment made from it is checked like any other.
final class PaymentTemplate: Model, @unchecked Sendable {
    static let schema = "payment_templates"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @OptionalParent(key: "folder_id") var folder: PaymentTemplateFolder?
    @Field(key: "name") var name: String
    @Field(key: "kind") var kind: String
    @OptionalParent(key: "debit_account_id") var debitAccount: PaymentAccount?
    @Field(key: "beneficiary_name") var beneficiaryName: String
    @Field(key: "beneficiary_street") var beneficiaryStreet: String
    @Field(key: "beneficiary_building_number") var beneficiaryBuildingNumber: String
    @Field(key: "beneficiary_postal_code") var beneficiaryPostalCode: String
    @Field(key: "beneficiary_town") var beneficiaryTown: String
    @Field(key: "beneficiary_country") var beneficiaryCountry: String
    @Field(key: "beneficiary_account") var beneficiaryAccount: String
    @Field(key: "amount") var amount: String
    @Field(key: "currency") var currency: String
    @Field(key: "reference_type") var referenceType: String
    @Field(key: "reference") var reference: String
    @Field(key: "message") var message: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

extension PaymentTemplate: OwnedRecord { static var ownerKey: KeyPath<PaymentTemplate, ParentProperty<PaymentTemplate, User>> { \.$owner } }
extension PaymentTemplateFolder: OwnedRecord { static var ownerKey: KeyPath<PaymentTemplateFolder, ParentProperty<PaymentTemplateFolder, User>> { \.$owner } }
