import Fluent
import Foundation
import ScanbookCore
import SQLKit

extension ReceiptService {
    /// The months in which the user has checked receipts, with how many, oldest first: the month
    /// index that reaches any of them in a tap. Counted by the database (dates are ISO text, so a
    /// month is the first seven characters).
    static func monthsWithReceipts(ownerID: UUID, on database: any Database) async throws -> [(month: YearMonth, count: Int)] {
        guard let sql = database as? any SQLDatabase else { return [] }
        struct Row: Decodable {
            let month: String
            let receipts: Int
        }
        let rows = try await sql.raw("""
            SELECT SUBSTR(purchased_on, 1, 7) AS month, COUNT(*) AS receipts FROM \(ident: Receipt.schema)
            WHERE owner_id = \(bind: ownerID) AND state = \(bind: Receipt.State.confirmed.rawValue) AND purchased_on IS NOT NULL
            GROUP BY SUBSTR(purchased_on, 1, 7)
            """).all(decoding: Row.self)
        return rows.compactMap { row in YearMonth(row.month).map { ($0, row.receipts) } }.sorted { $0.month < $1.month }
    }
}
