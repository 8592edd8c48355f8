import Fluent
import Foundation

/// A key the server made for itself and keeps in the database, so every instance on it shares
/// the key without configuration. Used only when `SCANBOOK_SECRET_KEY` is not set.
final class ServerKey: Model, @unchecked Sendable {
    static let schema = "server_keys"
    static let secretsName = "secrets"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    /// Base64 of the key's 32 bytes.
    @Field(key: "material") var material: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(name: String, key: [UInt8]) {
        self.name = name
        self.material = Data(key).base64EncodedString()
    }

    var key: [UInt8]? {
        Data(base64Encoded: material).flatMap { $0.count == 32 ? Array($0) : nil }
    }
}
