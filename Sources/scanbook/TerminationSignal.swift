import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Synchronization

/// SIGTERM (service managers, rolling restarts) and SIGINT (Ctrl-C) start a graceful stop; a
/// second one stops the process at once.
enum TerminationSignal {
    /// Kept alive while the process runs (a released source stops delivering).
    private static let sources = Mutex<[DispatchSourceSignal]>([])

    /// Returns when the first of the two signals arrives. Call once.
    static func wait() async -> Int32 {
        let received = NIOLockedValueBox<(count: Int, continuation: CheckedContinuation<Int32, Never>?)>((0, nil))
        return await withCheckedContinuation { continuation in
            received.withLockedValue { $0.continuation = continuation }
            let queue = DispatchQueue(label: "scanbook.signals")
            // Made inside the lock: the sources are not Sendable and never leave it.
            sources.withLock { kept in kept = [SIGTERM, SIGINT].map { code in
                let source = DispatchSource.makeSignalSource(signal: code, queue: queue)
                source.setEventHandler {
                    let waiting = received.withLockedValue { state in
                        state.count += 1
                        defer { state.continuation = nil }
                        return (state.count, state.continuation)
                    }
                    if let continuation = waiting.1 { continuation.resume(returning: code) } else if waiting.0 > 1 { exit(code == SIGINT ? 130 : 143) }
                }
                source.resume()
                return source
            } }
        }
    }
}
