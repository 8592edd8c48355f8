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
        _ id: UUID?, ownedBy context: ServiceContext, refine: (QueryBuilder<Self>) -> QueryBuilder<Self> = { $0 }
    ) async throws -> Self {
        let ownerID = try context.requireUser().requireID()
        guard let id, let record = try await refine(query(on: context.db)
            .filter(\._$id == id).filter(ownerKey.appending(path: \.$id) == ownerID)).first()
        else { throw Abort(.notFound) }
        return record
    }

    static func find(
        _ id: UUID?, ownedBy request: Request, refine: (QueryBuilder<Self>) -> QueryBuilder<Self> = { $0 }
    ) async throws -> Self {
        try await find(id, ownedBy: request.context, refine: refine)
    }
}

extension StoredBlob: OwnedRecord { static var ownerKey: KeyPath<StoredBlob, ParentProperty<StoredBlob, User>> { \.$owner } }
