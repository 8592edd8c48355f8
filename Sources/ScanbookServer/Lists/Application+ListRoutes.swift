import Vapor

extension Application {
    /// The lists module's pages (`web`: signed-in, CSRF-checked) and API (`api`: bearer token).
    func registerListRoutes(web: any RoutesBuilder, api: any RoutesBuilder, maxUpload: ByteCount) {
        func page(_ url: ListsURL) -> [PathComponent] { SiteURL.lists(url).pathComponents }
        web.get(page(.index), use: ListWebController.index)
        web.post(page(.create), use: ListWebController.create)
        web.get(page(.list(id: nil)), use: ListWebController.show)
        web.post(page(.rename(id: nil)), use: ListWebController.rename)
        web.post(page(.delete(id: nil)), use: ListWebController.delete)
        web.post(page(.items(id: nil)), use: ListWebController.addItem)
        web.upload(.POST, page(.barcode(id: nil)), limit: maxUpload, use: ListWebController.addByBarcode)
        web.post(page(.item(id: nil, item: nil)), use: ListWebController.updateItem)
        web.post(page(.toggle(id: nil, item: nil)), use: ListWebController.toggleItem)
        web.post(page(.deleteItem(id: nil, item: nil)), use: ListWebController.deleteItem)
        web.post(page(.clear(id: nil)), use: ListWebController.clearBought)
        web.post(page(.members(id: nil)), use: ListWebController.invite)
        web.post(page(.removeMember(id: nil, user: nil)), use: ListWebController.removeMember)
        web.post(page(.leave(id: nil)), use: ListWebController.leave)
        web.get(page(.live(id: nil)), use: ListLiveController.connect)
        web.get(page(.expenses(id: nil)), use: ExpenseWebController.show)
        web.post(page(.expenses(id: nil)), use: ExpenseWebController.add)
        web.post(page(.deleteExpense(id: nil, expense: nil)), use: ExpenseWebController.delete)
        web.post(page(.payments(id: nil)), use: ExpenseWebController.recordPayment)
        web.post(page(.expenseFromReceipt), use: ExpenseWebController.fromReceipt)

        func route(_ route: ListsAPIRoute) -> [PathComponent] { SiteURL.api(.lists(route)).pathComponents }
        api.get(route(.lists), use: ListAPIController.lists)
        api.post(route(.lists), use: ListAPIController.create)
        api.get(route(.list(id: nil)), use: ListAPIController.show)
        api.patch(route(.list(id: nil)), use: ListAPIController.rename)
        api.delete(route(.list(id: nil)), use: ListAPIController.delete)
        api.get(route(.items(id: nil)), use: ListAPIController.items)
        api.post(route(.items(id: nil)), use: ListAPIController.addItem)
        api.patch(route(.item(id: nil, item: nil)), use: ListAPIController.updateItem)
        api.delete(route(.item(id: nil, item: nil)), use: ListAPIController.deleteItem)
        api.post(route(.clear(id: nil)), use: ListAPIController.clear)
        api.post(route(.members(id: nil)), use: ListAPIController.invite)
        api.delete(route(.member(id: nil, user: nil)), use: ListAPIController.removeMember)
        api.get(route(.expenses(id: nil)), use: ExpenseAPIController.expenses)
        api.post(route(.expenses(id: nil)), use: ExpenseAPIController.add)
        api.get(route(.expense(id: nil, expense: nil)), use: ExpenseAPIController.show)
        api.delete(route(.expense(id: nil, expense: nil)), use: ExpenseAPIController.delete)
        api.get(route(.balances(id: nil)), use: ExpenseAPIController.balances)
        api.post(route(.payments(id: nil)), use: ExpenseAPIController.recordPayment)
    }
}
