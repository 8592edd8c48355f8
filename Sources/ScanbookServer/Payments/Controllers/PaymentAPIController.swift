import Fluent
import Foundation
import Vapor

/// The payments JSON API: own accounts, payments, execution and the files.
enum PaymentAPIController {
    @Sendable static func accounts(_ request: Request) async throws -> [PaymentAccountDTO] {
        try await PaymentAccountService.all(on: request.context).map(PaymentAccountDTO.init)
    }

    @Sendable static func addAccount(_ request: Request) async throws -> Response {
        let input = try request.content.decode(PaymentAccountInput.self)
        let account = try await PaymentAccountService.add(name: input.name, iban: input.iban, currency: input.currency, isDefault: input.isDefault ?? false, on: request.context)
        return try await request.created(PaymentAccountDTO(account), at: PaymentsAPIRoute.account(id: account.id))
    }

    @Sendable static func deleteAccount(_ request: Request) async throws -> HTTPStatus {
        try await PaymentAccountService.delete(try await PaymentAccount.find(request.id(.account), ownedBy: request), on: request.context)
        return .noContent
    }

    /// `?state=pending|executed|rejected`, pending when left out.
    @Sendable static func list(_ request: Request) async throws -> [PaymentDTO] {
        let stateText = try? request.query.get(String.self, at: "state")
        guard let state = Payment.State(rawValue: stateText ?? "pending") else {
            throw Abort(.badRequest, reason: request.text("payments_invalidState"))
        }
        return try await PaymentService.list(state, on: request.context).map { try PaymentDTO($0) }
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let payment = try await PaymentService.create(try request.content.decode(PaymentForm.self), on: request.context)
        let earlier = try await PaymentDuplicates.earlier(than: payment, on: request.context)
        return try await request.created(PaymentDTO(payment, possibleDuplicate: try earlier.map { try PossibleDuplicateDTO($0, repeating: payment) }),
                                         at: PaymentsAPIRoute.payment(id: payment.id))
    }

    @Sendable static func show(_ request: Request) async throws -> PaymentDTO {
        try PaymentDTO(try await PaymentService.find(request.id(.payment), on: request.context), life: true)
    }

    @Sendable static func update(_ request: Request) async throws -> PaymentDTO {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        return try PaymentDTO(try await PaymentService.update(payment, with: try request.content.decode(PaymentForm.self), on: request.context))
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        try await PaymentService.delete(try await PaymentService.find(request.id(.payment), on: request.context), on: request.context)
        return .noContent
    }

    @Sendable static func execute(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ExecuteForm.self)
        let outcome = try await PaymentExecution.execute(account: form.account, date: form.date, on: request.context)
        return try await request.created(PaymentExecutionDTO(outcome, request: request), at: PaymentsAPIRoute.file(id: outcome.file.id))
    }

    @Sendable static func download(_ request: Request) async throws -> Response {
        PaymentWebController.xmlResponse(try await PaymentFile.find(request.id(.file), ownedBy: request))
    }
}
