import Foundation
import ScanbookCore
import Vapor

/// The issued QR-bills: the list with each bill's state, the form for a new one, and a bill's
/// payment part to look at, print (PDF) or send (PNG).
extension PaymentWebController {
    @Sendable static func bills(_ request: Request) async throws -> Response {
        try await renderBills(request, form: nil, errors: [], status: .ok)
    }

    @Sendable static func issueBill(_ request: Request) async throws -> Response {
        let form = try request.content.decode(IssuedBillForm.self)
        return try await request.change {
            let bill = try await IssuedBills.create(form, on: request.context)
            request.flash(.success, request.text("payments_billIssued", ["number": "\(bill.number)"]))
            return PaymentsURL.bill(id: bill.id)
        } showAgain: { errors, status in
            try await renderBills(request, form: form, errors: errors, status: status)
        }
    }

    @Sendable static func bill(_ request: Request) async throws -> Response {
        let view = try PaymentPresentation.billPage(try await IssuedBills.find(request.id(.bill), on: request.context), request.context)
        return try await request.renderPage("Payments/bill", title: "payments_bill_title", content: view, activeModule: .payments)
    }

    static func billDocument(_ request: Request, format: IssuedBills.Format) async throws -> Response {
        let bill = try await IssuedBills.find(request.id(.bill), on: request.context)
        let response = Response(status: .ok, body: .init(data: Data(try await IssuedBills.document(bill, as: format, on: request.context))))
        response.headers.contentType = format.contentType
        response.headers.contentDisposition = .init(format == .svg ? .inline : .attachment, filename: "qr-bill-\(bill.number).\(format.rawValue)")
        return response
    }

    private static func renderBills(_ request: Request, form: IssuedBillForm?, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await PaymentPresentation.billsPage(request.context, form: form, errors: errors)
        return try await request.renderPage("Payments/bills", title: "payments_bills_title", content: view, status: status, activeModule: .payments)
    }
}
