import Fluent
import Foundation
import ScanbookCore
import Vapor

extension PaymentPresentation {
    static func whitelistPage(_ context: ServiceContext, errors: [String]) async throws -> WhitelistView {
        let user = try context.requireUser()
        func row(_ entry: WhitelistEntry) throws -> WhitelistView.Row {
            let id = try entry.requireID()
            let address = entry.address
            return .init(
                name: entry.name,
                address: [[address.street, address.buildingNumber].filter { !$0.isEmpty }.joined(separator: " "),
                          [address.postalCode, address.town].filter { !$0.isEmpty }.joined(separator: " "), address.country]
                    .filter { !$0.isEmpty }.joined(separator: ", "),
                account: accountText(entry.account),
                bank: [entry.bankName, entry.clearingNumber.map { "BC \($0)" }, entry.bankAddress].compactMap { $0 }.joined(separator: " · "),
                payURL: PaymentsURL.index.path + "?whitelist=\(id.uuidString)#new-payment",
                limit: [entry.cover.currency, Formatting.money(Amount(minorUnits: entry.cover.limitHundredths, decimals: 2), locale: context.locale)]
                    .compactMap { $0 }.joined(separator: " "),
                limitValue: Amount(minorUnits: entry.cover.limitHundredths, decimals: 2).description,
                limitURL: PaymentsURL.whitelistLimit(id: id).path,
                deleteURL: entry.isGlobal && !user.isAdmin ? nil : PaymentsURL.deleteWhitelistEntry(id: id).path
            )
        }
        return WhitelistView(
            personal: try await WhitelistService.personal(on: context).map(row),
            global: try await WhitelistService.global(on: context.db).map(row),
            isAdmin: user.isAdmin, errors: errors
        )
    }

    static func authenticatorPage(_ context: ServiceContext, enrolment: PaymentSigning.Enrolment?, errors: [String]) async throws -> AuthenticatorView {
        let userID = try context.requireUser().requireID()
        let authenticator = try await PaymentSigning.authenticator(for: userID, on: context.db)
        return AuthenticatorView(
            confirmed: authenticator?.isConfirmed ?? false,
            confirmedAt: authenticator?.confirmedAt.map { Formatting.dateTime($0, locale: context.locale) },
            secret: enrolment.map { grouped($0.secret) },
            qrDataURL: enrolment.map { "data:image/svg+xml;base64," + Data($0.qrSVG.utf8).base64EncodedString() },
            awaitingCode: enrolment == nil && authenticator.map { !$0.isConfirmed } ?? false,
            wrongCodes: try await wrongCodeNotes(context, only: nil),
            errors: errors
        )
    }

    static func auditPage(_ context: ServiceContext) async throws -> AuditView {
        let userID = try context.requireUser().requireID()
        let entries = try await AuditEntry.query(on: context.db).filter(\.$actorID == userID).sort(\.$sequence, .descending).limit(200).all()
        return AuditView(entries: entries.map { entry in
            .init(sequence: entry.sequence, at: entry.at.replacingOccurrences(of: "T", with: " ").prefix(19).description,
                  action: AuditWording.action(entry.action, context),
                  subject: AuditWording.subject(before: entry.before, after: entry.after, context),
                  changes: AuditWording.changes(before: entry.before, after: entry.after, context),
                  record: [entry.before.map { "− \($0)" }, entry.after.map { "+ \($0)" }].compactMap { $0 }.joined(separator: "\n"))
        })
    }

    /// "3 wrong codes for this payment from 203.0.113.9 in the last 15 minutes, the last at 10:42."
    static func wrongCodeNotes(_ context: ServiceContext, only target: PaymentSigning.CodeTarget?) async throws -> [String] {
        let userID = try context.requireUser().requireID()
        let recent = try await PaymentSigning.recentWrongCodes(of: userID, now: context.now, on: context.db)
        return recent.filter { target == nil || $0.target == target?.key }.map { item in
            let kind = item.target.hasPrefix("payment:") ? "payment" : item.target
            return context.text("payments_wrongCodes_\(kind)", [
                "count": "\(item.count)", "address": item.address, "minutes": "\(Int(PaymentSigning.throttleWindow / 60))",
                "time": Formatting.dateTime(item.last, locale: context.locale),
            ])
        }
    }

    static func accountText(_ stored: String) -> String {
        IBAN(stored)?.formatted ?? ParticipantNumber(stored)?.formatted ?? stored
    }

    /// "JBSW Y3DP EHPK 3PXP": groups of four, easier to type.
    private static func grouped(_ secret: String) -> String {
        stride(from: 0, to: secret.count, by: 4).map { start in
            let from = secret.index(secret.startIndex, offsetBy: start)
            return String(secret[from..<(secret.index(from, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)])
        }.joined(separator: " ")
    }
}
