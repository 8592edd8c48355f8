import Vapor

/// `?limit=&offset=` on every API list: at most `maximumLimit` rows per answer, `defaultLimit`
/// unless asked. The body stays a plain array; `X-Total-Count` says how many there are in all and
/// `Link: <…>; rel="next"` points at the next page while there is one.
struct PageQuery: Content {
    static let defaultLimit = 100
    static let maximumLimit = 500
    static let maximumOffset = 1_000_000

    var limit: Int?
    var offset: Int?
}

extension Request {
    /// The page of `rows` this request asks for, as a JSON response with the paging headers.
    func paginated<Row: Content>(_ rows: [Row]) async throws -> Response {
        try await paginated(total: rows.count) { limit, offset in Array(rows.dropFirst(offset).prefix(limit)) }
    }

    /// The page `fetch` reads (from the database, with LIMIT/OFFSET) out of `total` rows. A limit
    /// or offset out of range is a 400 that names the bounds.
    func paginated<Row: Content>(total: Int, fetch: (_ limit: Int, _ offset: Int) async throws -> [Row]) async throws -> Response {
        let query = try self.query.decode(PageQuery.self)
        let limit = query.limit ?? PageQuery.defaultLimit
        let offset = query.offset ?? 0
        guard (1...PageQuery.maximumLimit).contains(limit) else {
            throw UserFacingError(.badRequest, "api_invalidLimit", ["maximum": "\(PageQuery.maximumLimit)"])
        }
        guard (0...PageQuery.maximumOffset).contains(offset) else {
            throw UserFacingError(.badRequest, "api_invalidOffset", ["maximum": "\(PageQuery.maximumOffset)"])
        }
        let page = try await fetch(limit, offset)
        let response = try await page.encodeResponse(for: self)
        response.headers.replaceOrAdd(name: "X-Total-Count", value: "\(total)")
        if offset + page.count < total {
            let others = (url.query ?? "").split(separator: "&").filter { !$0.hasPrefix("limit=") && !$0.hasPrefix("offset=") }
            let next = (others + ["limit=\(limit)", "offset=\(offset + page.count)"]).joined(separator: "&")
            response.headers.replaceOrAdd(name: "Link", value: "<\(url.path)?\(next)>; rel=\"next\"")
        }
        return response
    }
}
