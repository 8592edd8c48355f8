import NIOPosix
import ScanbookOCR
import Vapor

/// Threads of their own for image work (OpenCV, zbar, the digit network). Vapor's blocking pool
/// is shared with the SQLite driver and file reads, and has one thread per core: two photos being
/// prepared at once would stall every database query, and a native call that never returns would
/// stall them for good. Here it can only stall other image work.
final class ImageWorkPool: BlockingWork {
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
    private struct ImageWorkKey: StorageKey { typealias Value = ImageWorkPool }

    /// Created once by `configureScanbook`, shut down with the app.
    var imageWork: ImageWorkPool {
        get { storage[ImageWorkKey.self]! }
        set { storage[ImageWorkKey.self] = newValue }
    }
}
