import Fluent
import Vapor

/// A photo waiting for, undergoing or done with recognition. Workers claim it with a lease
/// (`leaseToken` until `leaseExpiresAt`); only the holder of the current lease may finish it, so a
/// job taken over after a crash is recorded once.
final class Capture: Model, @unchecked Sendable {
    static let schema = "captures"

    enum Status: String, Codable, Sendable, CaseIterable {
        case queued, processing, done, failed

        var isPending: Bool { self == .queued || self == .processing }
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "kind") var kind: CaptureKind
    @Parent(key: "blob_id") var blob: StoredBlob
    @Field(key: "status") var status: Status
    @Field(key: "attempts") var attempts: Int
    @OptionalField(key: "lease_token") var leaseToken: UUID?
    @OptionalField(key: "lease_expires_at") var leaseExpiresAt: Date?
    /// The processor's JSON result (its shape depends on `kind`).
    @OptionalField(key: "result") var result: String?
    @OptionalField(key: "error") var error: String?
    /// The owner's name for the scan; nil shows a default (`displayTitle`).
    @OptionalField(key: "title") var title: String?
    /// The result's plain text, kept beside the JSON so search need not parse every result.
    @OptionalField(key: "recognized_text") var recognizedText: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "updated_at") var updatedAt: Date?
    @OptionalField(key: "finished_at") var finishedAt: Date?

    init() {}

    init(ownerID: UUID, kind: CaptureKind, blobID: UUID) {
        self.$owner.id = ownerID
        self.kind = kind
        self.$blob.id = blobID
        self.status = .queued
        self.attempts = 0
    }
}

/// Photos this table keeps alive (see `ReferencesBlobs`).
extension Capture: ReferencesBlobs { static var blobColumns: [String] { ["blob_id"] } }

extension Capture: OwnedRecord { static var ownerKey: KeyPath<Capture, ParentProperty<Capture, User>> { \.$owner } }
