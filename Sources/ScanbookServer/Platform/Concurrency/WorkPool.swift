import NIOPosix
import ScanbookOCR
import Vapor

/// Threads of their own for long native work: images (OpenCV, zbar, the digit network) and
/// parsing outside documents (libxml2). Vapor's blocking pool is shared with the SQLite driver and
/// file reads, and has one thread per core, and Swift's cooperative pool has one per core too: two
/// photos being prepared, or two documents parsed, there would stall every database query and
/// `/healthz`, and a native call that never returns would stall them for good. Here it can only
/// stall other work of its kind.
final class WorkPool: BlockingWork {
    private let pool: NIOThreadPool

    init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(body)
    }

    /// Lets running work finish in the background: waiting here would hang shutdown for good if
    /// a native call never returns.
    func shutdown() {
        pool.shutdownGracefully(queue: .global()) { _ in }
    }
}

extension Application {
    private struct ImageWorkKey: StorageKey { typealias Value = WorkPool }
    private struct ParserWorkKey: StorageKey { typealias Value = WorkPool }

    /// Created once by `configureScanbook`, shut down with the app.
    var imageWork: WorkPool {
        get { configured(ImageWorkKey.self) }
        set { storage[ImageWorkKey.self] = newValue }
    }

    /// Parsing documents from outside (XML); created once by `configureScanbook`.
    var parserWork: WorkPool {
        get { configured(ParserWorkKey.self) }
        set { storage[ParserWorkKey.self] = newValue }
    }
}
