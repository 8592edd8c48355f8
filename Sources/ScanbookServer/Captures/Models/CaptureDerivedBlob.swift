import Fluent
import Foundation

/// An image a capture's processing made (the straightened page, the enhanced page): its blob is
/// named only inside the capture's JSON result, which the blob sweep cannot read, so this row keeps
/// it alive for as long as the capture exists.
final class CaptureDerivedBlob: Model, @unchecked Sendable {
    static let schema = "capture_derived_blobs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "capture_id") var capture: Capture
    @Parent(key: "blob_id") var blob: StoredBlob

    init() {}

    init(captureID: UUID, blobID: UUID) {
        self.$capture.id = captureID
        self.$blob.id = blobID
    }
}

extension CaptureDerivedBlob: ReferencesBlobs { static var blobColumns: [String] { ["blob_id"] } }
