import Foundation

/// A fixed set of threads of their own for native work that runs for a while (PP-OCR's models),
/// so it never blocks Swift's cooperative thread pool.
final class WorkerThreads: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var stopping = false
    private var running = 0

    init(count: Int, name: String) {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 8 << 20
            running += 1
            thread.start()
        }
    }

    deinit {
        shutdown()
    }

    /// Stops the threads after the queued jobs; later calls fail.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            guard !stopping else {
                continuation.resume(throwing: OCRError("The OCR threads have been shut down"))
                return
            }
            jobs.append { continuation.resume(with: Result { try body() }) }
            condition.signal()
        }
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if jobs.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
