import Fluent
import Foundation
import ScanbookCore

/// A beneficiary the user (or, with no owner, every user) pays without a second factor: the
/// account, the beneficiary's address and where known the bank's clearing number and address,
/// which fill the payment form.
final class WhitelistEntry: Model, @unchecked Sendable {
    static let schema = "payment_whitelist"

    @ID(key: .id) var id: UUID?
    /// nil: the global whitelist kept by administrators.
    @OptionalParent(key: "owner_id") var owner: User?
    /// IBAN without spaces, or a participant number's nine digits.
    @Field(key: "account") var account: String
    @Field(key: "name") var name: String
    @Field(key: "street") var street: String
    @Field(key: "building_number") var buildingNumber: String
    @Field(key: "postal_code") var postalCode: String
    @Field(key: "town") var town: String
    @Field(key: "country") var country: String
    @OptionalField(key: "clearing_number") var clearingNumber: String?
    @OptionalField(key: "bank_name") var bankName: String?
    @OptionalField(key: "bank_address") var bankAddress: String?
    /// Hundredths of `limitCurrency`: payments above it need their own signature. nil (entries
    /// from before limits): `PaymentSignaturePolicy.defaultLimitHundredths`.
    @OptionalField(key: "limit_minor") var limitMinor: Int?
    /// nil: the limit is read in the payment's own currency.
    @OptionalField(key: "limit_currency") var limitCurrency: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(
        ownerID: UUID?, account: String, address: QRBill.Address, clearingNumber: String?, bankName: String?, bankAddress: String?,
        limit: PaymentSignaturePolicy.Cover
    ) {
        self.$owner.id = ownerID
        self.account = account
        (name, street, buildingNumber) = (address.name, address.street, address.buildingNumber)
        (postalCode, town, country) = (address.postalCode, address.town, address.country)
        self.clearingNumber = clearingNumber
        self.bankName = bankName
        self.bankAddress = bankAddress
        limitMinor = limit.limitHundredths
        limitCurrency = limit.currency
    }

    var address: QRBill.Address {
        QRBill.Address(name: name, street: street, buildingNumber: buildingNumber, postalCode: postalCode, town: town, country: country)
    }

    var isGlobal: Bool { $owner.id == nil }

    var cover: PaymentSignaturePolicy.Cover {
        PaymentSignaturePolicy.Cover(limitHundredths: limitMinor ?? PaymentSignaturePolicy.defaultLimitHundredths, currency: limitCurrency)
    }
}
