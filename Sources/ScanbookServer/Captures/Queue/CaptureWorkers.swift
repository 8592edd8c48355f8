import Fluent
import Foundation
import SQLKit
import ScanbookOCR
import ScanbookVision
import Vapor

/// The worker pool: `count` tasks that claim capture jobs and run their kind's processor. Started
/// by `scanbook serve` and `scanbook worker` (and by tests that need it), stopped when the
/// application shuts down: jobs in hand get a grace period to finish, then go back to the queue.
final class CaptureWorkers: @unchecked Sendable {
    private let app: Application
    private let signal = CaptureSignal()
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []
    /// Set by `stop`: workers claim nothing more.
    private var stopping = false
    /// The jobs this instance's workers hold now, so `stop` can hand them back.
    private var held: [UUID: CaptureQueue.Claim] = [:]
    /// How often idle workers look for jobs enqueued by other server instances.
    let pollInterval: Duration

    init(app: Application, pollInterval: Duration = .seconds(1)) {
        self.app = app
        self.pollInterval = pollInterval
    }

    /// `count` 0 starts none: a web-only instance leaves recognition to others.
    func start(count: Int) {
        lock.withLock {
            guard tasks.isEmpty, !stopping else { return }
            tasks = (0..<max(0, count)).map { index in
                Task { [self] in await run(worker: index) }
            }
        }
    }

    var isStopping: Bool { lock.withLock { stopping } }

    /// Claims no more jobs; jobs in hand may finish within `grace`, after which they are handed
    /// back to the queue at once (another instance takes them without waiting for the lease).
    /// Returns only when the workers are done: native work (OpenCV, Tesseract) cannot be stopped
    /// from Swift, and the pools it runs on must outlive it. A handed-back job's late result is
    /// discarded by its lease token.
    func stop(grace: Duration = .zero) async {
        let running = lock.withLock {
            stopping = true
            defer { tasks = [] }
            return tasks
        }
        await signal.wakeAll()
        let handBack = Task { [self] in
            try? await Task.sleep(for: grace)
            guard !Task.isCancelled else { return }
            await handBackHeldJobs()
        }
        for task in running { await task.value }
        handBack.cancel()
    }

    private func handBackHeldJobs() async {
        let claims = lock.withLock { Array(held.values) }
        guard !claims.isEmpty, let sql = app.db as? any SQLDatabase else { return }
        let queue = makeQueue(on: sql)
        for claim in claims {
            let handedBack = (try? await queue.handBack(claim, now: app.clock.now())) ?? false
            app.logger.notice("capture handed back at shutdown", metadata: ["capture": "\(claim.id)", "handedBack": "\(handedBack)"])
        }
    }

    private func makeQueue(on sql: any SQLDatabase) -> CaptureQueue {
        CaptureQueue(database: sql, lease: app.scanbookConfig.captureLease, maximumAttempts: app.scanbookConfig.captureMaxAttempts)
    }

    /// Wakes an idle worker at once (called after a job is enqueued by this process).
    func notify() {
        Task { await signal.wakeOne() }
    }

    private func run(worker index: Int) async {
        let logger = Logger(label: "scanbook.capture-worker-\(index)")
        while !Task.isCancelled && !isStopping {
            do {
                if try await processNext(logger: logger) { continue }
            } catch {
                logger.error("capture queue error: \(String(reflecting: error))")
            }
            await signal.wait(upTo: pollInterval)
        }
    }

