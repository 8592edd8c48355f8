import Fluent
import ScanbookCore
import Vapor

/// Creating and finding captures, shared by the web pages and the API.
enum CaptureService {
    static let defaultKind = "document"

    /// Checks the photo and the kind, stores the photo, queues the job and wakes a worker.
    static func enqueue(_ form: CaptureUploadForm, on request: Request) async throws -> Capture {
        let user = try request.auth.require(User.self)
        let kind = form.kind.flatMap { $0.isEmpty ? nil : $0 } ?? defaultKind
        guard request.application.captureProcessors[kind] != nil else {
            throw UserFacingError(.unprocessableEntity, "capture_unknownKind", ["kind": kind])
        }
        let upload = try request.checkImageUpload(form.image, minimumSide: UploadPolicy.minimumPhotoSide)
        let capture = try await request.db.writeTransaction { database in
            try await requireRoomForJob(of: try user.requireID(), on: request, database)
            let blob = try await request.storeBlob(upload, owner: user.requireID(), on: database)
            let capture = Capture(ownerID: try user.requireID(), kind: kind, blobID: try blob.requireID())
            try await capture.create(on: database)
            return capture
        }
        request.application.captureWorkers.notify()
        return capture
    }

    /// At most `userPendingJobs` photos per user wait or are being read: one account cannot fill
    /// the queue that every user's photos go through.
    static func requireRoomForJob(of ownerID: UUID, on request: Request, _ database: any Database) async throws {
        let limit = request.scanbookConfig.userPendingJobs
        let waiting = try await Capture.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$status ~~ [.queued, .processing]).count()
        guard waiting < limit else { throw UserFacingError(.tooManyRequests, "capture_tooManyPending", ["maximum": "\(limit)"]) }
    }

    /// The user's capture, or 404 for anyone else's.
    static func find(_ id: UUID?, on request: Request) async throws -> Capture {
        try await Capture.find(id, ownedBy: request)
    }

    /// The newest scans, those matching `search` when given (see `mine(matching:on:)`).
    static func recent(for request: Request, search: String? = nil, limit: Int = 50) async throws -> [Capture] {
        try await mine(matching: search, on: request).sort(\.$createdAt, .descending).limit(limit).all()
    }
}
