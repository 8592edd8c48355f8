import Foundation
import ScanbookCore
import Vapor

/// A whitelist entry as typed, from the page or the API.
struct WhitelistForm: Content {
    var account: String?
    var name: String?
    var street: String?
    var buildingNumber: String?
    var postalCode: String?
    var town: String?
    var country: String?
    var clearingNumber: String?
    var bankName: String?
    var bankAddress: String?
    /// Payments above this amount need their own signature even to this beneficiary (typed;
    /// empty: 5,000, within the server's ceiling).
    var limit: String?
    /// The limit's currency; empty: the default account's.
    var limitCurrency: String?
    /// A current code of the user's authenticator.
    var code: String?
}

/// A whitelist entry's new per-payment limit; raising it takes a code.
struct WhitelistLimitForm: Content {
    var limit: String?
    var currency: String?
    var code: String?
}

struct WhitelistEntryDTO: Content {
    let id: UUID
    /// True on the global whitelist kept by administrators.
    let global: Bool
    let account: String
    let beneficiary: QRBill.Address
    let clearingNumber: String?
    let bankName: String?
    let bankAddress: String?
    /// Payments above it need their own signature ("5000.00").
    let limit: String
    /// nil: read in the payment's currency (entries from before limits).
    let limitCurrency: String?

    init(_ entry: WhitelistEntry) throws {
        id = try entry.requireID()
        global = entry.isGlobal
        account = entry.account
        beneficiary = entry.address
        clearingNumber = entry.clearingNumber
        bankName = entry.bankName
        bankAddress = entry.bankAddress
        limit = Amount(minorUnits: entry.cover.limitHundredths, decimals: 2).description
        limitCurrency = entry.cover.currency
    }
}

/// A second-factor code typed by the user.
struct CodeForm: Content {
    var code: String?
    /// With a signature: the payment's `contentDigest` as the signer saw it.
    var contentDigest: String?
}

struct EnrolmentDTO: Content {
    /// Base32, for typing into an authenticator app; shown this once.
    let secret: String
    let uri: String
}

struct AuditEntryDTO: Content {
    let sequence: Int
    let at: String
    let action: String
    let subject: String
    let before: String?
    let after: String?

    init(_ entry: AuditEntry) {
        sequence = entry.sequence
        at = entry.at
        action = entry.action
        subject = entry.subject
        before = entry.before
        after = entry.after
    }
}
