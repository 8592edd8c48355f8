import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Slip photos go through the capture pipeline like every other photo: stored, queued and read by a
/// worker (`SlipCaptureProcessor`); the payments page and the API wait for the job.
enum PaymentSlips {
    /// Stores the checked photo and queues it; wakes a worker.
    static func enqueue(_ upload: CheckedUpload, owner ownerID: UUID, application: Application) async throws -> Capture {
        try await CaptureService.enqueue(upload: upload, kind: .slip, owner: ownerID, application: application)
    }

    /// The owner's slip reading, or 404 for anyone else's and for captures of other kinds.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> Capture {
        let capture = try await CaptureService.find(id, on: context)
        guard capture.kind == .slip else { throw Abort(.notFound) }
        return capture
    }

    /// The slips a finished reading found (none when the photo shows none); nil while it is not
    /// done or when its stored result no longer decodes.
    static func slips(of capture: Capture) -> [Slip]? {
        guard capture.status == .done, let json = capture.result,
              let result = try? JSONDecoder().decode(SlipCaptureResult.self, from: Data(json.utf8)) else { return nil }
        return result.slips
    }
}
