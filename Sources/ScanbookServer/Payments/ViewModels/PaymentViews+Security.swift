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
        let action: String
        let subject: String
        let change: String
    }

    let entries: [Row]
    let backURL = PaymentsURL.index.path
}
