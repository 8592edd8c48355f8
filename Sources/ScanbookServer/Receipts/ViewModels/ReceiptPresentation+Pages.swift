import Fluent
import Foundation
import ScanbookCore
import Vapor

extension ReceiptPresentation {
    /// The month's receipts (those still to check first) with the upload and manual forms; and
    /// whether a photo is still being read (the page then reloads itself).
    static func listPage(_ request: Request, errors: [String]) async throws -> (ReceiptListView, stillReading: Bool) {
        let ownerID = try request.auth.require(User.self).requireID()
        try await ReceiptService.profile(request)
        let query = try request.query.decode(ReceiptListQuery.self)
        let month = month(query.month, request: request)
        let (toCheck, listed) = try await ReceiptService.list(month: month, search: query.q, on: request)
        let names = try await categoryNames(ownerID, request)
        let view = ReceiptListView(
            month: navigation(.list, month: month, request: request),
            links: links(month: month),
            search: query.q ?? "",
            toCheck: try toCheck.map { try row($0, categoryNames: names, request: request) },
            rows: try listed.map { try row($0, categoryNames: names, request: request) },
            monthTotal: Formatting.money(hundredths: listed.compactMap(\.total?.hundredths).reduce(0, +), locale: request.locale),
            uploadAction: ReceiptsURL.list.path,
            manualAction: ReceiptsURL.new.path,
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description,
            errors: errors
        )
        return (view, toCheck.contains { $0.state == .reading })
    }

    /// A receipt's page: photo, fields to check, bookings, and sharing on a list.
    static func receiptPage(_ receipt: Receipt, _ request: Request, errors: [String]) async throws -> ReceiptShowView {
        let ownerID = receipt.$owner.id
        let categories = try await CategoryService.all(ownerID: ownerID, on: request.db)
        let bookings = receipt.$allocations.value ?? []
        let selected = bookings.count == 1 ? bookings[0].$category.id : nil
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
        let merchants = try await Merchant.query(on: request.db).filter(\.$owner.$id == ownerID).all().map(\.name).sorted()
        let unsure = receipt.unsureTotal
        return ReceiptShowView(
            state: receipt.state.rawValue,
            stateLabel: request.text("receipts_state_\(receipt.state.rawValue)"),
            pending: receipt.state == .reading,
            imageURL: receipt.$image.id.map { SiteURL.blob(id: $0).path },
            photoURL: try await receipt.$capture.get(on: request.db).map { SiteURL.blob(id: $0.$blob.id).path },
            confidence: receipt.confidence.map { Int(clamping: ($0 * 100).rounded(), within: 0...100) },
            currencyUnread: receipt.currency == nil && receipt.state == .review,
            totalUnsure: unsure,
            runnerUp: unsure ? receipt.runnerUpHundredths.map { Amount(hundredths: $0).description } : nil,
            readTotal: receipt.extractedTotalMinor.map { Amount(minorUnits: $0, decimals: receipt.totalDecimals).description },
            form: .init(
                // An unread currency is offered as the home one, with a warning to check it.
                total: receipt.total?.description ?? "", currency: receipt.currency ?? request.homeCurrency, date: receipt.purchasedOn ?? "",
                merchant: receipt.merchant?.name ?? "", note: receipt.note ?? "", warrantyUntil: receipt.warrantyUntil ?? ""
            ),
            categories: try options(selecting: selected),
            split: splitRows,
            isSplit: bookings.count > 1,
            merchants: merchants,
            ocrText: receipt.ocrText ?? "",
            updateURL: ReceiptsURL.receipt(id: id).path,
            splitURL: ReceiptsURL.split(id: id).path,
            deleteURL: ReceiptsURL.delete(id: id).path,
            links: links(month: receipt.purchaseDate.map(YearMonth.init)),
            shareLists: receipt.total == nil ? [] : try await ListService.lists(for: request).filter { !$0.isPrivate }.map {
                SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: false)
            },
            shareURL: ListsURL.expenseFromReceipt.path,
            receiptID: id.uuidString,
            errors: errors
        )
    }

    static func categoryNames(_ ownerID: UUID, _ request: Request) async throws -> [UUID: String] {
        Dictionary(uniqueKeysWithValues: try await CategoryService.all(ownerID: ownerID, on: request.db).map { (try $0.requireID(), $0.name) })
    }
}
