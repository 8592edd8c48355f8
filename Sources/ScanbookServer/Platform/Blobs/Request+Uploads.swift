import Fluent
import ScanbookCore
import Vapor

/// An upload that passed the size and content checks and may now be stored.
struct CheckedUpload: Sendable {
    typealias Content = SniffedContent
    let bytes: [UInt8]
    let content: SniffedContent
}

extension Request {
    /// Checks size, real content type and the image header before anything is stored; a
    /// rejection names the problem. Photos to be recognized pass `minimumSide`.
    func checkImageUpload(_ file: File, minimumSide: Int = 1) throws(UserFacingError) -> CheckedUpload {
        let bytes = Array(file.data.readableBytesView)
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

    func storeBlob(_ upload: CheckedUpload, owner: UUID, on database: any Database) async throws -> StoredBlob {
        try await application.storeBlob(upload, owner: owner, on: database)
    }
}

extension Application {
    /// Writes the bytes to the blob store (off the event loop; it fsyncs) and records who owns them.
    /// Storing the same bytes again for the same owner returns the existing record.
    func storeBlob(_ upload: CheckedUpload, owner: UUID, on database: any Database) async throws -> StoredBlob {
        let store = blobStore
        let hash = try await threadPool.runIfActive { try store.put(upload.bytes) }
        if let existing = try await StoredBlob.query(on: database)
            .filter(\.$owner.$id == owner).filter(\.$hash == hash).first() {
            return existing
        }
        let blob = StoredBlob(ownerID: owner, hash: hash, contentType: upload.content.mediaType, byteCount: upload.bytes.count)
        try await blob.create(on: database)
        return blob
    }
}
