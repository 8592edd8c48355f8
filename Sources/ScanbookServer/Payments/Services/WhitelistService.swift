import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The global whitelist (administrators keep it) and each user's own: beneficiaries paid without
/// a second factor.
enum WhitelistService {
    static let maximumFieldLength = 70
    static let maximumBankAddressLength = 140

    static func personal(on context: ServiceContext) async throws -> [WhitelistEntry] {
        let ownerID = try context.requireUser().requireID()
        return try await WhitelistEntry.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$name).all()
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

    /// Whether `payment` as it is about to be stored needs its own signature: `wasRequired` (it
    /// needed one before), or its beneficiary is on no whitelist, or the amount is above the
    /// entry's limit or the server's ceiling (`PaymentSignaturePolicy`). An own account is no
    /// exception: accounts are added without a code, so one added by someone holding only the
    /// session would be a way round the second factor.
    static func requiresSignature(_ payment: Payment, wasRequired: Bool, ownerID: UUID, ceiling: Int, on database: any Database) async throws -> Bool {
        if wasRequired { return true }
        let cover = try await entry(for: payment.beneficiaryAccount, userID: ownerID, on: database)?.cover
        return PaymentSignaturePolicy.requiresSignature(wasRequired: false, cover: cover, amountHundredths: payment.amountMinor,
                                                        currency: payment.currency, ceilingHundredths: ceiling)
    }

