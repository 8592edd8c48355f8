import Fluent
import Foundation
import ScanbookCore
import ScanbookXML
import Vapor

/// Bank statements in (camt.053 statements, camt.054 notifications, versions .001.04 and
/// .001.08): each entry matched to the payments handed to the bank (`BankStatement.match`), a
/// booked one marked `booked` with the day and the bank's reference, a returned one `rejected`
/// with the reason; entries nothing explains are listed, never dropped. An entry already imported
/// (same account and bank reference) changes nothing again. A malformed file is refused whole.
enum BankStatements {
    static let namespacePrefixes = ["urn:iso:std:iso:20022:tech:xsd:camt.053.001.", "urn:iso:std:iso:20022:tech:xsd:camt.054.001."]
    static let versions = ["04", "08"]

    /// What an import did, or would do (a preview).
    struct Outcome: Sendable {
        /// An entry nothing explains, on its statement's account.
        struct Line: Sendable {
            let account: String
            let entry: BankStatement.Entry
            let why: StatementMatch.Unmatched
        }

        var applied: Bool
        var entries = 0
        var booked = 0
        var returned = 0
        var notBooked = 0
        /// Credits towards the user's issued QR-bills.
        var received = 0
        var alreadyImported = 0
        var unmatched: [Line] = []
    }

    static func importStatement(_ bytes: [UInt8], apply: Bool, on context: ServiceContext) async throws -> Outcome {
        let ownerID = try context.requireUser().requireID()
        let statements = try await parse(bytes, on: context)
        return try await context.db.writeTransaction { database in
            var outcome = Outcome(applied: apply)
            let issued = try await IssuedBills.references(ownerID: ownerID, on: database)
            for statement in statements {
                guard let account = try await PaymentAccount.query(on: database).filter(\.$owner.$id == ownerID)
                    .filter(\.$iban == statement.account).first() else {
                    throw UserFacingError(.unprocessableEntity, "payments_statementUnknownAccount", ["iban": IBAN(statement.account)?.formatted ?? String(statement.account.prefix(34))])
                }
                let payments = try await Payment.query(on: database).filter(\.$owner.$id == ownerID)
                    .filter(\.$debitAccount.$id == account.requireID()).filter(\.$state ~~ [.executed, .booked]).with(\.$file).all()
                let handed = try payments.compactMap { payment -> HandedPayment? in
                    guard let file = payment.file else { return nil }
                    return HandedPayment(id: try payment.requireID().uuidString, endToEndID: try PaymentExecution.endToEndID(of: payment),
                                         fileMessageID: file.messageID, amountMinor: payment.amountMinor, currency: payment.currency)
                }
                let byID = Dictionary(try payments.map { (try $0.requireID().uuidString, $0) }, uniquingKeysWith: { first, _ in first })
                // The account's entries imported before, read once (not once per entry).
                var imported = Set(try await BankStatementEntry.query(on: database).filter(\.$owner.$id == ownerID)
                    .filter(\.$account == statement.account).all(\.$reference))
                for (entry, match) in zip(statement.entries, statement.match(against: handed, issuedReferences: issued)) {
                    outcome.entries += 1
                    guard !imported.contains(entry.reference) else {
                        outcome.alreadyImported += 1
                        continue
                    }
                    switch match {
                    case .booked(let ids, let day):
                        outcome.booked += ids.count
                        if apply {
                            for payment in ids.compactMap({ byID[$0] }) where payment.state == .executed {
                                try await change(payment, action: "payment.book", on: database, context) {
                                    $0.state = .booked
                                    $0.bookedOn = day
                                    $0.bankReference = String(entry.reference.prefix(35))
                                }
                            }
                        }
                    case .returned(let ids, let reason):
                        outcome.returned += ids.count
                        if apply {
                            let text = PaymentStatusReport.Reason(code: reason == "reversal" ? nil : reason, text: reason == "reversal" ? [context.text("payments_statementReversed")] : []).description
                            for payment in ids.compactMap({ byID[$0] }) where payment.state != .rejected {
                                try await change(payment, action: "payment.return", on: database, context) {
                                    $0.state = .rejected
                                    $0.rejectionReason = String(text.prefix(500))
                                    $0.bankReference = String(entry.reference.prefix(35))
                                }
                            }
                        }
                    case .received(let payments):
                        let unexplained = apply ? try await IssuedBills.receive(payments, ownerID: ownerID, on: database, context: context) : []
                        outcome.received += payments.count - unexplained.count
                        if !unexplained.isEmpty { outcome.unmatched.append(.init(account: statement.account, entry: entry, why: .credit)) }
                    case .unmatched(let why):
                        outcome.unmatched.append(.init(account: statement.account, entry: entry, why: why))
                    case .notBooked:
                        outcome.notBooked += 1
                        continue // a pending entry may be booked in a later statement: not remembered
                    }
                    if apply {
                        try await BankStatementEntry(ownerID: ownerID, account: statement.account, reference: entry.reference,
                                                     outcome: Self.outcomeName(match), importedAt: context.now).create(on: database)
                        imported.insert(entry.reference)
                    }
                }
            }
            return outcome
        }
    }

