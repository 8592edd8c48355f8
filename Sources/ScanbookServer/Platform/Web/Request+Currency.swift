import Vapor

/// A person's own money (budgets, receipts typed in, meter costs) is in their home currency from
/// the settings, else the server's default (`ServiceContext.homeCurrency` says the same). Money a
/// module shares has its own rule there (a list's currency, in Lists).
extension Request {
    var homeCurrency: String {
        auth.get(User.self)?.currency ?? scanbookConfig.defaultCurrency
    }

}
