import Foundation
import ScanbookCore
import Vapor

/// Bank statements by API: the camt document as the body; `?preview=true` changes nothing.
extension PaymentAPIController {
    @Sendable static func importStatement(_ request: Request) async throws -> StatementImportDTO {
        let bytes = request.body.data.map { Array($0.readableBytesView) } ?? []
        guard !bytes.isEmpty else { throw UserFacingError(.unprocessableEntity, "payments_statementMissing") }
        let preview = (try? request.query.get(Bool.self, at: "preview")) ?? false
        return StatementImportDTO(try await BankStatements.importStatement(bytes, apply: !preview, on: request.context))
    }
}
