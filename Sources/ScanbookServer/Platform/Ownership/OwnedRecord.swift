import Fluent
import Vapor

/// A record that belongs to one user. `find(_:ownedBy:)` is how every module looks one up for a
/// request, so another user's record is a plain 404, never a 403 that admits it exists.
protocol OwnedRecord: Model where IDValue == UUID {
    static var ownerKey: KeyPath<Self, ParentProperty<Self, User>> { get }
}

extension OwnedRecord {
    /// The signed-in user's record with `id` (`refine` adds eager loads), or 404.
    static func find(
        _ id: UUID?, ownedBy request: Request, refine: (QueryBuilder<Self>) -> QueryBuilder<Self> = { $0 }
    ) async throws -> Self {
        let ownerID = try request.auth.require(User.self).requireID()
        guard let id, let record = try await refine(query(on: request.db)
            .filter(\._$id == id).filter(ownerKey.appending(path: \.$id) == ownerID)).first()
        else { throw Abort(.notFound) }
        return record
    }
}

extension StoredBlob: OwnedRecord { static var ownerKey: KeyPath<StoredBlob, ParentProperty<StoredBlob, User>> { \.$owner } }
extension Capture: OwnedRecord { static var ownerKey: KeyPath<Capture, ParentProperty<Capture, User>> { \.$owner } }
extension Receipt: OwnedRecord { static var ownerKey: KeyPath<Receipt, ParentProperty<Receipt, User>> { \.$owner } }
extension ReceiptCategory: OwnedRecord { static var ownerKey: KeyPath<ReceiptCategory, ParentProperty<ReceiptCategory, User>> { \.$owner } }
extension TotalKeyword: OwnedRecord { static var ownerKey: KeyPath<TotalKeyword, ParentProperty<TotalKeyword, User>> { \.$owner } }
extension Meter: OwnedRecord { static var ownerKey: KeyPath<Meter, ParentProperty<Meter, User>> { \.$owner } }
