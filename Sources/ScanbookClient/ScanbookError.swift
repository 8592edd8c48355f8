import Foundation
import OpenAPIRuntime

/// A request the server refused, with its status and its `reason` (the document's `Error` body).
public struct ScanbookError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    public let status: Int
    public let reason: String

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(reason) (HTTP \(status))" }
    public var errorDescription: String? { description }

    /// The reason of a documented error answer.
    static func documented(_ status: Int, _ response: Components.Responses._Error) -> ScanbookError {
        let reason = (try? response.body.json.reason) ?? "no reason given"
        return ScanbookError(status: status, reason: reason)
    }

    /// An answer the document does not list: its body's first kilobyte as the reason.
    static func undocumented(_ status: Int, _ payload: UndocumentedPayload) async -> ScanbookError {
        var text: String?
        if let body = payload.body { text = try? await String(collecting: body, upTo: 1024) }
        return ScanbookError(status: status, reason: text ?? "an answer the API document does not list")
    }
}
