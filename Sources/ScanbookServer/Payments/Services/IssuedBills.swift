import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookRendering
import Vapor

/// QR-bills out: the user's own invoices as QR-bills (numbered, with a QR or creditor reference
/// made from the number), drawn as the payment part with receipt, and paid by the credits a bank
/// statement brings (`BankStatements`).
enum IssuedBills {
    static let shown = 200

    /// How a bill is handed out.
    enum Format: String, CaseIterable, Sendable {
        case svg, pdf, png

        var contentType: HTTPMediaType {
            switch self {
            case .svg: HTTPMediaType(type: "image", subType: "svg+xml")
            case .pdf: .pdf
            case .png: .png
            }
        }
    }

    static func list(on context: ServiceContext) async throws -> [IssuedBill] {
        let ownerID = try context.requireUser().requireID()
        return try await IssuedBill.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$number, .descending).limit(shown).all()
    }

    static func find(_ id: UUID?, on context: ServiceContext) async throws -> IssuedBill {
        try await IssuedBill.find(id, ownedBy: context)
    }

    static func create(_ form: IssuedBillForm, on context: ServiceContext) async throws -> IssuedBill {
        let ownerID = try context.requireUser().requireID()
        guard let id = form.account, let account = try await PaymentAccount.owned(id, by: context) else {
            throw UserFacingError(.unprocessableEntity, "payments_accountRequired")
        }
        let accountID = try account.requireID()
        let language = QRBill.Language(rawValue: PaymentForm.field(form.language).lowercased())
            ?? QRBill.Language(rawValue: String(context.locale.prefix(2))) ?? .en
        return try await context.db.writeTransaction { database in
            // Numbers count up per user: concurrent bills wait for each other.
            try await database.lockPayments(of: ownerID)
            let number = (try await IssuedBill.query(on: database).filter(\.$owner.$id == ownerID).max(\.$number) ?? 0) + 1
            switch form.bill(iban: account.iban, number: number, today: context.today) {
            case .failure(let found):
                throw UserFacingError(.unprocessableEntity, PaymentProblems.localized(found.problems))
            case .success(let bill):
                let row = IssuedBill(ownerID: ownerID, accountID: accountID, number: number, language: language, bill: bill)
                try await row.create(on: database)
                try await AuditLog.record("bill.create", subject: "bill \(try row.requireID())", before: Optional<IssuedBillDTO>.none,
                                          after: try IssuedBillDTO(row), on: database, context: context)
                return row
            }
        }
    }

    /// The payment part with receipt in `format`. PDF and PNG are drawn off the event loop.
    static func document(_ row: IssuedBill, as format: Format, on context: ServiceContext) async throws -> [UInt8] {
        let svg = try drawing(row)
        switch format {
        case .svg: return Array(svg.utf8)
        case .pdf: return try await render(svg, as: .pdf, on: context)
        // About 300 dpi: what a scanner or a printer would make of it.
        case .png: return try await render(svg, as: .png(pixelsPerMillimetre: 12), on: context)
        }
    }

    static func drawing(_ row: IssuedBill) throws -> String {
        let bill = try row.decoded()
        let code = try QRCodeWriter.encode(bill.payload)
        return QRBillPaymentPart(bill: bill, code: code, language: QRBill.Language(rawValue: row.language) ?? .en).svg
    }

    private static func render(_ svg: String, as format: SVGRenderer.Format, on context: ServiceContext) async throws -> [UInt8] {
        try await context.application.threadPool.runIfActive {
            do {
                return try SVGRenderer.render(svg, as: format)
            } catch {
                context.application.logger.error("QR-bill drawing failed: \(String(describing: error))")
                throw UserFacingError(.internalServerError, "payments_billNotDrawn")
            }
        }
    }

    /// Money a statement credits to the user's bills, by reference and currency; the amounts add
    /// up (a bill paid in parts). Returns what nothing explains.
    static func receive(_ payments: [ReceivedPayment], ownerID: UUID, on database: any Database, context: ServiceContext) async throws -> [ReceivedPayment] {
        var unexplained: [ReceivedPayment] = []
        for payment in payments {
            guard let row = try await IssuedBill.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$reference == payment.reference).first(),
                  row.currency == payment.currency else {
                unexplained.append(payment)
                continue
            }
            let before = try IssuedBillDTO(row)
            let (sum, overflow) = row.paidMinor.addingReportingOverflow(payment.amountMinor)
            guard !overflow else { unexplained.append(payment); continue }
            row.paidMinor = sum
            try await row.save(on: database)
            try await AuditLog.record("bill.paid", subject: "bill \(try row.requireID())", before: before, after: try IssuedBillDTO(row), on: database, context: context)
        }
        return unexplained
    }

    /// The references of the user's bills, for matching a statement's credits.
    static func references(ownerID: UUID, on database: any Database) async throws -> Set<String> {
        Set(try await IssuedBill.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$reference != nil).all(\.$reference).compactMap { $0 })
    }
}