    /// A preview kept for "Apply": what the file would change; the user's previews older than a
    /// day are dropped.
    static func preview(_ bytes: [UInt8], on context: ServiceContext) async throws -> (StatementPreview, Outcome) {
        let outcome = try await importStatement(bytes, apply: false, on: context)
        let ownerID = try context.requireUser().requireID()
        let kept = StatementPreview(ownerID: ownerID, bytes: bytes)
        try await context.db.writeTransaction { database in
            try await StatementPreview.query(on: database).filter(\.$owner.$id == ownerID)
                .filter(\.$createdAt < context.now.addingTimeInterval(-StatementPreview.kept)).delete()
            try await kept.create(on: database)
        }
        return (kept, outcome)
    }

    /// Imports a previewed file and forgets it.
    static func apply(_ kept: StatementPreview, on context: ServiceContext) async throws -> Outcome {
        let outcome = try await importStatement(Array(kept.bytes), apply: true, on: context)
        try await kept.delete(on: context.db)
        return outcome
    }

    private static func change(_ payment: Payment, action: String, on database: any Database, _ context: ServiceContext, _ body: (Payment) -> Void) async throws {
        let before = try PaymentDTO(payment)
        body(payment)
        try await payment.save(on: database)
        try await AuditLog.record(action, subject: "payment \(try payment.requireID())", before: before, after: try PaymentDTO(payment), on: database, context: context)
    }

    private static func outcomeName(_ match: StatementMatch) -> String {
        switch match {
        case .booked: "booked"
        case .returned: "returned"
        case .received: "received"
        case .unmatched(let why): "unmatched:\(why.rawValue)"
        case .notBooked: "notBooked"
        }
    }

    /// Every statement (or notification) in the file; anything else, or an entry missing what is
    /// needed to follow it, refuses the whole file naming the element.
    static func parse(_ bytes: [UInt8], on context: ServiceContext) async throws -> [BankStatement] {
        let root: XMLNode
        do {
            root = try await context.application.parseXML(bytes, budget: .bankStatements) { try XMLSchema.parseWithoutSchema($0) }
        } catch let error as XMLSchemaError {
            throw UserFacingError(.unprocessableEntity, "payments_statementInvalid", ["reason": String(error.description.prefix(300))])
        }
        do {
            return try read(root)
        } catch let problem as StatementProblem {
            throw UserFacingError(.unprocessableEntity, "payments_statementInvalid", ["reason": problem.description])
        }
    }

