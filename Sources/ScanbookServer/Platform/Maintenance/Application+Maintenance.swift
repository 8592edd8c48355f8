import Fluent
import Foundation
import Vapor

/// Housekeeping that nothing else triggers: ended sessions, counted events no limit reads any
/// more, stored files nothing refers to, and what the served modules do on a schedule (warranty
/// reminders, recurring expenses). `scanbook serve` runs it every few minutes; each step is safe
/// to run on several instances at once.
extension Application {
    public struct MaintenanceReport: Sendable, Equatable {
        public var sessionsEnded = 0
        public var rateEventsForgotten = 0
        public var blobRowsRemoved = 0
        public var blobFilesRemoved = 0
        /// What each module's `maintain` did, by module, when it did something.
        public var moduleWork: [String: Int] = [:]
    }

    @discardableResult
    public func runMaintenance() async throws -> MaintenanceReport {
        let now = clock.now()
        let config = scanbookConfig
        var report = MaintenanceReport()
        let ended = SignedInSession.query(on: db).group(.or) { group in
            group.filter(\.$lastSeenAt < now.addingTimeInterval(-config.sessionIdleTimeout))
                .filter(\.$createdAt < now.addingTimeInterval(-config.sessionMaximumAge))
        }
        report.sessionsEnded = try await ended.count()
        try await ended.delete()
        // The longest window any limit reads is the registration hour.
        let cutoff = now.addingTimeInterval(-max(3_600, config.loginThrottle.window))
        report.rateEventsForgotten = try await RateEvent.query(on: db).filter(\.$at < cutoff).count()
        try await RateLimiter(database: db).purge(before: cutoff)
        // An offline queue resends within days; a month covers a phone left in a drawer.
        try await OfflineAction.query(on: db).filter(\.$createdAt < now.addingTimeInterval(-30 * 86_400)).delete()
        let sweep = try await sweepBlobs(now: now)
        report.blobRowsRemoved = sweep.rowsRemoved
        report.blobFilesRemoved = sweep.filesRemoved
        for module in modules {
            let done = try await module.maintain(self)
            if done > 0 { report.moduleWork[module.menuEntry?.rawValue ?? "\(type(of: module))"] = done }
        }
        return report
    }

    /// Runs `runMaintenance` now and then every `interval` until the app shuts down.
    public func startMaintenance(every interval: Duration = .seconds(600)) {
        let task = Task { [self] in
            while !Task.isCancelled {
                do {
                    let report = try await runMaintenance()
                    if report != MaintenanceReport() { logger.info("maintenance", metadata: ["report": "\(report)"]) }
                } catch {
                    logger.warning("maintenance failed: \(String(reflecting: error))")
                }
                try? await Task.sleep(for: interval)
            }
        }
        lifecycle.use(MaintenanceLifecycle(task: task))
    }
}

private struct MaintenanceLifecycle: LifecycleHandler {
    let task: Task<Void, Never>

    func shutdownAsync(_ application: Application) async {
        task.cancel()
        await task.value
    }
}
