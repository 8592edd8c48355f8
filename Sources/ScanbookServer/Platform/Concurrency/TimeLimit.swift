import Foundation
import NIOCore

/// A wait `withTimeLimit` gave up.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "no answer within \(seconds) s" }
}

/// The connection a wait of `untilClosed` depended on closed first.
struct ConnectionClosedWhileWaiting: Error, CustomStringConvertible {
    var description: String { "the connection closed" }
}

/// Runs `body`, but gives up waiting after `seconds` with `TimeLimitExceeded`, or at once when the
/// caller is cancelled. The body is then cancelled but not awaited: native work (OpenCV,
/// Tesseract) cannot be interrupted from Swift and keeps its thread until it returns (Tesseract's
/// own deadline ends OCR soon after), and a PostgresNIO query written just as its connection
/// closed is never answered; the caller is free all the same.
func withTimeLimit<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await firstOf(body) { outcome in
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled else { return }
            outcome.resume(with: .failure(TimeLimitExceeded(seconds: seconds)))
        }
    }
}

/// Runs `body` until it finishes, `closed` completes (the connection it talks over is gone) or
/// the caller is cancelled, whichever is first; the body is then cancelled, not awaited. PostgresNIO
/// drops what is written to a connection just as it closes (a query, LISTEN) and never answers it.
func untilClosed<T: Sendable>(_ closed: EventLoopFuture<Void>, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await firstOf(body) { outcome in
        closed.whenComplete { _ in outcome.resume(with: .failure(ConnectionClosedWhileWaiting())) }
        return nil
    }
}

/// `body`'s result, unless `rival` (given the outcome to resume) or the caller's cancellation ends
/// the wait first. `rival` may return a task of its own, cancelled once the wait is over.
private func firstOf<T: Sendable>(
    _ body: @escaping @Sendable () async throws -> T,
    rival: (WaitOutcome<T>) -> Task<Void, Never>?
) async throws -> T {
    let outcome = WaitOutcome<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            outcome.add(Task {
                do { outcome.resume(with: .success(try await body())) } catch { outcome.resume(with: .failure(error)) }
            })
            if let task = rival(outcome) { outcome.add(task) }
        }
    } onCancel: {
        outcome.resume(with: .failure(CancellationError()))
    }
}

/// Resumes a continuation once, with whichever result comes first. A result that comes before the
/// wait begins (the caller was cancelled already) is kept for it.
private final class WaitOutcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var result: Result<T, any Error>?
    private var tasks: [Task<Void, Never>] = []

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early = lock.withLock {
            if result == nil { self.continuation = continuation }
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    /// The work and the rival: each is cancelled once the result is in, so none outlives the wait
    /// longer than it must.
    func add(_ task: Task<Void, Never>) {
        if lock.withLock({ tasks.append(task); return result != nil }) { task.cancel() }
    }

    func resume(with result: Result<T, any Error>) {
        let (waiting, tasks) = lock.withLock {
            guard self.result == nil else { return (nil as CheckedContinuation<T, any Error>?, [Task<Void, Never>]()) }
            self.result = result
            defer { continuation = nil }
            return (continuation, self.tasks)
        }
        tasks.forEach { $0.cancel() }
        waiting?.resume(with: result)
    }
}
