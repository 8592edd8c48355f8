import Foundation

struct WhitelistView: Encodable {
    struct Row: Encodable {
        let name: String
        let address: String
        let account: String
        let bank: String
        let payURL: String
        /// "CHF 5’000.00": payments above it need their own signature.
        let limit: String
        /// The limit as the change form shows it ("5000.00").
        let limitValue: String
        let limitURL: String
        /// nil when the user may not change or remove it (a global entry, not an administrator).
        let deleteURL: String?
    }

    let personal: [Row]
    let global: [Row]
    let isAdmin: Bool
    let errors: [String]
    let addURL = PaymentsURL.whitelist.path
    let addGlobalURL = PaymentsURL.globalWhitelist.path
    let backURL = PaymentsURL.index.path
}

struct AuthenticatorView: Encodable {
    let confirmed: Bool
    let confirmedAt: String?
    /// Only right after "set up": the secret as text and as a QR code (data URL), never again.
    let secret: String?
    let qrDataURL: String?
    /// Set up but not yet confirmed, its key no longer shown: the person's app holds it, so a
    /// mistyped code can be typed again instead of starting over.
    let awaitingCode: Bool
    /// Wrong codes typed lately, one line per target and client address.
    let wrongCodes: [String]
    let errors: [String]
    let startURL = PaymentsURL.startEnrolment.path
    let confirmURL = PaymentsURL.confirmEnrolment.path
    let removeURL = PaymentsURL.removeAuthenticator.path
    let backURL = PaymentsURL.index.path
}

struct AuditView: Encodable {
    struct Row: Encodable {
        let sequence: Int
        let at: String
        /// "Payment changed", in the reader's language.
        let action: String
        /// "Robert Schneider AG · CHF 1949.75".
        let subject: String
        /// "Amount: 1949.75 → 1950.00", one per changed field.
        let changes: [String]
        /// The stored record itself (before and after), for whoever needs the exact entry.
        let record: String
    }

    let entries: [Row]
    let backURL = PaymentsURL.index.path
}
