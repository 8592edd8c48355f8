import ArgumentParser
import Foundation
import ScanbookServer

/// One maintenance sweep now, as `scanbook serve` runs every ten minutes: for a cron job on a
/// deployment whose instances only work the queue, or to send what is due at once.
struct MaintenanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "Run one maintenance sweep: end old sessions, remove unreferenced files, send warranty reminders, add recurring expenses due.",
        discussion: "Safe while servers run, on any number of instances at once: each reminder and each recurring date is made once."
    )

    func run() async throws {
        let report = try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
            try await app.migrateScanbook()
            return try await app.runMaintenance()
        }
        print("Sessions ended: \(report.sessionsEnded), rate events forgotten: \(report.rateEventsForgotten), blobs removed: \(report.blobRowsRemoved)")
        for (module, done) in report.moduleWork.sorted(by: { $0.key < $1.key }) { print("\(module): \(done)") }
    }
}
