/// Slows down password guessing with back-off instead of a lock-out an attacker could trigger.
///
/// Failed logins are counted in three scopes within `window` seconds: one account from one client
/// address (someone guessing one password), one address over all accounts (credential stuffing),
/// and one account from all addresses (a guesser with many addresses). Past a scope's free
/// failures each further attempt must wait `firstDelay`, doubling per failure up to the scope's
/// maximum, from the latest failure. The account-wide scope has a short maximum: a stranger who
/// keeps failing on someone's account can make its owner wait a minute, never lock them out.
public struct LoginThrottle: Sendable, Equatable {
    public struct Scope: Sendable, Equatable {
        public var freeFailures: Int
        public var maximumDelay: Double

        public init(freeFailures: Int, maximumDelay: Double) {
            self.freeFailures = freeFailures
            self.maximumDelay = maximumDelay
        }
    }

    /// Failures older than this are forgotten (seconds).
    public var window: Double
    public var firstDelay: Double
    public var accountFromAddress: Scope
    public var address: Scope
    public var account: Scope

    public static let standard = LoginThrottle(
        window: 15 * 60, firstDelay: 2,
        accountFromAddress: Scope(freeFailures: 5, maximumDelay: 15 * 60),
        address: Scope(freeFailures: 20, maximumDelay: 15 * 60),
        account: Scope(freeFailures: 10, maximumDelay: 60)
    )

    public init(window: Double, firstDelay: Double, accountFromAddress: Scope, address: Scope, account: Scope) {
        self.window = window
        self.firstDelay = firstDelay
        self.accountFromAddress = accountFromAddress
        self.address = address
        self.account = account
    }

    public enum Decision: Equatable, Sendable {
        case allowed
        /// Seconds until the next attempt is accepted.
        case wait(retryAfter: Double)
    }

    /// Failure times (seconds on one clock, e.g. since 1970) in each scope.
    public struct Failures: Sendable {
        public var accountFromAddress: [Double]
        public var address: [Double]
        public var account: [Double]

        public init(accountFromAddress: [Double], address: [Double], account: [Double]) {
            self.accountFromAddress = accountFromAddress
            self.address = address
            self.account = account
        }
    }

    /// The longest wait any scope asks for.
    public func decision(_ failures: Failures, now: Double) -> Decision {
        let waits = [
            wait(failures.accountFromAddress, accountFromAddress, now: now),
            wait(failures.address, address, now: now),
            wait(failures.account, account, now: now),
        ]
        guard let longest = waits.max(), longest > 0 else { return .allowed }
        return .wait(retryAfter: longest.rounded(.up))
    }

    /// Seconds still to wait in one scope (≤ 0: none).
    func wait(_ failures: [Double], _ scope: Scope, now: Double) -> Double {
        let recent = failures.filter { now - $0 < window && $0 <= now }
        let excess = recent.count - scope.freeFailures
        guard excess >= 0, let latest = recent.max() else { return 0 }
        // 2^excess grows past any maximum quickly; the exponent is capped before it overflows.
        let delay = min(scope.maximumDelay, firstDelay * Double(1 << min(excess, 30)))
        return latest + delay - now
    }
}
