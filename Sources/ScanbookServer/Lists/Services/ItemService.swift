import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import SQLKit
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
        let page = try await page(of: list, category: category, sort: sort, limit: nil, boughtLimit: nil, on: database)
        return (page.open, page.bought)
    }

    /// What a list page shows: the first `limit` open items (all when nil), how many are open, and
    /// the `boughtLimit` latest bought ones. Sorted by time the database pages, so a list of thousands
    /// reads only what is shown; by name or category all open items are read and sorted here,
    /// because only Swift compares names the way people expect (Ä next to A, case ignored).
    static func page(of list: ShoppingList, category: String?, sort: Sort, limit: Int?, boughtLimit: Int?, on database: any Database) async throws -> (open: [ListItem], openCount: Int, bought: [ListItem]) {
        var query = ListItem.query(on: database).filter(\.$list.$id == (try list.requireID())).filter(\.$clearedAt == nil)
        if let category, !category.isEmpty { query = query.filter(\.$category == category) }
        let openQuery = query.copy().filter(\.$checkedAt == nil)
        var bought = query.copy().filter(\.$checkedAt != nil).sort(\.$checkedAt, .descending).sort(\.$createdAt)
        if let boughtLimit { bought = bought.limit(boughtLimit) }
        let open: [ListItem]
        let openCount: Int
        switch sort {
        case .time:
            open = try await (limit.map { openQuery.copy().sort(\.$createdAt).limit($0) } ?? openQuery.copy().sort(\.$createdAt)).all()
            // A page that is not full holds every open item; only a full one needs counting.
            if let limit, open.count == limit { openCount = try await openQuery.count() } else { openCount = open.count }
        case .name, .category:
            let all = try await openQuery.sort(\.$createdAt).all()
            let sorted = sort == .name
                ? all.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
                : all.sorted { (($0.category ?? "~").lowercased(), $0.name.lowercased()) < (($1.category ?? "~").lowercased(), $1.name.lowercased()) }
            open = limit.map { Array(sorted.prefix($0)) } ?? sorted
            openCount = all.count
        }
        return (open, openCount, try await bought.all())
    }

    /// The categories used on the list (for the filter).
    static func categories(of list: ShoppingList, on database: any Database) async throws -> [String] {
        let rows = try await ListItem.query(on: database).filter(\.$list.$id == (try list.requireID())).filter(\.$clearedAt == nil)
            .filter(\.$category != nil).unique().all(\.$category)
        return Set(rows.compactMap { $0 }).sorted()
    }

    static func find(_ id: UUID?, in list: ShoppingList, on context: ServiceContext) async throws -> ListItem {
        guard let id, let item = try await ListItem.query(on: context.db).filter(\.$id == id).filter(\.$list.$id == list.requireID()).filter(\.$clearedAt == nil).first()
        else { throw Abort(.notFound) }
        return item
    }

    static func add(_ input: ItemInput, to list: ShoppingList, on context: ServiceContext) async throws -> ListItem {
        let item = ListItem(listID: try list.requireID(), name: "", addedBy: try context.requireUser().requireID())
        try apply(input, to: item, creating: true)
        try await item.create(on: context.db)
        context.announce(.items, on: list)
        return item
    }

    static func update(_ item: ListItem, in list: ShoppingList, with input: ItemInput, on context: ServiceContext) async throws {
        try apply(input, to: item, creating: false)
        if let checked = input.checked { item.checkedAt = checked ? context.now : nil }
        try await item.save(on: context.db)
        context.announce(.items, on: list)
    }

    static func toggle(_ item: ListItem, in list: ShoppingList, on context: ServiceContext) async throws {
        item.checkedAt = item.checkedAt == nil ? context.now : nil
        try await item.save(on: context.db)
        context.announce(.items, on: list)
    }

    /// Bought (`checked`) or open again; nothing changes when it already is.
    static func setChecked(_ item: ListItem, _ checked: Bool, in list: ShoppingList, on context: ServiceContext) async throws {
        guard (item.checkedAt != nil) != checked else { return }
        try await toggle(item, in: list, on: context)
    }

    static func delete(_ item: ListItem, in list: ShoppingList, on context: ServiceContext) async throws {
        try await item.delete(on: context.db)
        context.announce(.items, on: list)
    }

    static func clearBought(_ list: ShoppingList, on context: ServiceContext) async throws {
        try await ListItem.query(on: context.db).filter(\.$list.$id == list.requireID()).filter(\.$checkedAt != nil).filter(\.$clearedAt == nil)
            .set(\.$clearedAt, to: context.now).update()
        context.announce(.items, on: list)
    }

    /// Adds the product on a barcode photo: an item added before with that code (on any of the
    /// user's lists) gives its name, brand and category; otherwise `name` is needed.
    static func addByBarcode(_ form: BarcodeForm, to list: ShoppingList, on context: ServiceContext) async throws -> ListItem {
        let bytes = try context.checkImageUpload(form.photo, minimumSide: UploadPolicy.minimumPhotoSide).bytes
        let codes: [Barcode]
        do {
            codes = try await context.application.imageWork.run { try BarcodeReader.decode(try Image.decode(bytes, minimumSide: UploadPolicy.minimumPhotoSide)) }
        } catch let error as VisionError {
            throw UserFacingError(.unprocessableEntity, "upload_photoUnreadable", ["reason": error.description])
        }
        guard let code = codes.first(where: { [.ean13, .ean8, .upcA].contains($0.symbology) }) else {
            throw UserFacingError(.unprocessableEntity, "lists_noBarcode")
        }
        let listIDs = try await ListService.lists(for: context).map { try $0.requireID() }
        let earlier = try await ListItem.query(on: context.db).filter(\.$list.$id ~~ listIDs).filter(\.$barcode == code.payload).sort(\.$createdAt, .descending).first()
        let name = earlier?.name ?? form.name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        guard let name else { throw UserFacingError(.unprocessableEntity, "lists_barcodeUnknown", ["code": code.payload]) }
        return try await add(ItemInput(name: name, brand: earlier?.brand, quantity: nil, category: earlier?.category, barcode: code.payload), to: list, on: context)
    }

    /// An earlier item as quick add and suggestions offer it: its latest brand and category.
    struct Suggestion: Decodable, Sendable {
        let name: String
        let brand: String?
        let category: String?
    }

    /// The names added most often to this list, then to the user's other lists (quick-add chips),
    /// and every earlier item with its brand and category (typing suggestions), among the 1,000
    /// latest additions. Counted by the database: reading 2,000 rows as models took 75 ms.
    static func frequent(for list: ShoppingList, among listIDs: [UUID], on database: any Database, limit: Int = 8) async throws -> [Suggestion] {
        guard let sql = database as? any SQLDatabase, !listIDs.isEmpty else { return [] }
        return try await sql.raw("""
            WITH recent AS (
                SELECT name, brand, category, list_id, created_at FROM \(ident: ListItem.schema)
                WHERE list_id IN (\(binds: listIDs)) ORDER BY created_at DESC LIMIT 1000
            ), ranked AS (
                SELECT name, brand, category,
                    ROW_NUMBER() OVER (PARTITION BY LOWER(name) ORDER BY created_at DESC) AS recency,
                    COUNT(*) OVER (PARTITION BY LOWER(name)) AS total,
                    SUM(CASE WHEN list_id = \(bind: try list.requireID()) THEN 1 ELSE 0 END) OVER (PARTITION BY LOWER(name)) AS here
                FROM recent
            )
            SELECT name, brand, category FROM ranked WHERE recency = 1 ORDER BY here DESC, total DESC, name DESC LIMIT \(literal: limit)
            """).all(decoding: Suggestion.self)
    }

    private static func apply(_ input: ItemInput, to item: ListItem, creating: Bool) throws {
        var problems: [LocalizedProblem] = []
        func field(_ value: String?) -> String?? {
            guard let value else { return nil }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.exceedsDocumentedLength(maximumFieldLength) { problems.append(.init(key: "lists_fieldTooLong", arguments: ["maximum": "\(maximumFieldLength)"])) }
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
