import Foundation

/// Tesseract parallelises each recognition with OpenMP. On a small machine its threads fight each
/// other and the pool's own threads: measured on 2 cores, one receipt took 4.7 s of OCR with
/// OpenMP's threads and 1.0 s without. OpenMP reads `OMP_THREAD_LIMIT` once, when its library is
/// loaded with the program, so setting it later (as `TesseractPool` used to) changes nothing.
public enum OpenMPThreads {
    /// Call first in `main`: unless `OMP_THREAD_LIMIT` is already set (an operator's choice is
    /// kept), sets it to 1 and starts the program again in place with the same arguments.
    public static func restartWithOneThreadIfNeeded() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returns only when it failed: carry on, only slower.
    }
}
