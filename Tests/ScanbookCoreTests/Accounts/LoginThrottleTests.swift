import Testing
import ScanbookCore

@Suite struct LoginThrottleTests {
    let throttle = LoginThrottle(
        window: 100, firstDelay: 2,
        accountFromAddress: .init(freeFailures: 3, maximumDelay: 50),
        address: .init(freeFailures: 6, maximumDelay: 50),
        account: .init(freeFailures: 4, maximumDelay: 10)
    )

    func failures(pair: [Double] = [], address: [Double] = [], account: [Double] = []) -> LoginThrottle.Failures {
        .init(accountFromAddress: pair, address: address, account: account)
    }

    @Test func allowsBelowEveryScopesFreeFailures() {
        #expect(throttle.decision(failures(pair: [10, 20], address: [10, 20], account: [10, 20]), now: 21) == .allowed)
    }

    @Test func waitsFromTheLatestFailureAndDoublesPerFailure() {
        // Third failure at 30: 2 s from it; fourth: 4 s; fifth: 8 s.
        #expect(throttle.decision(failures(pair: [10, 20, 30]), now: 31) == .wait(retryAfter: 1))
        #expect(throttle.decision(failures(pair: [10, 20, 30]), now: 32) == .allowed)
        #expect(throttle.decision(failures(pair: [10, 20, 30, 31]), now: 32) == .wait(retryAfter: 3))
        #expect(throttle.decision(failures(pair: [10, 20, 30, 31, 36]), now: 37) == .wait(retryAfter: 7))
    }

    @Test func theAccountScopeNeverLocksItsOwnerOutForLong() {
        // Twenty failures by others on the account: the owner waits at most 10 s after the last.
        let many = (0..<20).map { Double($0) }
        #expect(throttle.decision(failures(account: many), now: 19) == .wait(retryAfter: 10))
        #expect(throttle.decision(failures(account: many), now: 30) == .allowed)
    }

    @Test func theLongestWaitOfAnyScopeApplies() {
        let decision = throttle.decision(failures(pair: [1, 2, 3, 4, 5, 6, 7], account: [1, 2, 3, 4, 5, 6, 7]), now: 8)
        #expect(decision == .wait(retryAfter: 31), "pair: 2 × 2^4 = 32 s from 7; account: capped at 10 s")
    }

    @Test func forgetsFailuresOutsideTheWindow() {
        #expect(throttle.decision(failures(pair: [0, 5, 150]), now: 160) == .allowed)
        #expect(throttle.decision(failures(pair: [10, 20, 30]), now: 131) == .allowed)
    }

    @Test func hugeFailureCountsDoNotOverflow() {
        let many = (0..<10_000).map { Double($0) / 1000 }
        #expect(throttle.decision(failures(pair: many), now: 10) == .wait(retryAfter: 50))
    }
}
