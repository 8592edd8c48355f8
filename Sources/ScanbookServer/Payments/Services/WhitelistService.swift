import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The global whitelist (administrators keep it) and each user's own: beneficiaries paid without
/// a second factor.
enum WhitelistService {
    static let maximumFieldLength = 70
    static let maximumBankAddressLength = 140

    static func personal(on request: Request) async throws -> [WhitelistEntry] {
        let ownerID = try request.auth.require(User.self).requireID()
        return try await WhitelistEntry.query(on: request.db).filter(\.$owner.$id == ownerID).sort(\.$name).all()
    }

    static func global(on database: any Database) async throws -> [WhitelistEntry] {
        try await WhitelistEntry.query(on: database).filter(\.$owner.$id == nil).sort(\.$name).all()
    }

    /// The entry for `account` on the user's list, else on the global one.
    static func entry(for account: String, userID: UUID, on database: any Database) async throws -> WhitelistEntry? {
        let entries = try await WhitelistEntry.query(on: database).filter(\.$account == account)
            .group(.or) { $0.filter(\.$owner.$id == userID).filter(\.$owner.$id == nil) }.all()
        return entries.first { !$0.isGlobal } ?? entries.first
    }

    /// The user's own entry or a global one; anything else is a 404.
    static func find(_ id: UUID?, on request: Request) async throws -> WhitelistEntry {
        let userID = try request.auth.require(User.self).requireID()
        guard let id, let entry = try await WhitelistEntry.find(id, on: request.db), entry.isGlobal || entry.$owner.id == userID else {
            throw Abort(.notFound)
        }
        return entry
    }

    static func add(_ form: WhitelistForm, global: Bool, on request: Request) async throws -> WhitelistEntry {
        let user = try request.auth.require(User.self)
        if global { try requireAdmin(request) }
        let (account, address, bank) = try checked(form, request: request)
        // Whitelisted beneficiaries are paid without a second factor: adding one takes a code.
        try await PaymentSigning.requireCode(form.code, on: request)
        let ownerID: UUID? = global ? nil : try user.requireID()
        let entry = WhitelistEntry(ownerID: ownerID, account: account, address: address,
                                   clearingNumber: bank.clearing, bankName: bank.name, bankAddress: bank.address)
        try await request.db.writeTransaction { database in
            // Lined up with signatures, which add to the same list (the global list has one lock of its own).
            try await database.lockPayments(of: ownerID ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
            let existing = try await WhitelistEntry.query(on: database).filter(\.$account == account).filter(\.$owner.$id == ownerID).count()
            guard existing == 0 else { throw UserFacingError(.conflict, "payments_whitelistExists") }
            try await entry.create(on: database)
            try await AuditLog.record(global ? "whitelist.global.add" : "whitelist.add", subject: "whitelist \(try entry.requireID())",
                                      before: Optional<WhitelistEntryDTO>.none, after: try WhitelistEntryDTO(entry), on: database, request: request)
        }
        return entry
    }

    static func delete(_ entry: WhitelistEntry, on request: Request) async throws {
        if entry.isGlobal { try requireAdmin(request) }
        try await request.db.writeTransaction { database in
            try await AuditLog.record(entry.isGlobal ? "whitelist.global.delete" : "whitelist.delete", subject: "whitelist \(try entry.requireID())",
                                      before: try WhitelistEntryDTO(entry), after: Optional<WhitelistEntryDTO>.none, on: database, request: request)
            try await entry.delete(on: database)
        }
    }

    /// A payment just signed: its beneficiary joins the user's list (once).
    static func remember(_ payment: Payment, userID: UUID, on database: any Database) async throws {
        let known = try await WhitelistEntry.query(on: database).filter(\.$account == payment.beneficiaryAccount).filter(\.$owner.$id == userID).count()
        guard known == 0 else { return }
        try await WhitelistEntry(ownerID: userID, account: payment.beneficiaryAccount, address: payment.beneficiary,
                                 clearingNumber: nil, bankName: nil, bankAddress: nil).create(on: database)
    }

    private static func requireAdmin(_ request: Request) throws {
        guard try request.auth.require(User.self).isAdmin else { throw UserFacingError(.forbidden, "payments_whitelistAdminOnly") }
    }

    private static func checked(_ form: WhitelistForm, request: Request) throws -> (String, QRBill.Address, (clearing: String?, name: String?, address: String?)) {
        func text(_ value: String?, _ limit: Int = maximumFieldLength) -> String {
            String((value ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(limit + 1))
        }
        var problems: [LocalizedProblem] = []
        var account = ""
        switch PaymentDraft.storedAccount(String((form.account ?? "").prefix(64))) {
        case .success(let stored): account = stored
        case .failure(let problem): problems += PaymentProblems.localized([problem], request: request)
        }
        let address = QRBill.Address(
            name: text(form.name), street: text(form.street), buildingNumber: text(form.buildingNumber),
            postalCode: text(form.postalCode), town: text(form.town), country: text(form.country).uppercased()
        )
        if address.name.isEmpty { problems.append(LocalizedProblem(key: "payments_whitelistNameRequired")) }
        if [address.name, address.street, address.buildingNumber, address.postalCode, address.town].contains(where: { $0.count > maximumFieldLength }) {
            problems.append(LocalizedProblem(key: "lists_fieldTooLong", arguments: ["maximum": "\(maximumFieldLength)"]))
        }
        if !address.country.isEmpty, !(address.country.count == 2 && address.country.allSatisfy { $0.isASCII && $0.isLetter }) {
            problems += PaymentProblems.localized([PaymentProblem(.creditorCountry, .wrongFormat)], request: request)
        }
        let clearing = text(form.clearingNumber)
        if !clearing.isEmpty, !(3...5).contains(clearing.count) || !clearing.allSatisfy({ $0.isASCII && $0.isNumber }) {
            problems.append(LocalizedProblem(key: "payments_clearingInvalid"))
        }
        let bankName = text(form.bankName), bankAddress = text(form.bankAddress, maximumBankAddressLength)
        if bankName.count > maximumFieldLength || bankAddress.count > maximumBankAddressLength {
            problems.append(LocalizedProblem(key: "lists_fieldTooLong", arguments: ["maximum": "\(maximumBankAddressLength)"]))
        }
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }
        return (account, address, (clearing.isEmpty ? nil : clearing, bankName.isEmpty ? nil : bankName, bankAddress.isEmpty ? nil : bankAddress))
    }
}
