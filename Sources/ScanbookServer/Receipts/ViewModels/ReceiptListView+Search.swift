import Foundation

/// `<input type="month">` (a text field where a browser has none: "2018-04" typed works too) and
/// the years with the months that hold checked receipts, newest year first.
struct ReceiptMonthPicker: Encodable {
    struct Month: Encodable {
        let month: String
        let label: String
        let count: Int
        let url: String
        let current: Bool
    }

    struct Year: Encodable {
        let year: Int
        let months: [Month]
    }

    let value: String
    let action: String
    let years: [Year]
    /// The index starts unfolded when the month shown has no receipts (as on a first visit).
    let open: Bool
}

/// The search form as typed (kept after a refusal, so nothing has to be typed again).
struct ReceiptSearchForm: Encodable {
    let action: String
    let month: String
    let q: String
    let merchant: String
    let min: String
    let max: String
    let from: String
    let to: String
    /// Shop, amount or date given: the fields beyond the text start unfolded.
    let detailed: Bool
}

struct ReceiptSearchResults: Encodable {
    /// "3 receipts found in all months" or "Showing the newest 100 of 340 found".
    let summary: String
    let clearURL: String
    let clearLabel: String
}
