import Vapor

/// Which currency money is in, decided here for every module: a person's own money (budgets,
/// receipts typed in, meter costs) is in their home currency from the settings, else the server's
/// default; money shared on a list is in the list's currency (`ShoppingList.currency`), which is
/// its creator's home currency when it was made.
extension Request {
    var homeCurrency: String {
        auth.get(User.self)?.currency ?? scanbookConfig.defaultCurrency
    }

    /// A shared list's currency (lists made before lists had one keep the server's default).
    func currency(of list: ShoppingList) -> String {
        list.currency ?? scanbookConfig.defaultCurrency
    }
}
