import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// An instance asked to stop (SIGTERM) says so to load balancers, and leaves no job stranded: a
/// job in hand finishes within the grace period or goes straight back to the queue, its attempt
/// not counted against the photo.
@Suite struct ShutdownTests {
    private func waitUntilProcessing(_ id: UUID, on app: Application) async throws {
        for _ in 0..<100 {
            if try await Capture.find(id, on: app.db)?.status == .processing { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the worker never claimed the job")
    }

    @Test(arguments: TestDatabase.available)
    func aJobStillRunningAfterTheGraceGoesBackToTheQueueUncounted(_ database: TestDatabase) async throws {
        try await HangingProcessor.withQueuedJob(database, configure: { $0.captureWorkers = 1 }) { app, hanging, _, id in
            app.startCaptureWorkers()
            try await waitUntilProcessing(id, on: app)

            // The worker waits for the stuck work (its threads must outlive it), but the job is
            // back in the queue as soon as the grace period is over.
            async let stopped: Void = app.captureWorkers.stop(grace: .milliseconds(200))
            var capture = try #require(try await Capture.find(id, on: app.db))
            for _ in 0..<100 where capture.status != .queued {
                try await Task.sleep(for: .milliseconds(50))
                capture = try #require(try await Capture.find(id, on: app.db))
            }
            #expect(capture.status == .queued && capture.attempts == 0 && capture.leaseToken == nil)
            hanging.release()
            await stopped
            let after = try #require(try await Capture.find(id, on: app.db))
            #expect(after.status == .queued, "the late result is discarded: the job was handed back")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aJobThatFinishesWithinTheGraceIsDoneAndNothingNewIsClaimed(_ database: TestDatabase) async throws {
        try await HangingProcessor.withQueuedJob(database, configure: { $0.captureWorkers = 1 }) { app, hanging, anna, first in
            app.startCaptureWorkers()
            try await waitUntilProcessing(first, on: app)
            let second = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "hang")

            // The only worker is busy with the first job until the instance is stopping.
            async let stopped: Void = app.captureWorkers.stop(grace: .seconds(60))
            while !app.captureWorkers.isStopping { try await Task.sleep(for: .milliseconds(20)) }
            hanging.release()
            await stopped
            #expect(try await Capture.find(first, on: app.db)?.status == .done)
            #expect(try await Capture.find(second, on: app.db)?.status == .queued, "left for the instances that stay")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aDrainingInstanceIsNotReadyButStillAnswers(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.drainSeconds = 0 }) { app, _ in
            let tester = try app.testing()
            #expect(try await tester.sendRequest(.GET, SiteURL.readyz.path).status == .ok)
            await app.drain()
            let ready = try await tester.sendRequest(.GET, SiteURL.readyz.path)
            #expect(ready.status == .serviceUnavailable)
            #expect(try ready.content.decode(HealthController.Status.self).status == "draining")
            #expect(try await tester.sendRequest(.GET, SiteURL.healthz.path).status == .ok, "alive while it drains")
        }
    }
}
