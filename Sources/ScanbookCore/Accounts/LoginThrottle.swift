/// Slows down password guessing: after `maximumFailures` failed logins for one account within
/// `window` seconds, further attempts are refused until the oldest failure leaves the window.
public struct LoginThrottle: Sendable, Equatable {
    public var maximumFailures: Int
    public var window: Double

    public static let standard = LoginThrottle(maximumFailures: 5, window: 15 * 60)

    public init(maximumFailures: Int, window: Double) {
        self.maximumFailures = maximumFailures
        self.window = window
    }

    public enum Decision: Equatable, Sendable {
        case allowed
        /// Seconds until the next attempt is accepted.
        case locked(retryAfter: Double)
    }

    /// `failures` and `now` are seconds on one clock (e.g. since 1970).
    public func decision(failures: [Double], now: Double) -> Decision {
        let recent = failures.filter { now - $0 < window }.sorted()
        guard recent.count >= maximumFailures else { return .allowed }
        // The lock ends when enough failures have aged out to bring the count below the limit.
        let releasing = recent[recent.count - maximumFailures]
        return .locked(retryAfter: max(1, releasing + window - now))
    }
}
