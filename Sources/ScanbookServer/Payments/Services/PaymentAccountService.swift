import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The user's own accounts: added with a checked IBAN, one of them the default.
enum PaymentAccountService {
    static let maximumNameLength = 70

    static func all(on context: ServiceContext) async throws -> [PaymentAccount] {
        let ownerID = try context.requireUser().requireID()
        return try await PaymentAccount.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$name).all()
    }

    static func add(name: String?, iban: String?, currency: String?, isDefault: Bool, on context: ServiceContext) async throws -> PaymentAccount {
        let ownerID = try context.requireUser().requireID()
        var problems: [LocalizedProblem] = []
        let trimmedName = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty { problems.append(LocalizedProblem(key: "payments_accountNameRequired", field: "accountName")) }
        if trimmedName.count > maximumNameLength {
            problems.append(LocalizedProblem(key: "field_tooLong", arguments: ["maximum": "\(maximumNameLength)"], field: "accountName"))
        }
        var checked: IBAN?
        switch IBAN.parse(String((iban ?? "").prefix(64))) {
        case .success(let value): checked = value
        case .failure(let problem):
            problems += PaymentProblems.localized([PaymentProblem(.debitAccount, problem.kind, correctedValue: problem.correctedValue)]).map { found in
                var shown = found
                shown.field = "accountIBAN"
                return shown
            }
        }
        // None typed: the home currency.
        let code = (currency ?? "").isEmpty ? CurrencyCode(context.homeCurrency) : CurrencyCode(currency ?? "")
        if code == nil {
            problems.append(LocalizedProblem(key: "settings_currencyInvalid", arguments: ["value": String((currency ?? "").prefix(20))], field: "accountCurrency"))
        }
        guard problems.isEmpty, let checked, let code else { throw UserFacingError(.unprocessableEntity, problems) }
        let account = PaymentAccount(ownerID: ownerID, name: trimmedName, iban: checked.electronic, currency: code.code, isDefault: isDefault)
        do {
            try await context.db.writeTransaction { database in
                let existing = try await PaymentAccount.query(on: database).filter(\.$owner.$id == ownerID).count()
                account.isDefault = isDefault || existing == 0
                if account.isDefault {
                    try await PaymentAccount.query(on: database).filter(\.$owner.$id == ownerID).set(\.$isDefault, to: false).update()
                }
                try await account.create(on: database)
                guard let written = try await PaymentAccount.find(try account.requireID(), on: database) else { throw Abort(.notFound) }
                try await AuditLog.record("account.add", subject: "account \(try written.requireID())", before: Optional<PaymentAccountDTO>.none,
                                          after: try PaymentAccountDTO(written), on: database, context: context)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw UserFacingError(.conflict, "payments_accountExists", ["iban": checked.formatted])
        }
        return account
    }

    /// Only an account no payment and no bank file names: deleting one would take the payments'
    /// history with it (the rows cascade).
    static func delete(_ account: PaymentAccount, on context: ServiceContext) async throws {
        let accountID = try account.requireID()
        try await context.db.writeTransaction { database in
            let payments = try await Payment.query(on: database).filter(\.$debitAccount.$id == accountID).count()
            let files = try await PaymentFile.query(on: database).filter(\.$debitAccount.$id == accountID).count()
            let bills = try await IssuedBill.query(on: database).filter(\.$account.$id == accountID).count()
            guard payments + files + bills == 0 else { throw UserFacingError(.conflict, "payments_accountInUse", ["count": "\(payments)"]) }
            guard let row = try await PaymentAccount.find(accountID, on: database) else { throw Abort(.notFound) }
            try await row.delete(on: database)
            try await AuditLog.record("account.delete", subject: "account \(accountID)", before: try PaymentAccountDTO(row),
                                      after: Optional<PaymentAccountDTO>.none, on: database, context: context)
        }
    }
}
