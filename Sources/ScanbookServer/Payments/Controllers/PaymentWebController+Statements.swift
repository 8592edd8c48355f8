import Foundation
import ScanbookCore
import Vapor

/// Bank statements on the page: imported at once, or previewed first (what it would change, every
/// entry nothing explains) and then applied from the preview without sending the file again.
extension PaymentWebController {
    @Sendable static func importStatement(_ request: Request) async throws -> Response {
        let form = try request.content.decode(StatementUpload.self)
        var preview: (StatementPreview, BankStatements.Outcome)?
        let response = try await request.change {
            guard let file = form.statement, file.data.readableBytes > 0 else { throw UserFacingError(.unprocessableEntity, "payments_statementMissing") }
            let bytes = Array(file.data.readableBytesView)
            guard form.preview == "1" else {
                flash(try await BankStatements.importStatement(bytes, apply: true, on: request.context), request)
                return PaymentsURL.index
            }
            preview = try await BankStatements.preview(bytes, on: request.context)
            return PaymentsURL.index
        } showAgain: { errors, status in
            try await renderIndex(request, form: nil, errors: errors, status: status)
        }
        guard let (kept, outcome) = preview else { return response }
        let view = PaymentPresentation.statementPreviewPage(outcome, applyURL: PaymentsURL.applyStatement(id: try kept.requireID()).path, request.context)
        return try await request.renderPage("Payments/statement", title: "payments_statementPreview_title", content: view, activeModule: .payments)
    }

    @Sendable static func applyStatement(_ request: Request) async throws -> Response {
        let kept = try await StatementPreview.find(request.id(.preview), ownedBy: request)
        return try await request.change {
            flash(try await BankStatements.apply(kept, on: request.context), request)
            return PaymentsURL.index
        } showAgain: { errors, status in
            try await renderIndex(request, form: nil, errors: errors, status: status)
        }
    }

    /// What an import did, and each entry nothing explains.
    private static func flash(_ outcome: BankStatements.Outcome, _ request: Request) {
        request.flash(.success, request.text(outcome.applied ? "payments_statementImported" : "payments_statementPreview", PaymentPresentation.statementCounts(outcome)))
        for line in outcome.unmatched.prefix(20) {
            request.flash(.error, PaymentPresentation.unmatchedText(line, request.context))
        }
    }
}

struct StatementUpload: Content {
    var statement: File?
    /// "1" shows what the file would change, with a button to apply it.
    var preview: String?
}
