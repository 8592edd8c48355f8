import Fluent
import Foundation
import ScanbookCore
import Vapor

extension ReceiptPresentation {
    /// The month's receipts (those still to check first) with the upload and manual forms, or the
    /// matches of a search in every month; whether a photo is still being read (the page then
    /// reloads itself); and the status of a refused month or search (shown as `errors`).
    static func listPage(_ context: ServiceContext, query: ReceiptListQuery, errors: [String]) async throws -> (ReceiptListView, stillReading: Bool, refused: HTTPStatus?) {
        let ownerID = try context.requireUser().requireID()
        try await ReceiptService.profile(context)
        var searchErrors: [String] = []
        var refused: HTTPStatus?
        var month = month(nil, context: context)
        if let typed = query.month?.trimmingCharacters(in: .whitespaces), !typed.isEmpty {
            if let chosen = YearMonth(typed: typed) { month = chosen } else {
                searchErrors.append(context.text("receipts_invalidMonth", ["value": String(typed.prefix(40))]))
                refused = .badRequest
            }
        }
        var search: ReceiptSearch?
        do throws(UserFacingError) { search = try ReceiptSearch(query, mark: context.decimalMark) } catch {
            searchErrors += error.messages(for: context)
            refused = error.status
        }
        let names = try await categoryNames(ownerID, context)
        let (toCheck, monthRows) = try await ReceiptService.list(month: month, on: context)
        var rows = monthRows
        var results: ReceiptSearchResults?
        if let search, search.isActive {
            let found = try await ReceiptService.search(search, limit: searchPageSize, offset: 0, on: context)
            rows = found.page
            results = searchResults(found.total, shown: found.page.count, month: month, context: context)
        }
        let view = ReceiptListView(
            month: navigation(.list, month: month, context: context),
            links: links(month: month),
            picker: try await picker(month, ownerID: ownerID, open: results == nil && rows.isEmpty, context: context),
            // A refused search keeps every field in view, the wrong one among them.
            search: searchForm(query, month: month, detailed: search?.isDetailed ?? true),
            results: results,
            searching: results != nil,
            searchErrors: searchErrors,
            toCheck: results != nil ? [] : try toCheck.map { try row($0, categoryNames: names, context: context) },
            rows: try rows.map { try row($0, categoryNames: names, context: context) },
            monthTotal: Formatting.money(hundredths: monthRows.compactMap(\.total?.hundredths).reduce(0, +), locale: context.locale),
            uploadAction: ReceiptsURL.list.path,
            manualAction: ReceiptsURL.new.path,
            maxUpload: ByteCount(context.scanbookConfig.maxUploadBytes).description,
            warrantyReminders: try await warrantyReminders(ownerID, context),
            errors: errors
        )
        return (view, toCheck.contains { $0.state == .reading }, refused)
    }

    /// The reminders whose end date is still the receipt's (a changed date is reminded of anew).
    private static func warrantyReminders(_ ownerID: UUID, _ context: ServiceContext) async throws -> [ReceiptsLink] {
        try await WarrantyReminders.current(for: ownerID, today: context.today, on: context.db)
            .filter { $0.receipt.warrantyUntil == $0.warrantyUntil }
            .map { reminder in
                let receipt = reminder.receipt
                let what = WarrantyReminders.name(of: receipt, locale: context.locale) { context.text($0, $1) }
                return ReceiptsLink(text: context.text("receipts_warranty_reminder", ["what": what, "until": Formatting.date(reminder.warrantyUntil, locale: context.locale)]),
                                    url: ReceiptsURL.receipt(id: receipt.id).path)
            }
    }

