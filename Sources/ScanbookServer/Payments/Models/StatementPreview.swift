import Fluent
import Foundation

/// A statement file the user previewed on the page, kept until they apply it (or for a day): the
/// preview page's "Apply" needs the file without sending it again.
final class StatementPreview: Model, @unchecked Sendable {
    static let schema = "statement_previews"
    /// Older previews are removed when the user previews the next one.
    static let kept: TimeInterval = 86_400

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "bytes") var bytes: Data
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, bytes: [UInt8]) {
        $owner.id = ownerID
        self.bytes = Data(bytes)
    }
}

extension StatementPreview: OwnedRecord { static var ownerKey: KeyPath<StatementPreview, ParentProperty<StatementPreview, User>> { \.$owner } }
