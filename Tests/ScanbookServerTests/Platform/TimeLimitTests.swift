import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
@testable import ScanbookServer

/// Waits that must end although what they wait for never answers (a PostgresNIO query written
/// as its connection closed, native OCR). Were one not to end, the time limit fails its test
/// instead of leaving the suite waiting.
@Suite(.timeLimit(.minutes(2))) struct TimeLimitTests {
    /// Kept, never resumed: the waits below must end without them.
    static let unanswered = NIOLockedValueBox<[CheckedContinuation<Void, Never>]>([])

    /// Never returns, whatever happens to its task: like a query whose answer was dropped.
    static func neverAnswered() async throws -> Int {
        await withCheckedContinuation { continuation in unanswered.withLockedValue { $0.append(continuation) } }
        return 0
    }

    @Test func anAnswerInTimeIsReturnedAndAnErrorThrown() async throws {
        #expect(try await withTimeLimit(30) { 42 } == 42)
        await #expect(throws: ConnectionClosedWhileWaiting.self) { try await withTimeLimit(30) { throw ConnectionClosedWhileWaiting() } }
    }

    @Test func aWaitWithoutAnswerEndsAtTheLimit() async throws {
        await #expect(throws: TimeLimitExceeded.self) { try await withTimeLimit(0.2) { try await Self.neverAnswered() } }
    }

    @Test func cancellingTheCallerEndsTheWaitAtOnce() async throws {
        let waiting = Task { try await withTimeLimit(600) { try await Self.neverAnswered() } }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }

        // Cancelled before the wait began: it does not begin.
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await withTimeLimit(600) { try await Self.neverAnswered() }
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    }

    @Test func aWaitOnAConnectionEndsWhenItCloses() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let closed = loop.makePromise(of: Void.self)
        let waiting = Task { try await untilClosed(closed.futureResult) { try await Self.neverAnswered() } }
        try await Task.sleep(for: .milliseconds(50))
        closed.succeed()
        await #expect(throws: ConnectionClosedWhileWaiting.self) { try await waiting.value }

        // Closed already: the body's answer is not waited for.
        await #expect(throws: ConnectionClosedWhileWaiting.self) { try await untilClosed(closed.futureResult) { try await Self.neverAnswered() } }
        // Open: the body's answer comes through.
        let open = loop.makePromise(of: Void.self)
        #expect(try await untilClosed(open.futureResult) { 7 } == 7)
        open.succeed()
    }
}
