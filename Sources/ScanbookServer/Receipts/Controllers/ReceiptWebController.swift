import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The receipt pages: list with upload, detail with the editable fields and the split.
enum ReceiptWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await renderIndex(request, errors: [], status: .ok)
    }

    @Sendable static func upload(_ request: Request) async throws -> Response {
        do {
            let receipt = try await ReceiptService.upload(try request.content.decode(ReceiptUploadForm.self), on: request)
            return request.redirect(to: ReceiptsURL.receipt(id: receipt.id))
        } catch let error as UserFacingError {
            return try await renderIndex(request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func createManual(_ request: Request) async throws -> Response {
        do {
            let receipt = try await ReceiptService.createManual(try request.content.decode(ReceiptChanges.self), on: request)
            request.flash(.success, request.text("receipts_saved"))
            return request.redirect(to: ReceiptsURL.receipt(id: receipt.id))
        } catch let error as UserFacingError {
            return try await renderIndex(request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request)
        return try await renderShow(receipt, request, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request)
        do {
            let outcome = try await ReceiptService.update(receipt, with: try request.content.decode(ReceiptChanges.self), on: request)
            request.flash(.success, request.text("receipts_saved"))
            if let phrase = outcome.learnedKeyword {
                request.flash(.success, request.text("receipts_learned", ["phrase": phrase]))
            }
            return request.redirect(to: ReceiptsURL.receipt(id: receipt.id))
        } catch let error as UserFacingError {
            let fresh = try await ReceiptService.find(receipt.id, on: request)
            return try await renderShow(fresh, request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func split(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request)
        do {
            try await ReceiptService.split(receipt, try request.content.decode(ReceiptSplitForm.self), on: request)
            request.flash(.success, request.text("receipts_splitSaved"))
            return request.redirect(to: ReceiptsURL.receipt(id: receipt.id))
        } catch let error as UserFacingError {
            let fresh = try await ReceiptService.find(receipt.id, on: request)
            return try await renderShow(fresh, request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request)
        let month = receipt.purchaseDate.map(YearMonth.init)
        try await ReceiptService.delete(receipt, on: request)
        request.flash(.success, request.text("receipts_deleted"))
        return request.redirect(to: ReceiptPresentation.links(month: month).list, redirectType: .normal)
    }

    private static func renderIndex(_ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        try await ReceiptService.profile(request)
        let query = try request.query.decode(ReceiptListQuery.self)
        let month = ReceiptPresentation.month(query.month, request: request)
        let (toCheck, listed) = try await ReceiptService.list(month: month, search: query.q, on: request)
        let names = try await categoryNames(ownerID, request)
        let view = ReceiptListView(
            month: ReceiptPresentation.navigation(.list, month: month, request: request),
            links: ReceiptPresentation.links(month: month),
            search: query.q ?? "",
            toCheck: try toCheck.map { try ReceiptPresentation.row($0, categoryNames: names, request: request) },
            rows: try listed.map { try ReceiptPresentation.row($0, categoryNames: names, request: request) },
            monthTotal: Formatting.money(hundredths: listed.compactMap(\.total?.hundredths).reduce(0, +), locale: request.locale),
            uploadAction: ReceiptsURL.list.path,
            manualAction: ReceiptsURL.new.path,
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description,
            errors: errors
        )
        let response = try await request.renderPage("Receipts/index", title: "receipts_title", content: view, status: status, activeModule: .receipts)
        if toCheck.contains(where: { $0.state == .reading }) {
            // Reloads until every photo is read, like the receipt page itself.
            response.headers.replaceOrAdd(name: "Refresh", value: "3")
        }
        return response
    }

    private static func renderShow(_ receipt: Receipt, _ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
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
        let view = ReceiptShowView(
            state: receipt.state.rawValue,
            stateLabel: request.text("receipts_state_\(receipt.state.rawValue)"),
            pending: receipt.state == .reading,
            imageURL: receipt.$image.id.map { SiteURL.blob(id: $0).path },
            photoURL: try await receipt.$capture.get(on: request.db).map { SiteURL.blob(id: $0.$blob.id).path },
            confidence: receipt.confidence.map { Int(clamping: ($0 * 100).rounded(), within: 0...100) },
            readTotal: receipt.extractedTotalMinor.map { Amount(minorUnits: $0, decimals: receipt.totalDecimals).description },
            form: .init(
                total: receipt.total?.description ?? "", currency: receipt.currency ?? "", date: receipt.purchasedOn ?? "",
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
            links: ReceiptPresentation.links(month: receipt.purchaseDate.map(YearMonth.init)),
            shareLists: receipt.total == nil ? [] : try await ListService.lists(for: request).filter { !$0.isPrivate }.map {
                SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: false)
            },
            shareURL: ListsURL.expenseFromReceipt.path,
            receiptID: id.uuidString,
            errors: errors
        )
        let response = try await request.renderPage("Receipts/show", title: "receipt_title", content: view, status: status, activeModule: .receipts)
        if receipt.state == .reading {
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
        }
        return response
    }

    static func categoryNames(_ ownerID: UUID, _ request: Request) async throws -> [UUID: String] {
        Dictionary(uniqueKeysWithValues: try await CategoryService.all(ownerID: ownerID, on: request.db).map { (try $0.requireID(), $0.name) })
    }
}
