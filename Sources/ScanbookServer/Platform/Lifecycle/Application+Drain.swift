import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct DrainingKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }

    /// True from the moment the instance was asked to stop: `/readyz` answers 503 so load
    /// balancers send new requests elsewhere, while requests already here are still served.
    public var isDraining: Bool {
        storage[DrainingKey.self]?.withLockedValue { $0 } ?? false
    }

    /// What SIGTERM starts (`scanbook serve` and `scanbook worker`): not ready for
    /// `drainSeconds`, then no new connections, the requests in flight finish, list pages' sockets
    /// close with "going away" (their pages reconnect to another instance), and capture jobs in hand
    /// either finish within the same period or go back to the queue. The caller shuts down after.
    /// Called once by `configureScanbook`, before any request can read the flag.
    func prepareDraining() {
        storage[DrainingKey.self] = NIOLockedValueBox(false)
    }

    public func drain() async {
        storage[DrainingKey.self]?.withLockedValue { $0 = true }
        let period = scanbookConfig.drainSeconds
        logger.notice("Stopping: not ready for \(period) s, then closing connections")
        async let workersStopped: Void = captureWorkers.stop(grace: .milliseconds(Int64(period * 1_000)))
        if period > 0 { try? await Task.sleep(for: .milliseconds(Int64(period * 1_000))) }
        for module in modules { await module.willStopServing(self) }
        await server.shutdown()
        await workersStopped
        logger.notice("Stopped serving")
    }
}
