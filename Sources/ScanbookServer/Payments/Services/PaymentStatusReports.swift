import Fluent
import Foundation
import ScanbookCore
import ScanbookXML
import Vapor

/// The bank's status report (pain.002) for a file handed to it: payments it rejected become
/// `rejected` with the reason, in one transaction, audited.
enum PaymentStatusReports {
    /// Reports are small; a bank's for a thousand payments is well under this.
    static let maximumBytes = 1_000_000

    struct Outcome: Sendable {
        let file: PaymentFile
        let rejected: Int
    }

    static func apply(_ bytes: [UInt8], on context: ServiceContext) async throws -> Outcome {
        let ownerID = try context.requireUser().requireID()
        let report = try await parse(bytes, on: context)
        guard let file = try await PaymentFile.query(on: context.db).filter(\.$owner.$id == ownerID)
            .filter(\.$messageID == report.originalMessageID).first() else {
            throw UserFacingError(.unprocessableEntity, "payments_reportUnknownFile", ["id": String(report.originalMessageID.prefix(35))])
        }
        let fileID = try file.requireID()
        return try await context.db.writeTransaction { database in
            let payments = try await Payment.query(on: database).filter(\.$file.$id == fileID).all()
            let byEndToEnd = Dictionary(try payments.map { (try PaymentExecution.endToEndID(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
            var rejected = 0
            for (endToEnd, reason) in report.rejections(of: Array(byEndToEnd.keys)) {
                guard let payment = byEndToEnd[endToEnd], payment.state != .rejected else { continue }
                let before = try PaymentDTO(payment)
                payment.state = .rejected
                payment.rejectionReason = String(reason.description.prefix(500))
                try await payment.save(on: database)
                try await AuditLog.record("payment.reject", subject: "payment \(try payment.requireID())", before: before,
                                          after: try PaymentDTO(try await Payment.stored(try payment.requireID(), on: database)), on: database, context: context)
                rejected += 1
            }
            return Outcome(file: file, rejected: rejected)
        }
    }

    /// The report's statuses; anything that is not a pain.002 is refused with a message.
    static func parse(_ bytes: [UInt8], on context: ServiceContext) async throws -> PaymentStatusReport {
        let root: XMLNode
        do {
            root = try await context.application.parseXML(bytes) { try XMLSchema.parseWithoutSchema($0) }
        } catch let error as XMLSchemaError {
            throw UserFacingError(.unprocessableEntity, "payments_reportInvalid", ["reason": String(error.description.prefix(300))])
        }
        guard root.namespace?.hasPrefix("urn:iso:std:iso:20022:tech:xsd:pain.002.") == true,
              let report = root.child("CstmrPmtStsRpt"), let group = report.child("OrgnlGrpInfAndSts"),
              let messageID = group.value("OrgnlMsgId"), !messageID.isEmpty else {
            throw UserFacingError(.unprocessableEntity, "payments_reportNotPain002")
        }
        func reason(_ node: XMLNode?) -> PaymentStatusReport.Reason? {
            guard let information = node?.child("StsRsnInf") else { return nil }
            return .init(code: information.descendant("Rsn", "Cd")?.text.trimmingCharacters(in: .whitespaces),
                         text: information.children("AddtlInf").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) })
        }
        let blocks = report.children("OrgnlPmtInfAndSts").map { block in
            PaymentStatusReport.Block(
                status: block.value("PmtInfSts"), reason: reason(block),
                transactions: block.children("TxInfAndSts").compactMap { transaction in
                    guard let id = transaction.value("OrgnlEndToEndId"), let status = transaction.value("TxSts") else { return nil }
                    return .init(endToEndID: id, status: status, reason: reason(transaction))
                }
            )
        }
        return PaymentStatusReport(originalMessageID: messageID, groupStatus: group.value("GrpSts"), groupReason: reason(group), blocks: blocks)
    }
}
