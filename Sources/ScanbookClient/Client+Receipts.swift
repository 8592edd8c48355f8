import Foundation
import OpenAPIRuntime

extension Client {
    /// Uploads a receipt photo (JPEG or PNG) and waits until the server has read it: the receipt
    /// comes back in state `review` (or `unreadable`). Refusals throw `ScanbookError` with the
    /// server's reason; a reading that takes longer than `timeout` throws one with status 408.
    /// With an `idempotencyKey` (a hash of the photo, say), sending the same photo again gives the
    /// same receipt instead of a second one.
    public func readReceipt(
        photo: Data, filename: String, idempotencyKey: String? = nil, pollEvery interval: Duration = .milliseconds(500), timeout: Duration = .seconds(300)
    ) async throws -> Components.Schemas.Receipt {
        let sent = try await ScanbookClient.$idempotencyKey.withValue(idempotencyKey ?? ScanbookClient.idempotencyKey) {
            try await postApiV1Receipts(body: .multipartForm([
                .image(.init(payload: .init(body: HTTPBody(photo)), filename: filename)),
            ]))
        }
        var receipt: Components.Schemas.Receipt
        switch sent {
        case .accepted(let accepted): receipt = try accepted.body.json
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .contentTooLarge(let error): throw ScanbookError.documented(413, error)
        case .unsupportedMediaType(let error): throw ScanbookError.documented(415, error)
        case .unprocessableContent(let error): throw ScanbookError.documented(422, error)
        case .badRequest(let error): throw ScanbookError.documented(400, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
        let deadline = ContinuousClock.now + timeout
        while receipt.state == .reading {
            guard ContinuousClock.now < deadline else {
                throw ScanbookError(status: 408, reason: "\(filename) was not read within \(timeout)")
            }
            try await Task.sleep(for: interval)
            receipt = try await self.receipt(id: receipt.id)
        }
        return receipt
    }

    /// One receipt as it is now.
    public func receipt(id: String) async throws -> Components.Schemas.Receipt {
        switch try await getApiV1ReceiptsReceiptID(path: .init(receiptID: id)) {
        case .ok(let ok): try ok.body.json
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .notFound(let error): throw ScanbookError.documented(404, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }
}
