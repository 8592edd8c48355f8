import Foundation

/// A fixed set of threads of their own for native work that runs for a while (Tesseract, PP-OCR's
/// models), so it never blocks Swift's cooperative thread pool. Each thread keeps a `State` of its
/// own, made on that thread (Tesseract's engines, which must stay on the thread that made them).
final class WorkerThreads<State>: @unchecked Sendable {
    private typealias Job = (inout State) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    private var running = 0

    init(count: Int, name: String, state: @escaping @Sendable () -> State) {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in work(state: state()) }
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

    /// Runs `body` on the next free thread, with that thread's state.
    func run<T: Sendable>(_ body: @escaping @Sendable (inout State) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            guard !stopping else {
                continuation.resume(throwing: OCRError("The OCR threads have been shut down"))
                return
            }
            jobs.append { state in continuation.resume(with: Result { try body(&state) }) }
            condition.signal()
        }
    }

    private func work(state initial: State) {
        var state = initial
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
            job(&state)
        }
    }
}

extension WorkerThreads where State == Void {
    convenience init(count: Int, name: String) {
        self.init(count: count, name: name, state: {})
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await run { (_: inout Void) in try body() }
    }
}