    struct StatementProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// The statements of a parsed camt document (pure, for tests and the bench).
    static func read(_ root: XMLNode) throws(StatementProblem) -> [BankStatement] {
        guard let namespace = root.namespace, let prefix = namespacePrefixes.first(where: { namespace.hasPrefix($0) }) else {
            throw StatementProblem(description: "not a camt.053 or camt.054 document (namespace \(String((root.namespace ?? "none").prefix(80))))")
        }
        guard versions.contains(String(namespace.dropFirst(prefix.count))) else {
            throw StatementProblem(description: "version \(String(namespace.dropFirst(prefix.count).prefix(10))) is not read; Swiss banks deliver .001.04 and .001.08")
        }
        let kind: BankStatement.Kind = prefix.contains("camt.053") ? .statement : .notification
        let message = kind == .statement ? root.child("BkToCstmrStmt") : root.child("BkToCstmrDbtCdtNtfctn")
        let blocks = message?.children(kind == .statement ? "Stmt" : "Ntfctn") ?? []
        guard !blocks.isEmpty else { throw StatementProblem(description: "\(kind == .statement ? "BkToCstmrStmt/Stmt" : "BkToCstmrDbtCdtNtfctn/Ntfctn") missing") }
        return try blocks.enumerated().map { (index, block) throws(StatementProblem) -> BankStatement in
            let place = "\(kind == .statement ? "Stmt" : "Ntfctn") \(index + 1)"
            guard let iban = block.descendant("Acct", "Id", "IBAN").map({ $0.text.filter { !$0.isWhitespace }.uppercased() }), IBAN(iban) != nil else {
                throw StatementProblem(description: "\(place): Acct/Id/IBAN missing or not an IBAN")
            }
            let entries = try block.children("Ntry").enumerated().map { (number, entry) throws(StatementProblem) in
                try readEntry(entry, place: "\(place), Ntry \(number + 1)")
            }
            return BankStatement(kind: kind, account: iban, entries: entries)
        }
    }

    private static func readEntry(_ entry: XMLNode, place: String) throws(StatementProblem) -> BankStatement.Entry {
        guard let amountNode = entry.child("Amt"), let currency = amountNode.attributes["Ccy"], CurrencyCode(currency) != nil else {
            throw StatementProblem(description: "\(place): Amt with a Ccy missing")
        }
        guard let amount = minorUnits(amountNode.text) else { throw StatementProblem(description: "\(place): Amt \(String(amountNode.text.prefix(30))) is not an amount") }
        guard let direction = entry.value("CdtDbtInd").flatMap(BankStatement.Entry.Direction.init(rawValue:)) else {
            throw StatementProblem(description: "\(place): CdtDbtInd missing (CRDT or DBIT)")
        }
        guard let reference = (entry.value("AcctSvcrRef") ?? entry.value("NtryRef")).flatMap({ $0.isEmpty ? nil : String($0.prefix(100)) }) else {
            throw StatementProblem(description: "\(place): AcctSvcrRef or NtryRef missing")
        }
        // .001.04 writes <Sts>BOOK</Sts>, .001.08 <Sts><Cd>BOOK</Cd></Sts>.
        let status = entry.descendant("Sts", "Cd")?.text ?? entry.value("Sts") ?? ""
        let day = (entry.descendant("BookgDt", "Dt")?.text ?? entry.descendant("BookgDt", "DtTm")?.text).map { String($0.trimmingCharacters(in: .whitespaces).prefix(10)) }
        let details = entry.children("NtryDtls")
        let transactions = details.flatMap { $0.children("TxDtls") }.map { transaction in
            BankStatement.Transaction(
                endToEndID: transaction.descendant("Refs", "EndToEndId")?.text.trimmingCharacters(in: .whitespaces),
                messageID: transaction.descendant("Refs", "MsgId")?.text.trimmingCharacters(in: .whitespaces),
                amountMinor: (transaction.child("Amt") ?? transaction.descendant("AmtDtls", "TxAmt", "Amt")).flatMap { minorUnits($0.text) },
                returnReason: transaction.descendant("RtrInf", "Rsn", "Cd")?.text.trimmingCharacters(in: .whitespaces),
                creditorReference: transaction.descendant("RmtInf", "Strd", "CdtrRefInf", "Ref").map { String($0.text.prefix(35)) }
            )
        }
        return BankStatement.Entry(
            reference: reference, amountMinor: amount, currency: currency, direction: direction,
            isBooked: status.trimmingCharacters(in: .whitespaces) == "BOOK", isReversal: entry.value("RvslInd") == "true",
            bookingDate: day, batchMessageID: details.lazy.compactMap { $0.descendant("Btch", "MsgId")?.text.trimmingCharacters(in: .whitespaces) }.first,
            transactions: transactions
        )
    }

    /// "1949.75" → 194975; at most two decimals and fifteen digits before the point.
    static func minorUnits(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...15).contains(whole.count), whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 2, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else { return nil }
        guard let units = Int(whole), let cents = Int(String(fraction).padding(toLength: 2, withPad: "0", startingAt: 0)) else { return nil }
        return units * 100 + cents
    }
}
