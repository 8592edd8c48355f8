import Fluent
import Foundation

/// One row of the administrator's rate table: what one unit of `currency` was worth in the
/// server's base currency (`AppConfig.defaultCurrency`) on `day`, in millionths.
final class StoredExchangeRate: Model, @unchecked Sendable {
    static let schema = "exchange_rates"

    @ID(key: .id) var id: UUID?
    /// ISO date.
    @Field(key: "day") var day: String
    @Field(key: "currency") var currency: String
    @Field(key: "rate_millionths") var rateMillionths: Int

    init() {}

    init(day: String, currency: String, rateMillionths: Int) {
        self.day = day
        self.currency = currency
        self.rateMillionths = rateMillionths
    }
}