    /// Claims and processes one job; false when there was none. While the processor runs, the
    /// lease is renewed every third of its length (a long job is not taken over), and the job is
    /// stopped after `captureJobTimeout`.
    func processNext(logger: Logger) async throws -> Bool {
        let config = app.scanbookConfig
        guard let sql = app.db as? any SQLDatabase else { throw Abort(.internalServerError, reason: "The capture queue needs an SQL database") }
        let queue = makeQueue(on: sql)
        for (capture, kind) in try await queue.failExhausted(now: app.clock.now()) {
            try await app.captureProcessors[kind]?.failed(capture, on: app.db)
        }
        guard !isStopping, let claim = try await queue.claim(now: app.clock.now()) else { return false }
        lock.withLock { held[claim.id] = claim }
        defer { lock.withLock { held[claim.id] = nil } }
        logger.info("capture claimed", metadata: ["capture": "\(claim.id)", "kind": "\(claim.kind)", "attempt": "\(claim.attempts)"])
        let heartbeat = Task { [app] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(max(1, config.captureLease / 3)))
                if Task.isCancelled { return }
                _ = try? await queue.renew(claim, now: app.clock.now())
            }
        }
        defer { heartbeat.cancel() }
        do {
            let outcome = try await Self.run(claim, app: app, within: config.captureJobTimeout)
            // Done and applied together: if the module cannot take the result, the job is not done.
            let processor = app.captureProcessors[claim.kind]
            let finished = FinishedCapture(id: claim.id, ownerID: claim.ownerID)
            let now = app.clock.now()
            let recorded = try await app.db.writeTransaction { database in
                guard let sql = database as? any SQLDatabase else { return false }
                guard try await self.makeQueue(on: sql).complete(claim, outcome: outcome, now: now) else { return false }
                try await processor?.apply(outcome.result, of: finished, on: database)
                return true
            }
            if !recorded { logger.warning("capture lease lost; result discarded", metadata: ["capture": "\(claim.id)"]) }
        } catch {
            logger.warning("capture failed", metadata: ["capture": "\(claim.id)", "error": "\(error)"])
            if try await queue.fail(claim, error: Self.describe(error), permanent: Self.isPermanent(error), now: app.clock.now()) {
                try await app.captureProcessors[claim.kind]?.failed(FinishedCapture(id: claim.id, ownerID: claim.ownerID), on: app.db)
            }
        }
        return true
    }

    private static func run(_ claim: CaptureQueue.Claim, app: Application, within seconds: Double) async throws -> CaptureOutcome {
        do {
            return try await withTimeLimit(seconds) { try await run(claim, app: app) }
        } catch is TimeLimitExceeded {
            throw CaptureTimedOut(seconds: seconds)
        }
    }

    private static func run(_ claim: CaptureQueue.Claim, app: Application) async throws -> CaptureOutcome {
        guard let processor = app.captureProcessors[claim.kind] else {
            throw Abort(.internalServerError, reason: "No processor for capture kind \"\(claim.kind)\"")
        }
        guard let blob = try await StoredBlob.find(claim.blobID, on: app.db) else {
            throw Abort(.internalServerError, reason: "The uploaded photo is missing")
        }
        let bytes = try await app.bytes(of: blob)
        let job = CaptureJob(id: claim.id, ownerID: claim.ownerID, kind: claim.kind, attempt: claim.attempts, bytes: bytes)
        let context = CaptureContext(application: app, recognizer: app.textRecognizer, engineRecognizer: app.engineTextRecognizer,
                                     ownerID: claim.ownerID, captureID: claim.id)
        return try await processor.process(job, context: context)
    }

    /// Problems with the photo itself fail the job at once: another try would read it the same.
    static func isPermanent(_ error: any Error) -> Bool {
        switch error {
        case let error as VisionError: error.isPermanent
        case is CaptureTimedOut: false
        default: false
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as any AbortError: error.reason
        case let error as CustomStringConvertible: error.description
        default: String(reflecting: error)
        }
    }
}

/// Lets idle workers sleep until either a job is enqueued here or the poll interval passes.
actor CaptureSignal {
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    func wait(upTo interval: Duration) async {
        let id = UUID()
        await withCheckedContinuation { continuation in
            waiters[id] = continuation
            Task {
                try? await Task.sleep(for: interval)
                self.resume(id)
            }
        }
    }

    func wakeOne() {
        if let id = waiters.keys.first { resume(id) }
    }

    func wakeAll() {
        for id in Array(waiters.keys) { resume(id) }
    }

    private func resume(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume()
    }
}

/// A job that ran past `captureJobTimeout`.
struct CaptureTimedOut: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "Recognition took longer than \(Int(seconds)) s and was stopped." }
}
