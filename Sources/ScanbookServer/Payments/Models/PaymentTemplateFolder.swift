import Fluent
import Foundation

/// One level of folders for templates.
final class PaymentTemplateFolder: Model, @unchecked Sendable {
    static let schema = "payment_template_folders"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String

    init() {}

    init(ownerID: UUID, name: String) {
        self.$owner.id = ownerID
        self.name = name
    }
}
