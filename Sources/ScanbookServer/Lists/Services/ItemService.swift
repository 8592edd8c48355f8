import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import Vapor

/// A list's items: add (typed, from a quick-add chip, or by barcode), edit, check off and restore,
/// delete, clear what was bought; suggestions from what was added before.
enum ItemService {
    static let maximumFieldLength = 100

    enum Sort: String, CaseIterable {
        case time, name, category
    }

    /// Open items and bought ones, filtered by category and sorted.
    static func items(of list: ShoppingList, category: String?, sort: Sort, on database: any Database) async throws -> (open: [ListItem], bought: [ListItem]) {
        var query = ListItem.query(on: database).filter(\.$list.$id == (try list.requireID())).filter(\.$clearedAt == nil)
        if let category, !category.isEmpty { query = query.filter(\.$category == category) }
        let all = try await query.sort(\.$createdAt).all()
        let sorted: [ListItem] = switch sort {
        case .time: all
        case .name: all.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        case .category: all.sorted { (($0.category ?? "~").lowercased(), $0.name.lowercased()) < (($1.category ?? "~").lowercased(), $1.name.lowercased()) }
        }
        return (sorted.filter { $0.checkedAt == nil }, sorted.filter { $0.checkedAt != nil }.sorted { $0.checkedAt! > $1.checkedAt! })
    }

    /// The categories used on the list (for the filter).
    static func categories(of list: ShoppingList, on database: any Database) async throws -> [String] {
        let rows = try await ListItem.query(on: database).filter(\.$list.$id == (try list.requireID())).filter(\.$clearedAt == nil)
            .filter(\.$category != nil).unique().all(\.$category)
        return Set(rows.compactMap { $0 }).sorted()
    }

    static func find(_ id: UUID?, in list: ShoppingList, on request: Request) async throws -> ListItem {
        guard let id, let item = try await ListItem.query(on: request.db).filter(\.$id == id).filter(\.$list.$id == list.requireID()).filter(\.$clearedAt == nil).first()
        else { throw Abort(.notFound) }
        return item
    }

    static func add(_ input: ItemInput, to list: ShoppingList, on request: Request) async throws -> ListItem {
        let item = ListItem(listID: try list.requireID(), name: "", addedBy: try request.auth.require(User.self).requireID())
        try apply(input, to: item, creating: true)
        try await item.create(on: request.db)
        request.announce(.items, on: list)
        return item
    }

    static func update(_ item: ListItem, in list: ShoppingList, with input: ItemInput, on request: Request) async throws {
        try apply(input, to: item, creating: false)
        if let checked = input.checked { item.checkedAt = checked ? request.now : nil }
        try await item.save(on: request.db)
        request.announce(.items, on: list)
    }

    static func toggle(_ item: ListItem, in list: ShoppingList, on request: Request) async throws {
        item.checkedAt = item.checkedAt == nil ? request.now : nil
        try await item.save(on: request.db)
        request.announce(.items, on: list)
    }

    static func delete(_ item: ListItem, in list: ShoppingList, on request: Request) async throws {
        try await item.delete(on: request.db)
        request.announce(.items, on: list)
    }

    static func clearBought(_ list: ShoppingList, on request: Request) async throws {
        try await ListItem.query(on: request.db).filter(\.$list.$id == list.requireID()).filter(\.$checkedAt != nil).filter(\.$clearedAt == nil)
            .set(\.$clearedAt, to: request.now).update()
        request.announce(.items, on: list)
    }

    /// Adds the product on a barcode photo: an item added before with that code (on any of the
    /// user's lists) gives its name, brand and category; otherwise `name` is needed.
    static func addByBarcode(_ form: BarcodeForm, to list: ShoppingList, on request: Request) async throws -> ListItem {
        guard let file = form.photo, file.data.readableBytes > 0 else { throw UserFacingError(.unprocessableEntity, "upload_empty") }
        let bytes = try request.checkImageUpload(file).bytes
        let codes: [Barcode]
        do {
            codes = try await request.application.threadPool.runIfActive { try BarcodeReader.decode(try Image.decode(bytes)) }
        } catch let error as VisionError {
            throw UserFacingError(.unprocessableEntity, "meters_photoUnreadable", ["reason": error.description])
        }
        guard let code = codes.first(where: { [.ean13, .ean8, .upcA].contains($0.symbology) }) else {
            throw UserFacingError(.unprocessableEntity, "lists_noBarcode")
        }
        let listIDs = try await ListService.lists(for: request).map { try $0.requireID() }
        let earlier = try await ListItem.query(on: request.db).filter(\.$list.$id ~~ listIDs).filter(\.$barcode == code.payload).sort(\.$createdAt, .descending).first()
        let name = earlier?.name ?? form.name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        guard let name else { throw UserFacingError(.unprocessableEntity, "lists_barcodeUnknown", ["code": code.payload]) }
        return try await add(ItemInput(name: name, brand: earlier?.brand, quantity: nil, category: earlier?.category, barcode: code.payload), to: list, on: request)
    }

    /// The names added most often to this list, then to the user's other lists (quick-add chips),
    /// and every earlier item with its brand and category (typing suggestions).
    static func frequent(for list: ShoppingList, on request: Request, limit: Int = 8) async throws -> [ListItem] {
        let listID = try list.requireID()
        let listIDs = try await ListService.lists(for: request).map { try $0.requireID() }
        let earlier = try await ListItem.query(on: request.db).filter(\.$list.$id ~~ listIDs).sort(\.$createdAt, .descending).limit(2000).all()
        var counts: [String: (count: Int, here: Int, latest: ListItem)] = [:]
        for item in earlier {
            let key = item.name.lowercased()
            var entry = counts[key] ?? (0, 0, item)
            entry.count += 1
            if item.$list.id == listID { entry.here += 1 }
            counts[key] = entry
        }
        return counts.values.sorted { ($0.here, $0.count, $0.latest.name) > ($1.here, $1.count, $1.latest.name) }.prefix(limit).map(\.latest)
    }

    private static func apply(_ input: ItemInput, to item: ListItem, creating: Bool) throws {
        var problems: [LocalizedProblem] = []
        func field(_ value: String?) -> String?? {
            guard let value else { return nil }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > maximumFieldLength { problems.append(.init(key: "lists_fieldTooLong", arguments: ["maximum": "\(maximumFieldLength)"])) }
            return .some(trimmed.isEmpty ? nil : trimmed)
        }
        let name = field(input.name)
        if creating || name != nil, (name ?? nil) == nil { problems.append(.init(key: "lists_itemNameRequired")) }
        let brand = field(input.brand), quantity = field(input.quantity), category = field(input.category)
        let barcode = field(input.barcode)
        if case .some(.some(let code)) = barcode, !(code.allSatisfy(\.isNumber) && [8, 12, 13].contains(code.count)) {
            problems.append(.init(key: "lists_invalidBarcode"))
        }
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }
        if case .some(.some(let value)) = name { item.name = value }
        if let brand { item.brand = brand }
        if let quantity { item.quantity = quantity }
        if let category { item.category = category }
        if let barcode { item.barcode = barcode }
    }
}
