import Foundation
import ScanbookCore
import Vapor

/// Bank statements by API: the camt document as the body; `?preview=true` changes nothing.
extension PaymentAPIController {
    @Sendable static func importStatement(_ request: Request) async throws -> StatementImportDTO {
        let bytes = request.body.data.map { Array($0.readableBytesView) } ?? []
        guard !bytes.isEmpty else { throw UserFacingError(.unprocessableEntity, "payments_statementMissing") }
        // A preview asked for in words the API does not know ("yes") must not apply the file.
        let preview: Bool
        switch request.query[String.self, at: "preview"] {
        case nil, "false": preview = false
        case "true": preview = true
        default: throw UserFacingError(.badRequest, "payments_statementPreviewInvalid")
        }
        return StatementImportDTO(try await BankStatements.importStatement(bytes, apply: !preview, on: request.context))
    }
}
