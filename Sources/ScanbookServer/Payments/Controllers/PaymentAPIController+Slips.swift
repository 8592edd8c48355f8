import Foundation
import ScanbookCore
import Vapor

/// Slip photos by API: stored and queued like the web page's (multipart `photo`), then polled.
extension PaymentAPIController {
    @Sendable static func readSlip(_ request: Request) async throws -> Response {
        let form = try request.content.decode(SlipUploadForm.self)
        let upload = try request.checkImageUpload(form.photo, minimumSide: UploadPolicy.minimumPhotoSide)
        let capture = try await PaymentSlips.enqueue(upload, owner: try request.auth.require(User.self).requireID(), application: request.application)
        return try await request.created(try SlipReadingDTO(capture), at: PaymentsAPIRoute.slip(id: capture.id), status: .accepted)
    }

    @Sendable static func slipReading(_ request: Request) async throws -> SlipReadingDTO {
        try SlipReadingDTO(try await PaymentSlips.find(request.id(.capture), on: request.context))
    }
}
