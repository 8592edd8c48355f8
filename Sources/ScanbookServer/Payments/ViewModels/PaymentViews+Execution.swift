/// "Send to the bank", before the file is written: what goes in, how many, how much, and what
/// stays out and why.
struct ExecutePreviewView: Encodable {
    let account: String
    let accountID: String
    let date: String
    let isoDate: String
    let payments: [PaymentRow]
    let paymentIDs: [String]
    /// "4 payments, CHF 1,225.35" (one sum per currency).
    let summary: String
    let confirmLabel: String
    let leftOut: [String]
    let errors: [String]
    let executeURL = PaymentsURL.execute.path
    let backURL = PaymentsURL.index.path
}
