import Fluent
import Foundation
import SQLKit
import ScanbookOCR
import Vapor

/// The worker pool: `count` tasks that claim capture jobs and run their kind's processor. Started
/// by `scanbook serve` (and by tests that need it), stopped when the application shuts down.
final class CaptureWorkers: @unchecked Sendable {
    private let app: Application
    private let signal = CaptureSignal()
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []
    /// How often idle workers look for jobs enqueued by other server instances.
    var pollInterval: Duration = .seconds(1)

    init(app: Application) {
        self.app = app
    }

    func start(count: Int) {
        lock.withLock {
            guard tasks.isEmpty else { return }
            tasks = (0..<max(1, count)).map { index in
                Task { [self] in await run(worker: index) }
            }
        }
    }

    func stop() async {
        let running = lock.withLock { defer { tasks = [] }; return tasks }
        running.forEach { $0.cancel() }
        await signal.wakeAll()
        for task in running { await task.value }
    }

    /// Wakes an idle worker at once (called after a job is enqueued by this process).
    func notify() {
        Task { await signal.wakeOne() }
    }

    private func run(worker index: Int) async {
        let logger = Logger(label: "scanbook.capture-worker-\(index)")
        while !Task.isCancelled {
            do {
                if try await processNext(logger: logger) { continue }
            } catch {
                logger.error("capture queue error: \(String(reflecting: error))")
            }
            await signal.wait(upTo: pollInterval)
        }
    }

    /// Claims and processes one job; false when there was none.
    func processNext(logger: Logger) async throws -> Bool {
        let config = app.scanbookConfig
        let queue = CaptureQueue(database: app.db as! any SQLDatabase, lease: config.captureLease, maximumAttempts: config.captureMaxAttempts)
        guard let claim = try await queue.claim(now: app.clock.now()) else { return false }
        logger.info("capture claimed", metadata: ["capture": "\(claim.id)", "kind": "\(claim.kind)", "attempt": "\(claim.attempts)"])
        do {
            guard let processor = app.captureProcessors[claim.kind] else {
                throw Abort(.internalServerError, reason: "No processor for capture kind \"\(claim.kind)\"")
            }
            guard let blob = try await StoredBlob.find(claim.blobID, on: app.db) else {
                throw Abort(.internalServerError, reason: "The uploaded photo is missing")
            }
            let store = app.blobStore
            let hash = blob.hash
            let bytes = try await app.threadPool.runIfActive { try store.get(hash) }
            let job = CaptureJob(id: claim.id, ownerID: claim.ownerID, kind: claim.kind, attempt: claim.attempts, bytes: bytes)
            let context = CaptureContext(application: app, recognizer: app.textRecognizer, ownerID: claim.ownerID)
            let result = try await processor.process(job, context: context)
            let recorded = try await queue.complete(claim, result: String(decoding: result, as: UTF8.self), now: app.clock.now())
            if !recorded { logger.warning("capture lease lost; result discarded", metadata: ["capture": "\(claim.id)"]) }
        } catch {
            logger.warning("capture failed", metadata: ["capture": "\(claim.id)", "error": "\(error)"])
            try await queue.fail(claim, error: Self.describe(error), now: app.clock.now())
        }
        return true
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
