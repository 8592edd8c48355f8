import Fluent
import Vapor

/// An account. E-mail addresses are stored normalized (see `EmailAddress`), so the unique index
/// on `email` is what keeps two accounts from sharing one address.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "is_admin") var isAdmin: Bool
    /// "en" or "de"; nil follows the browser's Accept-Language.
    @OptionalField(key: "locale") var locale: String?
    /// ISO 4217 code of the person's own money (budgets, meter costs, new lists); nil follows the
    /// server's default. Read through `ServiceContext.homeCurrency`.
    @OptionalField(key: "currency") var currency: String?
    @OptionalParent(key: "avatar_blob_id") var avatar: StoredBlob?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(id: UUID? = nil, name: String, email: String, passwordHash: String, isAdmin: Bool) {
        self.id = id
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.isAdmin = isAdmin
    }
}

extension User: Authenticatable {}

extension User: ModelSessionAuthenticatable {}

/// Photos this table keeps alive (see `ReferencesBlobs`).
extension User: ReferencesBlobs { static var blobColumns: [String] { ["avatar_blob_id"] } }