    /// A receipt's page: photo, fields to check, bookings, and sharing on a list. After a refused
    /// change the form shows what was `typed`, not the stored values, so nothing typed is lost.
    static func receiptPage(_ receipt: Receipt, _ context: ServiceContext, errors: [String], typed: ReceiptChanges? = nil) async throws -> ReceiptShowView {
        let ownerID = receipt.$owner.id
        let categories = try await CategoryService.all(ownerID: ownerID, on: context.db)
        let bookings = receipt.$allocations.value ?? []
        let selected = typed?.category.map { UUID(uuidString: $0) } ?? (bookings.count == 1 ? bookings[0].$category.id : nil)
        func options(selecting id: UUID?) throws -> [SelectOption] {
            try categories.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: $0.id == id) }
        }
        var splitRows = try bookings.sorted { $0.amountHundredths > $1.amountHundredths }.map {
            ReceiptShowView.SplitRow(categories: try options(selecting: $0.$category.id), amount: Amount(hundredths: $0.amountHundredths).description)
        }
        while splitRows.count < max(3, bookings.count + 1) {
            splitRows.append(.init(categories: try options(selecting: nil), amount: ""))
        }
        let id = try receipt.requireID()
        let merchants = try await Merchant.query(on: context.db).filter(\.$owner.$id == ownerID).all().map(\.name).sorted()
        let unsure = receipt.unsureTotal
        return ReceiptShowView(
            state: receipt.state.rawValue,
            stateLabel: context.text("receipts_state_\(receipt.state.rawValue)"),
            pending: receipt.state == .reading,
            imageURL: receipt.$image.id.map { SiteURL.blob(id: $0).path },
            photoURL: try await receipt.$capture.get(on: context.db).map { SiteURL.blob(id: $0.$blob.id).path },
            confidence: receipt.confidence.map { Int(clamping: ($0 * 100).rounded(), within: 0...100) },
            currencyUnread: receipt.currency == nil && receipt.state == .review,
            totalUnsure: unsure,
            runnerUp: unsure ? receipt.runnerUpHundredths.map { Amount(hundredths: $0).description } : nil,
            readTotal: receipt.extractedTotalMinor.map { Amount(minorUnits: $0, decimals: receipt.totalDecimals).description },
            form: .init(
                // An unread currency is offered as the home one, with a warning to check it.
                total: typed?.total ?? receipt.total?.description ?? "", currency: typed?.currency ?? receipt.currency ?? context.homeCurrency,
                date: typed?.date ?? receipt.purchasedOn ?? "", merchant: typed?.merchant ?? receipt.merchant?.name ?? "",
                note: typed?.note ?? receipt.note ?? "", warrantyUntil: typed?.warrantyUntil ?? receipt.warrantyUntil ?? "",
                rate: typed?.rate ?? receipt.rateMillionths.flatMap(ExchangeRate.init(millionths:))?.description ?? "",
                home: CurrencyTotal.belongs(receipt.currency, in: context.homeCurrency) ? "" : context.homeCurrency
            ),
            categories: try options(selecting: selected),
            split: splitRows,
            isSplit: bookings.count > 1,
            merchants: merchants,
            items: itemRows(receipt, context),
            itemsNote: itemsNote(receipt, context),
            ocrText: receipt.ocrText ?? "",
            updateURL: ReceiptsURL.receipt(id: id).path,
            splitURL: ReceiptsURL.split(id: id).path,
            deleteURL: ReceiptsURL.delete(id: id).path,
            links: links(month: receipt.purchaseDate.map(YearMonth.init)),
            actions: try await context.application.actions(on: RecordReference(kind: .receipt, id: id), context),
            errors: errors
        )
    }

    /// The items read off the receipt, in its order.
    static func itemRows(_ receipt: Receipt, _ context: ServiceContext) -> [ReceiptShowView.ItemRow] {
        (receipt.$items.value ?? []).sorted { $0.position < $1.position }.map { item in
            let quantity = item.quantity.map { count in
                item.unitPriceHundredths.map { "\(count) × \(Formatting.money(Amount(hundredths: $0), locale: context.locale))" } ?? count
            } ?? ""
            return .init(name: item.name, quantity: quantity, amount: Formatting.money(Amount(hundredths: item.amountHundredths), locale: context.locale))
        }
    }

    /// "The items add up to the total." or that they do not (a line misread or missed).
    static func itemsNote(_ receipt: Receipt, _ context: ServiceContext) -> String? {
        receipt.itemsAddUp.map { context.text($0 ? "receipts_itemsAddUp" : "receipts_itemsDoNotAddUp") }
    }

    static func categoryNames(_ ownerID: UUID, _ context: ServiceContext) async throws -> [UUID: String] {
        Dictionary(uniqueKeysWithValues: try await CategoryService.all(ownerID: ownerID, on: context.db).map { (try $0.requireID(), $0.name) })
    }
}
