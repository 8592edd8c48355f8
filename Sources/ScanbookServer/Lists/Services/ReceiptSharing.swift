import Fluent
import Foundation

/// Lists' actions on a receipt's page: share the receipt on one of the person's shared lists as
/// an expense split equally (`ExpenseWebController.fromReceipt`) or item by item
/// (`ReceiptSplitWebController`). Offered only for a receipt with a total and a person with a
/// shared list; a receipt already shared links to the expense's list instead.
enum ReceiptSharing {
    static func actions(on receiptID: UUID, _ context: ServiceContext) async throws -> [RecordAction] {
        let ownerID = try context.requireUser().requireID()
        guard let receipt = try await Receipt.query(on: context.db).filter(\.$id == receiptID).filter(\.$owner.$id == ownerID).first(),
              receipt.total != nil else { return [] }
        if let shared = try await ListExpense.query(on: context.db).filter(\.$receipt.$id == receiptID).with(\.$list).first() {
            let link = RecordAction.Link(text: context.text("expenses_receipt_sharedOn", ["list": shared.list.name]), url: ListsURL.expenses(id: shared.list.id).path)
            return [RecordAction(id: "receipt-expense", title: context.text("expenses_share_receipt"), button: "", url: link.url, fields: [], choices: [], link: link)]
        }
        let lists = try await ListService.lists(for: context).filter { !$0.isPrivate }
        guard !lists.isEmpty else { return [] }
        let choices = [RecordAction.Choice(name: "list", options: try lists.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: false) })]
        let receiptField = RecordAction.Field(name: "receipt", value: receiptID.uuidString)
        return [
            RecordAction(id: "share-receipt", title: context.text("expenses_share_receipt"), button: context.text("expenses_share_button"),
                         url: ListsURL.expenseFromReceipt.path, fields: [receiptField], choices: choices),
            RecordAction(id: "split-receipt", title: context.text("expenses_itemised_action"), button: context.text("expenses_itemised_choose"),
                         url: ListsURL.receiptSplit.path, fields: [receiptField], choices: choices, method: .get),
        ]
    }
}
