import Fluent
import ScanbookCore
import SQLKit
import Vapor

/// An upload that passed the size and content checks and may now be stored.
struct CheckedUpload: Sendable {
    typealias Content = SniffedContent
    let bytes: [UInt8]
    let content: SniffedContent
}

extension Application {
    /// Checks that a file came, its size, real content type and the image header before anything
    /// is stored; a rejection names the problem. Photos to be recognized pass `minimumSide`.
    func checkImageUpload(_ file: File?, minimumSide: Int = 1) throws(UserFacingError) -> CheckedUpload {
        let bytes = Array(try requireFile(file).data.readableBytesView)
        let policy = UploadPolicy(maximumBytes: scanbookConfig.maxUploadBytes, minimumSide: minimumSide)
        do {
            return CheckedUpload(bytes: bytes, content: try policy.check(bytes))
        } catch {
            let status: HTTPStatus = switch error {
            case .tooLarge: .payloadTooLarge
            case .unsupported: .unsupportedMediaType
            default: .unprocessableEntity
            }
            throw UserFacingError(status, error.messageKey, error.arguments)
        }
    }

    /// The chosen file, or "Please choose a file." when none (or an empty one) came.
    func requireFile(_ file: File?) throws(UserFacingError) -> File {
        guard let file, file.data.readableBytes > 0 else { throw UserFacingError(.unprocessableEntity, "upload_empty") }
        return file
    }

    /// Stores a user's upload within their storage quota (`userStorageBytes`); files the server
    /// derives from an upload go through `storeBlob` and do not count against it.
    func storeUpload(_ upload: CheckedUpload, owner: UUID, on database: any Database) async throws -> StoredBlob {
        let limit = scanbookConfig.userStorageBytes
        let used = try await StoredBlob.bytesStored(by: owner, on: database)
        if used > limit - upload.bytes.count {
            let hash = BlobHash.of(upload.bytes)
            if let existing = try await StoredBlob.query(on: database).filter(\.$owner.$id == owner).filter(\.$hash == hash).first() { return existing }
            throw UserFacingError(.payloadTooLarge, "upload_storageFull", ["megabytes": "\(limit / 1_000_000)"])
        }
        return try await storeBlob(upload, owner: owner, on: database)
    }

    /// Writes the bytes to the blob store and records who owns them. Storing the same bytes again
    /// for the same owner returns the existing record.
    func storeBlob(_ upload: CheckedUpload, owner: UUID, on database: any Database) async throws -> StoredBlob {
        let hash = try await blobStore.put(upload.bytes)
        let existing = StoredBlob.query(on: database).filter(\.$owner.$id == owner).filter(\.$hash == hash)
        if let blob = try await existing.first() { return blob }
        // The same photo sent twice at once: the unique (owner, hash) index keeps one row, and the
        // request that lost the race reads it instead of failing.
        if let sql = database as? any SQLDatabase {
            try await sql.insert(into: StoredBlob.schema)
                .columns("id", "owner_id", "hash", "content_type", "byte_count", "created_at")
                .values(SQLBind(UUID()), SQLBind(owner), SQLBind(hash), SQLBind(upload.content.mediaType), SQLBind(upload.bytes.count), SQLBind(clock.now()))
                .ignoringConflicts(with: ["owner_id", "hash"])
                .run()
        } else {
            try await StoredBlob(ownerID: owner, hash: hash, contentType: upload.content.mediaType, byteCount: upload.bytes.count).create(on: database)
        }
        guard let blob = try await existing.copy().first() else { throw BlobStoreError.missing(hash) }
        return blob
    }
}

/// Anything that serves one application (a request, a service's context) checks and stores
/// uploads the same way, through the application.
protocol ApplicationBound {
    var application: Application { get }
}

extension Request: ApplicationBound {}
extension ServiceContext: ApplicationBound {}

extension ApplicationBound {
    func checkImageUpload(_ file: File?, minimumSide: Int = 1) throws(UserFacingError) -> CheckedUpload {
        try application.checkImageUpload(file, minimumSide: minimumSide)
    }

    func requireFile(_ file: File?) throws(UserFacingError) -> File {
        try application.requireFile(file)
    }

    func storeBlob(_ upload: CheckedUpload, owner: UUID, on database: any Database) async throws -> StoredBlob {
        try await application.storeUpload(upload, owner: owner, on: database)
    }
}

extension StoredBlob {
    /// What a user's uploads take. SQL rather than Fluent's `sum`: PostgreSQL sums a bigint column
    /// as numeric, which does not decode as Int.
    static func bytesStored(by owner: UUID, on database: any Database) async throws -> Int {
        guard let sql = database as? any SQLDatabase else { return 0 }
        struct Row: Decodable { let used: Int }
        return try await sql.raw("SELECT CAST(COALESCE(SUM(byte_count), 0) AS BIGINT) AS used FROM \(ident: schema) WHERE owner_id = \(bind: owner)")
            .first(decoding: Row.self)?.used ?? 0
    }
}
