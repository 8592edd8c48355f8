import Fluent
import ScanbookCore
import Vapor

/// Creating and finding captures, shared by the web pages and the API.
enum CaptureService {
    /// Checks the photo and the kind, stores the photo, queues the job and wakes a worker.
    static func enqueue(_ form: CaptureUploadForm, on context: ServiceContext) async throws -> Capture {
        let ownerID = try context.requireUser().requireID()
        let kind = form.kind.flatMap { $0.isEmpty ? nil : CaptureKind($0) } ?? .document
        guard let processor = context.application.captureProcessors[kind] else {
            throw UserFacingError(.unprocessableEntity, "capture_unknownKind", ["kind": kind.rawValue])
        }
        guard processor.standsAlone else {
            throw UserFacingError(.unprocessableEntity, "capture_kindHasItsOwnPage", ["kind": context.text("capture_kind_\(kind)")])
        }
        let upload = try context.checkImageUpload(form.image, minimumSide: UploadPolicy.minimumPhotoSide)
        return try await enqueue(upload: upload, kind: kind, owner: ownerID, application: context.application)
    }

    /// A photo queued with no record of its module beside it (a scan, a slip): its own
    /// transaction, then a worker is woken.
    static func enqueue(upload: CheckedUpload, kind: CaptureKind, owner ownerID: UUID, application: Application) async throws -> Capture {
        let capture = try await application.db.writeTransaction { database in
            try await enqueue(upload: upload, kind: kind, owner: ownerID, application: application, in: database)
        }
        application.captureWorkers.notify()
        return capture
    }

    /// The one way a photo enters the queue, inside the caller's write transaction (which creates
    /// the module's own record beside it): the owner's room in the queue is checked, the photo
    /// stored within their quota, the job created. Wake a worker (`captureWorkers.notify()`) once
    /// the transaction has committed.
    static func enqueue(upload: CheckedUpload, kind: CaptureKind, owner ownerID: UUID, application: Application, in database: any Database) async throws -> Capture {
        try await requireRoomForJob(of: ownerID, limit: application.scanbookConfig.userPendingJobs, database)
        let blob = try await application.storeUpload(upload, owner: ownerID, on: database)
        let capture = Capture(ownerID: ownerID, kind: kind, blobID: try blob.requireID())
        try await capture.create(on: database)
        return capture
    }

    /// At most `userPendingJobs` photos per user wait or are being read: one account cannot fill
    /// the queue that every user's photos go through.
    private static func requireRoomForJob(of ownerID: UUID, limit: Int, _ database: any Database) async throws {
        let waiting = try await Capture.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$status ~~ [.queued, .processing]).count()
        guard waiting < limit else { throw UserFacingError(.tooManyRequests, "capture_tooManyPending", ["maximum": "\(limit)"]) }
    }

    /// The user's capture, or 404 for anyone else's.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> Capture {
        try await Capture.find(id, ownedBy: context)
    }

    /// The newest scans, those matching `search` when given (see `mine(matching:on:)`).
    static func recent(for context: ServiceContext, search: String? = nil, limit: Int = 50) async throws -> [Capture] {
        try await mine(matching: search, on: context).sort(\.$createdAt, .descending).limit(limit).all()
    }
}
