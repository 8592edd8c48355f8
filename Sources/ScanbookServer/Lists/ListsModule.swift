import Fluent
import Vapor

/// Shared lists and expenses (module 3): shopping lists kept live between members, split costs, settle up.
struct ListsModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Lists") }
    var menuEntry: Module? { .lists }
    var migrations: [any Migration] {
        [CreateShoppingLists(), CreateListMemberships(), CreateListInvitations(), CreateListItems(), CreateListExpenses(),
         CreateExpenseShares(), CreateListPayments(), AddListItemStateIndex(),
         // Before the unique indexes: that migration reads lists and expenses through the models,
         // which have these columns.
         AddListCurrency(), AddExpenseRecurrenceAndRate(), AddListUniqueIndexes(),
         CreateRecurringExpenses(), CreateExpensePayers()]
    }

    func configure(_ app: Application, _ config: AppConfig) throws {
        // Instances that share PostgreSQL tell each other through it; SQLite has one instance.
        let bus: any LiveBus<ListLive.Message> = switch config.database {
        case .sqlite: LocalLiveBus()
        case .postgres(let url, let schema): try PostgresLiveBus(app: app, url: url, schema: schema)
        }
        let live = ListLive(bus: bus)
        app.listLive = live
        app.lifecycle.use(ListLiveLifecycle(live: live, servesWeb: config.servesWeb))
    }

    /// Pages reconnect to another instance; open sockets would also keep the HTTP server from stopping.
    func willStopServing(_ app: Application) async {
        app.listLive.closeEverySocket()
    }

    /// Everyone has a private list from the start.
    func accountCreated(_ user: User, locale: String, app: Application, on database: any Database) async throws {
        try await ListService.createPrivateList(for: try user.requireID(), on: database)
    }

    /// Invitations wait for an answer: the first page after signing in says so.
    func homeFigure(_ context: ServiceContext) async throws -> String? {
        let invitations = try await InvitationService.pendingCount(for: context)
        return invitations > 0 ? context.text("lists_invitations_waiting", ["count": "\(invitations)"]) : nil
    }

    /// Recurring expenses due on any list.
    func maintain(_ app: Application) async throws -> Int {
        try await RecurringExpenses.sweep(app)
    }

    /// A receipt with a total can be shared on a list, equally or item by item.
    func actions(on record: RecordReference, _ context: ServiceContext) async throws -> [RecordAction] {
        record.kind == .receipt ? try await ReceiptSharing.actions(on: record.id, context) : []
    }

    /// Pages (signed-in, CSRF-checked) and API (bearer token).
    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        func page(_ url: ListsURL) -> [PathComponent] { url.pathComponents }
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
        web.post(page(.withdrawInvitation(id: nil)), use: ListWebController.withdrawInvitation)
        web.post(page(.acceptInvitation(invitation: nil)), use: ListWebController.acceptInvitation)
        web.post(page(.declineInvitation(invitation: nil)), use: ListWebController.declineInvitation)
        web.get(page(.live(id: nil)), use: ListLiveController.connect)
        web.get(page(.expenses(id: nil)), use: ExpenseWebController.show)
        web.post(page(.expenses(id: nil)), use: ExpenseWebController.add)
        web.get(page(.editExpense(id: nil, expense: nil)), use: ExpenseWebController.edit)
        web.post(page(.editExpense(id: nil, expense: nil)), use: ExpenseWebController.update)
        web.post(page(.deleteExpense(id: nil, expense: nil)), use: ExpenseWebController.delete)
        web.post(page(.payments(id: nil)), use: ExpenseWebController.recordPayment)
        web.post(page(.recurring(id: nil)), use: ExpenseWebController.addRecurring)
        web.post(page(.stopRecurring(id: nil, recurring: nil)), use: ExpenseWebController.stopRecurring)
        web.post(page(.expenseFromReceipt), use: ExpenseWebController.fromReceipt)
        web.get(page(.receiptSplit), use: ReceiptSplitWebController.show)
        web.post(page(.receiptSplit), use: ReceiptSplitWebController.save)

        func route(_ route: ListsAPIRoute) -> [PathComponent] { route.pathComponents }
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
        api.delete(route(.invitation(id: nil, email: nil)), use: ListAPIController.withdrawInvitation)
        api.get(route(.myInvitations), use: ListAPIController.myInvitations)
        api.post(route(.acceptInvitation(invitation: nil)), use: ListAPIController.acceptInvitation)
        api.post(route(.declineInvitation(invitation: nil)), use: ListAPIController.declineInvitation)
        api.get(route(.expenses(id: nil)), use: ExpenseAPIController.expenses)
        api.post(route(.expenses(id: nil)), use: ExpenseAPIController.add)
        api.get(route(.receiptSplits(id: nil)), use: ExpenseAPIController.receiptSplitDraft)
        api.post(route(.receiptSplits(id: nil)), use: ExpenseAPIController.splitReceipt)
        api.get(route(.expense(id: nil, expense: nil)), use: ExpenseAPIController.show)
        api.patch(route(.expense(id: nil, expense: nil)), use: ExpenseAPIController.update)
        api.delete(route(.expense(id: nil, expense: nil)), use: ExpenseAPIController.delete)
        api.get(route(.recurringExpenses(id: nil)), use: RecurringExpenseAPIController.all)
        api.post(route(.recurringExpenses(id: nil)), use: RecurringExpenseAPIController.create)
        api.delete(route(.recurringExpense(id: nil, recurring: nil)), use: RecurringExpenseAPIController.stop)
        api.get(route(.balances(id: nil)), use: ExpenseAPIController.balances)
        api.post(route(.payments(id: nil)), use: ExpenseAPIController.recordPayment)
    }
}
