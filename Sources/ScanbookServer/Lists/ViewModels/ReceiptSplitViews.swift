/// The page where one of my receipts is split on a shared list item by item.
struct ReceiptSplitPageView: Encodable {
    struct Member: Encodable {
        let id: String
        let name: String
        let checked: Bool
    }

    /// One row: a line of the receipt (or a spare row to add one by hand) and who it is for.
    struct Line: Encodable {
        let row: String
        let name: String
        let amount: String
        let members: [Member]
    }

    /// An open item of the list's shopping list that a line seems to have bought.
    struct Offer: Encodable {
        let id: String
        let name: String
        let line: String
        let checked: Bool
    }

    let listName: String
    let currency: String
    let receiptTitle: String
    let total: String
    let receipt: String
    let list: String
    let description: String
    let date: String
    let payers: [SelectOption]
    let lines: [Line]
    let offers: [Offer]
    let readerFoundNone: Bool
    let action: String
    let back: String
    let errors: [String]
}
