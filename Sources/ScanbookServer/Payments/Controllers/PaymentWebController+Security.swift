import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Whitelists, the authenticator, signing and the audit log's page.
extension PaymentWebController {
    @Sendable static func whitelist(_ request: Request) async throws -> Response {
        try await renderWhitelist(request, errors: [], status: .ok)
    }

    @Sendable static func addWhitelistEntry(_ request: Request) async throws -> Response {
        try await addWhitelistEntry(request, global: false)
    }

    @Sendable static func addGlobalWhitelistEntry(_ request: Request) async throws -> Response {
        try await addWhitelistEntry(request, global: true)
    }

    private static func addWhitelistEntry(_ request: Request, global: Bool) async throws -> Response {
        let form = try request.content.decode(WhitelistForm.self)
        return try await request.change {
            let entry = try await WhitelistService.add(form, global: global, on: request.context)
            request.flash(.success, request.text("payments_whitelistAdded", ["name": entry.name]))
            return PaymentsURL.whitelist
        } showAgain: { errors, status in
            try await renderWhitelist(request, errors: errors, status: status)
        }
    }

    @Sendable static func deleteWhitelistEntry(_ request: Request) async throws -> Response {
        let entry = try await WhitelistService.find(request.id(.entry), on: request.context)
        return try await request.change {
            try await WhitelistService.delete(entry, on: request.context)
            request.flash(.success, request.text("payments_whitelistDeleted", ["name": entry.name]))
            return PaymentsURL.whitelist
        } showAgain: { errors, status in
            try await renderWhitelist(request, errors: errors, status: status)
        }
    }

    @Sendable static func changeWhitelistLimit(_ request: Request) async throws -> Response {
        let entry = try await WhitelistService.find(request.id(.entry), on: request.context)
        let form = try request.content.decode(WhitelistLimitForm.self)
        return try await request.change {
            let changed = try await WhitelistService.changeLimit(entry, limit: form.limit, currency: form.currency, code: form.code, on: request.context)
            request.flash(.success, request.text("payments_whitelistLimitChanged", ["name": changed.name]))
            return PaymentsURL.whitelist
        } showAgain: { errors, status in
            try await renderWhitelist(request, errors: errors, status: status)
        }
    }

    @Sendable static func authenticator(_ request: Request) async throws -> Response {
        try await renderAuthenticator(request, enrolment: nil, errors: [], status: .ok)
    }

    /// The secret and its QR code appear in this response only.
    @Sendable static func startEnrolment(_ request: Request) async throws -> Response {
        do {
            let enrolment = try await PaymentSigning.startEnrolment(on: request.context)
            return try await renderAuthenticator(request, enrolment: enrolment, errors: [], status: .ok)
        } catch let error as UserFacingError {
            return try await renderAuthenticator(request, enrolment: nil, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func confirmEnrolment(_ request: Request) async throws -> Response {
        let form = try request.content.decode(CodeForm.self)
        return try await request.change {
            try await PaymentSigning.confirmEnrolment(code: form.code, on: request.context)
            request.flash(.success, request.text("payments_authenticatorConfirmed"))
            return PaymentsURL.authenticator
        } showAgain: { errors, status in
            try await renderAuthenticator(request, enrolment: nil, errors: errors, status: status)
        }
    }

    @Sendable static func removeAuthenticator(_ request: Request) async throws -> Response {
        let form = try request.content.decode(CodeForm.self)
        return try await request.change {
            try await PaymentSigning.remove(code: form.code, on: request.context)
            request.flash(.success, request.text("payments_authenticatorRemoved"))
            return PaymentsURL.authenticator
        } showAgain: { errors, status in
            try await renderAuthenticator(request, enrolment: nil, errors: errors, status: status)
        }
    }

    @Sendable static func sign(_ request: Request) async throws -> Response {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        let form = try request.content.decode(CodeForm.self)
        return try await request.change {
            try await PaymentSigning.sign(payment, code: form.code, shown: form.contentDigest, on: request.context)
            request.flash(.success, request.text("payments_signed", ["name": payment.beneficiaryName]))
            return PaymentsURL.payment(id: payment.id)
        } showAgain: { errors, status in
            try await renderShow(payment, request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func applyStatusReport(_ request: Request) async throws -> Response {
        let form = try request.content.decode(StatusReportUpload.self)
        return try await request.change {
            guard let file = form.report, file.data.readableBytes > 0 else { throw UserFacingError(.unprocessableEntity, "payments_reportMissing") }
            guard file.data.readableBytes <= PaymentStatusReports.maximumBytes else {
                throw UserFacingError(.payloadTooLarge, "body_tooLarge", ["maximum": ByteCount(PaymentStatusReports.maximumBytes).description])
            }
            let outcome = try await PaymentStatusReports.apply(Array(file.data.readableBytesView), on: request.context)
            request.flash(.success, request.text("payments_reportApplied", ["id": outcome.file.messageID, "count": "\(outcome.rejected)"]))
            return PaymentsURL.index
        } showAgain: { errors, status in
            try await renderIndex(request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func audit(_ request: Request) async throws -> Response {
        let view = try await PaymentPresentation.auditPage(request.context)
        return try await request.renderPage("Payments/audit", title: "payments_audit_title", content: view, activeModule: .payments)
    }

    private static func renderWhitelist(_ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await PaymentPresentation.whitelistPage(request.context, errors: errors)
        return try await request.renderPage("Payments/whitelist", title: "payments_whitelist_title", content: view, status: status, activeModule: .payments)
    }

    private static func renderAuthenticator(_ request: Request, enrolment: PaymentSigning.Enrolment?, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await PaymentPresentation.authenticatorPage(request.context, enrolment: enrolment, errors: errors)
        return try await request.renderPage("Payments/authenticator", title: "payments_authenticator_title", content: view, status: status, activeModule: .payments)
    }
}

struct StatusReportUpload: Content {
    var report: File?
}
