import Fluent
import Vapor

/// A user's upload (or a file derived from one). The bytes live in the blob store under `hash`;
/// the row says who may read them. Two users uploading the same bytes share one file, not one row.
final class StoredBlob: Model, @unchecked Sendable {
    static let schema = "blobs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "hash") var hash: String
    @Field(key: "content_type") var contentType: String
    @Field(key: "byte_count") var byteCount: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, hash: String, contentType: String, byteCount: Int) {
        self.$owner.id = ownerID
        self.hash = hash
        self.contentType = contentType
        self.byteCount = byteCount
    }
}
