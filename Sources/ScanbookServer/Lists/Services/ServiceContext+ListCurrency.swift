extension ServiceContext {
    /// A shared list's currency (lists made before lists had one keep the server's default).
    func currency(of list: ShoppingList) -> String {
        list.currency ?? scanbookConfig.defaultCurrency
    }
}
