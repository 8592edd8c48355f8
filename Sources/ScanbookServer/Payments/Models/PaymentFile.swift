import Fluent
import Vapor

/// A pain.001 file handed to the bank: the payments of one debit account and day, kept so it can
/// be downloaded again.
final class PaymentFile: Model, @unchecked Sendable {
    static let schema = "payment_files"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Parent(key: "debit_account_id") var debitAccount: PaymentAccount
    @Field(key: "execution_date") var executionDate: String
    /// The file's `MsgId`, which the bank reports back.
    @Field(key: "message_id") var messageID: String
    @Field(key: "payment_count") var paymentCount: Int
    @Field(key: "xml") var xml: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, debitAccountID: UUID, executionDate: String, messageID: String, paymentCount: Int, xml: String) {
        self.$owner.id = ownerID
        self.$debitAccount.id = debitAccountID
        self.executionDate = executionDate
        self.messageID = messageID
        self.paymentCount = paymentCount
        self.xml = xml
    }
}

extension PaymentFile: OwnedRecord { static var ownerKey: KeyPath<PaymentFile, ParentProperty<PaymentFile, User>> { \.$owner } }
