import Fluent
import FluentSQL
import Foundation
import ScanbookCore
import SQLKit
import Vapor

extension ReceiptService {
    /// The user's receipts matching `search` in every month and state, newest purchase first
    /// (undated ones last), `limit` of them from `offset`; and how many match in all.
    static func search(_ search: ReceiptSearch, limit: Int, offset: Int, on context: ServiceContext) async throws -> (total: Int, page: [Receipt]) {
        let query = try matching(search, on: context)
        return (try await query.copy().count(), try await newestFirst(query, limit: limit, offset: offset))
    }

    /// A page of `query`'s receipts, newest purchase first, undated ones last.
    static func newestFirst(_ query: QueryBuilder<Receipt>, limit: Int, offset: Int) async throws -> [Receipt] {
        try await query.copy().with(\.$merchant).with(\.$allocations)
            // PostgreSQL sorts NULL first when descending, SQLite last: say it for both.
            .sort(.sql(unsafeRaw: "CASE WHEN \"\(Receipt.schema)\".\"purchased_on\" IS NULL THEN 1 ELSE 0 END"))
            .sort(\.$purchasedOn, .descending).sort(\.$createdAt, .descending).sort(\.$id)
            .limit(limit).offset(offset).all()
    }

    /// The signed-in user's receipts (never anyone else's) that match `search`, filtered by the
    /// database so a search stays fast with years of receipts.
    static func matching(_ search: ReceiptSearch, on context: ServiceContext) throws -> QueryBuilder<Receipt> {
        let ownerID = try context.requireUser().requireID()
        let query = Receipt.query(on: context.db).filter(\.$owner.$id == ownerID)
        for word in search.words {
            query.filter(.sql(embed: "(" + contains("note", word) + " OR " + contains("ocr_text", word) + " OR " + merchant(named: word, ownerID: ownerID) + ")"))
        }
        if let name = search.merchant {
            query.filter(.sql(embed: merchant(named: name, ownerID: ownerID)))
        }
        // Totals keep the receipt's own decimals: compared in thousandths, so 12.345 is not 12.34.
        let thousandths: SQLQueryString = """
            (CASE \(ident: Receipt.schema).\(ident: "total_decimals") WHEN 0 THEN \(ident: Receipt.schema).\(ident: "total_minor") * 1000 \
            WHEN 1 THEN \(ident: Receipt.schema).\(ident: "total_minor") * 100 WHEN 2 THEN \(ident: Receipt.schema).\(ident: "total_minor") * 10 \
            WHEN 3 THEN \(ident: Receipt.schema).\(ident: "total_minor") END)
            """
        if let minimum = search.minimumHundredths {
            query.filter(.sql(embed: thousandths + " >= \(bind: minimum * 10)"))
        }
        if let maximum = search.maximumHundredths {
            query.filter(.sql(embed: thousandths + " <= \(bind: maximum * 10)"))
        }
        if let from = search.from { query.filter(\.$purchasedOn >= from.description) }
        if let to = search.to { query.filter(\.$purchasedOn <= to.description) }
        return query
    }

    /// `column` contains `word`, ignoring case: LIKE ignores case on SQLite only (and for ASCII
    /// only), so both sides are lowered; the word as typed also matches, for letters beyond ASCII
    /// that a database's LOWER() leaves alone.
    private static func contains(_ column: String, _ word: String, table: String = Receipt.schema) -> SQLQueryString {
        let lowered = likePattern(word.lowercased()), typed = likePattern(word)
        return "(LOWER(\(ident: table).\(ident: column)) LIKE \(bind: lowered) ESCAPE '\\' OR \(ident: table).\(ident: column) LIKE \(bind: typed) ESCAPE '\\')"
    }

    /// The receipt's merchant (one of the owner's) has `name` in its name.
    private static func merchant(named name: String, ownerID: UUID) -> SQLQueryString {
        "\(ident: Receipt.schema).\(ident: "merchant_id") IN (SELECT \(ident: "id") FROM \(ident: Merchant.schema) WHERE \(ident: Merchant.schema).\(ident: "owner_id") = \(bind: ownerID) AND "
            + contains("name", name, table: Merchant.schema) + ")"
    }

    /// "%…%" around `text` with LIKE's wildcards and the escape character escaped, so "50%" and
    /// "a_b" match themselves.
    static func likePattern(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
