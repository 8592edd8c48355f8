import Foundation
import Vapor

/// The payments module's pages, under `/payments`.
enum PaymentsURL: ModuleURL, Equatable {
    static let module = Module.payments

    /// Accounts, the new-payment form, pending and executed payments, files (POST: a new payment).
    case index
    case accounts
    case deleteAccount(id: UUID?)
    /// A photo of a QR-bill or orange slip fills the form.
    case slip
    /// The uploaded slip photo: waiting, being read, or the form filled in from it.
    case slipReading(id: UUID?)
    /// A payment (POST: its changes while pending).
    case payment(id: UUID?)
    case deletePayment(id: UUID?)
    /// Hands one account's payments of one day to the bank as a pain.001 file.
    case execute
    case file(id: UUID?)
    /// Signs a payment with a second-factor code.
    case sign(id: UUID?)
    /// "Save this payment as a template".
    case saveAsTemplate(id: UUID?)
    /// Templates, filtered by `?folder=` and `?q=` (POST: a new template).
    case templates
    case template(id: UUID?)
    case deleteTemplate(id: UUID?)
    case folders
    case deleteFolder(id: UUID?)
    /// Pin, unpin or move an entry of the home page's favourites.
    case favourites
    /// The user's whitelist and the global one (POST: a personal entry).
    case whitelist
    case globalWhitelist
    case deleteWhitelistEntry(id: UUID?)
    /// An entry's per-payment limit (raising it takes a code).
    case whitelistLimit(id: UUID?)
    /// The second factor's authenticator: its state, enrolment and removal.
    case authenticator
    case startEnrolment
    case confirmEnrolment
    case removeAuthenticator
    /// The user's own audit log entries.
    case audit
    /// The bank's status report (pain.002) for a file: rejected payments become `rejected`.
    case statusReport
    /// A bank statement (camt.053/054): booked payments become `booked`, returned ones `rejected`.
    case statement
    /// Applies a statement previewed before.
    case applyStatement(id: UUID?)
    /// The user's issued QR-bills (POST: a new one).
    case bills
    case bill(id: UUID?)
    /// A bill's payment part with receipt as SVG, PDF or PNG.
    case billDocument(id: UUID?, format: IssuedBills.Format)

    var pagePathComponents: [PathComponent] {
        switch self {
        case .index: []
        case .accounts: ["accounts"]
        case .deleteAccount(let id): ["accounts", id.pathComponent(.account), "delete"]
        case .slip: ["slip"]
        case .slipReading(let id): ["slip", id.pathComponent(.capture)]
        case .payment(let id): [id.pathComponent(.payment)]
        case .deletePayment(let id): [id.pathComponent(.payment), "delete"]
        case .execute: ["execute"]
        case .file(let id): ["files", id.pathComponent(.file)]
        case .sign(let id): [id.pathComponent(.payment), "sign"]
        case .saveAsTemplate(let id): [id.pathComponent(.payment), "template"]
        case .templates: ["templates"]
        case .template(let id): ["templates", id.pathComponent(.template)]
        case .deleteTemplate(let id): ["templates", id.pathComponent(.template), "delete"]
        case .folders: ["folders"]
        case .deleteFolder(let id): ["folders", id.pathComponent(.folder), "delete"]
        case .favourites: ["favourites"]
        case .whitelist: ["whitelist"]
        case .globalWhitelist: ["whitelist", "global"]
        case .deleteWhitelistEntry(let id): ["whitelist", id.pathComponent(.entry), "delete"]
        case .whitelistLimit(let id): ["whitelist", id.pathComponent(.entry), "limit"]
        case .authenticator: ["authenticator"]
        case .startEnrolment: ["authenticator", "start"]
        case .confirmEnrolment: ["authenticator", "confirm"]
        case .removeAuthenticator: ["authenticator", "remove"]
        case .audit: ["audit"]
        case .statusReport: ["status-report"]
        case .statement: ["statement"]
        case .applyStatement(let id): ["statement", id.pathComponent(.preview), "apply"]
        case .bills: ["bills"]
        case .bill(let id): ["bills", id.pathComponent(.bill)]
        case .billDocument(let id, let format): ["bills", id.pathComponent(.bill), .constant("bill.\(format.rawValue)")]
        }
    }
}

/// The payments module's JSON API under `/api/v1`.
enum PaymentsAPIRoute: APIPath, Equatable {
    case accounts
    case account(id: UUID?)
    case payments
    case payment(id: UUID?)
    case execute
    case file(id: UUID?)
    case sign(id: UUID?)
    /// The JSON twin of the XML service OCRPayment: a codeline in, the slip and the whitelist's entry out.
    case readCodeline
    /// A slip photo in (202), its reading polled: the slips found once the job is done.
    case slips
    case slip(id: UUID?)
    case templates
    case template(id: UUID?)
    case folders
    case folder(id: UUID?)
    case whitelist
    case globalWhitelist
    case whitelistEntry(id: UUID?)
    case authenticator
    case confirmAuthenticator
    case removeAuthenticator
    case audit
    case statusReports
    /// A camt.053/054 document as the body; `?preview=true` says what it would change.
    case statements
    /// Issued QR-bills (POST: a new one).
    case bills
    case bill(id: UUID?)
    case billDocument(id: UUID?, format: IssuedBills.Format)

    var routePathComponents: [PathComponent] {
        switch self {
        case .accounts: ["payment-accounts"]
        case .account(let id): ["payment-accounts", id.pathComponent(.account)]
        case .payments: ["payments"]
        case .payment(let id): ["payments", id.pathComponent(.payment)]
        case .execute: ["payments", "execute"]
        case .file(let id): ["payment-files", id.pathComponent(.file)]
        case .sign(let id): ["payments", id.pathComponent(.payment), "sign"]
        case .readCodeline: ["payments", "codeline"]
        case .slips: ["payments", "slips"]
        case .slip(let id): ["payments", "slips", id.pathComponent(.capture)]
        case .templates: ["payment-templates"]
        case .template(let id): ["payment-templates", id.pathComponent(.template)]
        case .folders: ["payment-template-folders"]
        case .folder(let id): ["payment-template-folders", id.pathComponent(.folder)]
        case .whitelist: ["payment-whitelist"]
        case .globalWhitelist: ["payment-whitelist", "global"]
        case .whitelistEntry(let id): ["payment-whitelist", id.pathComponent(.entry)]
        case .authenticator: ["payment-authenticator"]
        case .confirmAuthenticator: ["payment-authenticator", "confirm"]
        case .removeAuthenticator: ["payment-authenticator", "remove"]
        case .audit: ["audit-log"]
        case .statusReports: ["payment-status-reports"]
        case .statements: ["payment-statements"]
        case .bills: ["payment-bills"]
        case .bill(let id): ["payment-bills", id.pathComponent(.bill)]
        case .billDocument(let id, let format): ["payment-bills", id.pathComponent(.bill), .constant("bill.\(format.rawValue)")]
        }
    }
}

extension Module {
    static let payments = Module("payments")
}

/// The route parameters of the module's addresses.
extension RouteParameter {
    static let account = RouteParameter("accountID"), payment = RouteParameter("paymentID"), file = RouteParameter("fileID")
    static let entry = RouteParameter("entryID"), template = RouteParameter("templateID"), folder = RouteParameter("folderID")
    static let bill = RouteParameter("billID"), preview = RouteParameter("previewID")
}