    /// The user's own entry or a global one; anything else is a 404.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> WhitelistEntry {
        let userID = try context.requireUser().requireID()
        guard let id, let entry = try await WhitelistEntry.find(id, on: context.db), entry.isGlobal || entry.$owner.id == userID else {
            throw Abort(.notFound)
        }
        return entry
    }

    static func add(_ form: WhitelistForm, global: Bool, on context: ServiceContext) async throws -> WhitelistEntry {
        let user = try context.requireUser()
        if global { try requireAdmin(context) }
        let (account, address, bank) = try checked(form, context: context)
        let cover = try await checkedCover(limit: form.limit, currency: form.limitCurrency, context: context)
        // Whitelisted beneficiaries are paid without a second factor: adding one takes a code.
        try await PaymentSigning.requireCode(form.code, on: context)
        let ownerID: UUID? = global ? nil : try user.requireID()
        let entry = WhitelistEntry(ownerID: ownerID, account: account, address: address,
                                   clearingNumber: bank.clearing, bankName: bank.name, bankAddress: bank.address, limit: cover)
        try await context.db.writeTransaction { database in
            try await database.lockPayments(of: lockKey(ownerID))
            let existing = try await WhitelistEntry.query(on: database).filter(\.$account == account).filter(\.$owner.$id == ownerID).count()
            guard existing == 0 else { throw UserFacingError(.conflict, "payments_whitelistExists") }
            try await entry.create(on: database)
            try await AuditLog.record(global ? "whitelist.global.add" : "whitelist.add", subject: "whitelist \(try entry.requireID())",
                                      before: Optional<WhitelistEntryDTO>.none, after: try WhitelistEntryDTO(try stored(entry, on: database)),
                                      on: database, context: context)
        }
        return entry
    }

    /// A new per-payment limit. Raising it lets more through without a signature, so it takes a
    /// code; lowering it does not.
    static func changeLimit(_ entry: WhitelistEntry, limit: String?, currency: String?, code: String?, on context: ServiceContext) async throws -> WhitelistEntry {
        if entry.isGlobal { try requireAdmin(context) }
        let cover = try await checkedCover(limit: limit, currency: currency ?? entry.limitCurrency, context: context)
        let current = entry.cover
        if cover.limitHundredths > current.limitHundredths || cover.currency != current.currency {
            try await PaymentSigning.requireCode(code, on: context)
        }
        let entryID = try entry.requireID()
        return try await context.db.writeTransaction { database in
            try await database.lockPayments(of: lockKey(entry.$owner.id))
            let row = try await stored(entry, on: database)
            let before = try WhitelistEntryDTO(row)
            row.limitMinor = cover.limitHundredths
            row.limitCurrency = cover.currency
            try await row.save(on: database)
            let written = try await stored(row, on: database)
            try await AuditLog.record(row.isGlobal ? "whitelist.global.limit" : "whitelist.limit", subject: "whitelist \(entryID)",
                                      before: before, after: try WhitelistEntryDTO(written), on: database, context: context)
            try await recheckPendingPayments(to: written.account, ownerID: written.$owner.id, on: database, context: context)
            return written
        }
    }

    static func delete(_ entry: WhitelistEntry, on context: ServiceContext) async throws {
        if entry.isGlobal { try requireAdmin(context) }
        try await context.db.writeTransaction { database in
            try await database.lockPayments(of: lockKey(entry.$owner.id))
            let row = try await stored(entry, on: database)
            try await row.delete(on: database)
            try await AuditLog.record(row.isGlobal ? "whitelist.global.delete" : "whitelist.delete", subject: "whitelist \(try row.requireID())",
                                      before: try WhitelistEntryDTO(row), after: Optional<WhitelistEntryDTO>.none, on: database, context: context)
            try await recheckPendingPayments(to: row.account, ownerID: row.$owner.id, on: database, context: context)
        }
    }

    /// A payment just signed: its beneficiary joins the user's list (once), covered up to the
    /// default limit in the payment's currency. Audited like an entry added by hand.
    static func remember(_ payment: Payment, userID: UUID, on database: any Database, context: ServiceContext) async throws {
        let known = try await WhitelistEntry.query(on: database).filter(\.$account == payment.beneficiaryAccount).filter(\.$owner.$id == userID).count()
        guard known == 0 else { return }
        let entry = WhitelistEntry(ownerID: userID, account: payment.beneficiaryAccount, address: payment.beneficiary,
                                   clearingNumber: nil, bankName: nil, bankAddress: nil,
                                   limit: .init(limitHundredths: PaymentSignaturePolicy.defaultLimitHundredths, currency: payment.currency))
        try await entry.create(on: database)
        try await AuditLog.record("whitelist.add.signing", subject: "whitelist \(try entry.requireID())", before: Optional<WhitelistEntryDTO>.none,
                                  after: try WhitelistEntryDTO(try stored(entry, on: database)), on: database, context: context)
    }

    /// An entry removed or its limit lowered: pending payments to that account that needed no
    /// signature and are no longer covered wait for one from now on (their owner's, or with a
    /// global entry everyone's). Execution checks again in any case.
    private static func recheckPendingPayments(to account: String, ownerID: UUID?, on database: any Database, context: ServiceContext) async throws {
        var query = Payment.query(on: database).filter(\.$beneficiaryAccount == account).filter(\.$state == .pending)
            .filter(\.$signatureRequired == false).with(\.$debitAccount)
        if let ownerID { query = query.filter(\.$owner.$id == ownerID) }
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        for payment in try await query.all() {
            let owner = payment.$owner.id
            if owner != ownerID { try await database.lockPayments(of: owner) }
            guard try await requiresSignature(payment, wasRequired: false, ownerID: owner, ceiling: ceiling, on: database) else { continue }
            try await requireSignatureFromNowOn(payment, on: database, context: context)
        }
    }

    /// The whitelist no longer covers `payment`: from now on it waits for a signature (audited).
    static func requireSignatureFromNowOn(_ payment: Payment, on database: any Database, context: ServiceContext) async throws {
        let before = try PaymentDTO(payment)
        payment.signatureRequired = true
        try await payment.save(on: database)
        try await AuditLog.record("payment.signatureRequired", subject: "payment \(try payment.requireID())", before: before,
                                  after: try PaymentDTO(try await Payment.stored(try payment.requireID(), on: database)),
                                  on: database, context: context)
    }

    /// Changes to one user's list line up with that user's payment changes; the global list has
    /// one lock of its own.
    private static func lockKey(_ ownerID: UUID?) -> UUID {
        ownerID ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    private static func stored(_ entry: WhitelistEntry, on database: any Database) async throws -> WhitelistEntry {
        guard let row = try await WhitelistEntry.find(try entry.requireID(), on: database) else { throw Abort(.notFound) }
        return row
    }

    /// A typed limit ("5000", "5'000.00"; empty: the default) within the server's ceiling, in
    /// `currency` (empty: the user's default account's, else their home currency).
    private static func checkedCover(limit: String?, currency: String?, context: ServiceContext) async throws -> PaymentSignaturePolicy.Cover {
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        let text = String((limit ?? "").trimmingCharacters(in: .whitespaces).prefix(32))
        var hundredths = min(PaymentSignaturePolicy.defaultLimitHundredths, ceiling)
        if !text.isEmpty {
            guard let typed = Amount(typed: text), typed.hundredths >= 0 else { throw UserFacingError(.unprocessableEntity, "payments_whitelistLimitInvalid") }
            guard typed.hundredths <= ceiling else {
                throw UserFacingError(.unprocessableEntity, "payments_whitelistLimitAboveCeiling", ["ceiling": Amount(minorUnits: ceiling, decimals: 2).description])
            }
            hundredths = typed.hundredths
        }
        let typedCurrency = (currency ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        if !typedCurrency.isEmpty {
            guard let code = CurrencyCode(typedCurrency) else {
                throw UserFacingError(.unprocessableEntity, "settings_currencyInvalid", ["value": String(typedCurrency.prefix(20))])
            }
            return .init(limitHundredths: hundredths, currency: code.code)
        }
        let ownerID = try context.requireUser().requireID()
        let account = try await PaymentAccount.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$isDefault, .descending).first()
        return .init(limitHundredths: hundredths, currency: account?.currency ?? context.homeCurrency)
    }

    private static func requireAdmin(_ context: ServiceContext) throws {
        guard try context.requireUser().isAdmin else { throw UserFacingError(.forbidden, "payments_whitelistAdminOnly") }
    }

    private static func checked(_ form: WhitelistForm, context: ServiceContext) throws -> (String, QRBill.Address, (clearing: String?, name: String?, address: String?)) {
        func text(_ value: String?, _ limit: Int = maximumFieldLength) -> String {
            String((value ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(limit + 1))
        }
        var problems: [LocalizedProblem] = []
        var account = ""
        switch PaymentDraft.storedAccount(String((form.account ?? "").prefix(64))) {
        case .success(let stored): account = stored
        case .failure(let problem): problems += PaymentProblems.localized([problem])
        }
        let address = QRBill.Address(
            name: text(form.name), street: text(form.street), buildingNumber: text(form.buildingNumber),
            postalCode: text(form.postalCode), town: text(form.town), country: text(form.country).uppercased()
        )
        if address.name.isEmpty { problems.append(LocalizedProblem(key: "payments_whitelistNameRequired")) }
        if [address.name, address.street, address.buildingNumber, address.postalCode, address.town].contains(where: { $0.count > maximumFieldLength }) {
            problems.append(LocalizedProblem(key: "field_tooLong", arguments: ["maximum": "\(maximumFieldLength)"]))
        }
        if !address.country.isEmpty, !(address.country.count == 2 && address.country.allSatisfy { $0.isASCII && $0.isLetter }) {
            problems += PaymentProblems.localized([PaymentProblem(.creditorCountry, .wrongFormat)])
        }
        let clearing = text(form.clearingNumber)
        if !clearing.isEmpty, !(3...5).contains(clearing.count) || !clearing.allSatisfy({ $0.isASCII && $0.isNumber }) {
            problems.append(LocalizedProblem(key: "payments_clearingInvalid"))
        }
        let bankName = text(form.bankName), bankAddress = text(form.bankAddress, maximumBankAddressLength)
        if bankName.count > maximumFieldLength || bankAddress.count > maximumBankAddressLength {
            problems.append(LocalizedProblem(key: "field_tooLong", arguments: ["maximum": "\(maximumBankAddressLength)"]))
        }
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }
        return (account, address, (clearing.isEmpty ? nil : clearing, bankName.isEmpty ? nil : bankName, bankAddress.isEmpty ? nil : bankAddress))
    }
}
