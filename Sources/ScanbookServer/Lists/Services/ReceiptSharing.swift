import Fluent
import Foundation

/// Lists' action on a receipt's page: share the receipt on one of the person's shared lists as an
/// expense (`ExpenseWebController.fromReceipt`). Offered only for a receipt with a total and a
/// person with a shared list.
enum ReceiptSharing {
    static func actions(on receiptID: UUID, _ context: ServiceContext) async throws -> [RecordAction] {
        let ownerID = try context.requireUser().requireID()
        guard let receipt = try await Receipt.query(on: context.db).filter(\.$id == receiptID).filter(\.$owner.$id == ownerID).first(),
              receipt.total != nil else { return [] }
        let lists = try await ListService.lists(for: context).filter { !$0.isPrivate }
        guard !lists.isEmpty else { return [] }
        return [RecordAction(
            id: "share-receipt",
            title: context.text("expenses_share_receipt"),
            button: context.text("expenses_share_button"),
            url: ListsURL.expenseFromReceipt.path,
            fields: [.init(name: "receipt", value: receiptID.uuidString)],
            choices: [.init(name: "list", options: try lists.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: false) })]
        )]
    }
}
