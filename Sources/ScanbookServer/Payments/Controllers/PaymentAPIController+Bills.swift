import Foundation
import ScanbookCore
import Vapor

/// Issued QR-bills by API: listed, created, and handed out as SVG, PDF or PNG.
extension PaymentAPIController {
    @Sendable static func bills(_ request: Request) async throws -> [IssuedBillDTO] {
        try await IssuedBills.list(on: request.context).map(IssuedBillDTO.init)
    }

    @Sendable static func issueBill(_ request: Request) async throws -> Response {
        let bill = try await IssuedBills.create(try request.content.decode(IssuedBillForm.self), on: request.context)
        return try await request.created(IssuedBillDTO(bill), at: PaymentsAPIRoute.bill(id: bill.id))
    }

    @Sendable static func bill(_ request: Request) async throws -> IssuedBillDTO {
        try IssuedBillDTO(try await IssuedBills.find(request.id(.bill), on: request.context))
    }

    static func billDocument(_ request: Request, format: IssuedBills.Format) async throws -> Response {
        try await PaymentWebController.billDocument(request, format: format)
    }
}
