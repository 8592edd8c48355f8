import Foundation

/// The form's values, refilled after a refusal or from a slip.
struct PaymentFormValues: Encodable {
    var kind = "qr-bill"
    var debitAccount = ""
    var beneficiaryName = "", beneficiaryStreet = "", beneficiaryBuildingNumber = ""
    var beneficiaryPostalCode = "", beneficiaryTown = "", beneficiaryCountry = "CH"
    var beneficiaryAccount = ""
    var amount = ""
    var currency = "CHF"
    var referenceType = "NON"
    var reference = ""
    var message = ""
    var executionDate = ""
    /// "scan" or "template:<id>" (hidden): what the favourites count this payment as.
    var from = ""
}

struct AccountFormValues: Encodable {
    var name = ""
    var iban = ""
    var currency = ""
    var isDefault = false
}

struct PaymentRow: Encodable {
    let url: String
    let beneficiary: String
    let account: String
    let amount: String
    let executionDate: String
    let state: String
    let stateLabel: String
    /// Waiting for a second-factor signature before it can be executed.
    let awaitingSignature: Bool
    let rejectionReason: String?
}

struct PaymentsIndexView: Encodable {
    struct AccountRow: Encodable {
        let name: String
        let iban: String
        let currency: String
        let isDefault: Bool
        let deleteURL: String
    }

    struct FileRow: Encodable {
        let label: String
        let url: String
    }

    let accounts: [AccountRow]
    let favourites: [FavouriteTile]
    let pending: [PaymentRow]
    let executed: [PaymentRow]
    /// Payments a bank statement showed booked.
    let booked: [PaymentRow]
    let rejected: [PaymentRow]
    let files: [FileRow]
    let form: PaymentFormValues
    let kinds: [SelectOption]
    let debitAccounts: [SelectOption]
    let referenceTypes: [SelectOption]
    /// What reading the slip found ("QR-bill read", or why nothing was filled in).
    let slipNotes: [String]
    /// The photo waits for a worker or is being read (the page reloads).
    let slipPending: Bool
    let errors: [String]
    /// Problems shown beside the payment form's inputs, keyed by input name.
    var fieldErrors: [String: String] = [:]
    /// The add-account form as typed, shown again when it was refused.
    var accountForm = AccountFormValues()
    let today: String
    let maxUpload: String
    let links: Links
    let isTemplate = false

    struct Links: Encodable {
        let create = PaymentsURL.index.path
        let accounts = PaymentsURL.accounts.path
        let slip = PaymentsURL.slip.path
        let execute = PaymentsURL.execute.path
        let favourites = PaymentsURL.favourites.path
        let templates = PaymentsURL.templates.path
        let bills = PaymentsURL.bills.path
        let whitelist = PaymentsURL.whitelist.path
        let authenticator = PaymentsURL.authenticator.path
        let audit = PaymentsURL.audit.path
        let statusReport = PaymentsURL.statusReport.path
        let statement = PaymentsURL.statement.path
    }
}

struct PaymentShowView: Encodable {
    /// One step of the payment's way to the bank.
    struct LifeRow: Encodable {
        let step: String
        let label: String
        let done: Bool
        let date: String
        let detail: String
    }

    let payment: PaymentRow
    let life: [LifeRow]
    let editable: Bool
    let form: PaymentFormValues
    let kinds: [SelectOption]
    let debitAccounts: [SelectOption]
    let referenceTypes: [SelectOption]
    let rejectionReason: String?
    let errors: [String]
    var fieldErrors: [String: String] = [:]
    let updateURL: String
    let deleteURL: String
    let signURL: String
    let saveAsTemplateURL: String
    /// Whether the user has an authenticator to sign with.
    let canSign: Bool
    /// What the page shows, sent back with the signature: a payment changed since is not signed.
    let contentDigest: String
    /// Wrong codes typed for this payment lately, one line per client address.
    let wrongCodes: [String]
    let folderOptions: [SelectOption]
    let authenticatorURL = PaymentsURL.authenticator.path
    let backURL = PaymentsURL.index.path
    let isTemplate = false
}
