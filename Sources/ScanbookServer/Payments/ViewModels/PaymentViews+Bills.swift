import Foundation

/// The issued QR-bills and the form for a new one.
struct BillsView: Encodable {
    struct Row: Encodable {
        let number: Int
        let debtor: String
        let amount: String
        let paid: String
        let state: String
        let stateLabel: String
        let reference: String
        let url: String
    }

    let bills: [Row]
    /// What was typed (after an error), else the creditor of the last bill.
    let form: IssuedBillForm
    let accounts: [SelectOption]
    let languages: [SelectOption]
    let referenceTypes: [SelectOption]
    let errors: [String]
    let saveURL = PaymentsURL.bills.path
    let backURL = PaymentsURL.index.path
}

/// One issued bill: what it asks, what was paid, and its payment part.
struct BillView: Encodable {
    let number: Int
    let state: String
    let stateLabel: String
    let amount: String
    let paid: String
    let reference: String
    let debtor: String
    /// The payment part with receipt as the page shows it.
    let svgURL: String
    let pdfURL: String
    let pngURL: String
    let backURL = PaymentsURL.bills.path
}
