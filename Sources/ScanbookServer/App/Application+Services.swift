import Foundation
import ScanbookCore
import ScanbookOCR
import Vapor

extension Application {
    /// A service `configureScanbook` sets before any request, job or command runs. Reading one
    /// earlier is a mistake in the wiring, not in anything from outside: it stops with the
    /// service's name instead of a bare nil unwrap.
    func configured<Key: StorageKey>(_ key: Key.Type) -> Key.Value {
        guard let value = storage[key] else { preconditionFailure("\(Key.self) was read before configureScanbook set it up") }
        return value
    }
}

/// The side effects the app reaches through small replaceable values: tests swap the clock and the
/// blob store; the configuration is the one loaded at start-up.
extension Application {
    private struct ConfigKey: StorageKey { typealias Value = AppConfig }
    private struct BlobStoreKey: StorageKey { typealias Value = any BlobStore }
    private struct ClockKey: StorageKey { typealias Value = AppClock }
    private struct LocalizerKey: StorageKey { typealias Value = Localizer }
    private struct RecognizerKey: StorageKey { typealias Value = any TextRecognizer }
    private struct EngineRecognizerKey: StorageKey { typealias Value = any TextRecognizer }
    private struct ProcessorsKey: StorageKey { typealias Value = CaptureProcessors }
    private struct WorkersKey: StorageKey { typealias Value = CaptureWorkers }
    private struct PasswordWorkKey: StorageKey { typealias Value = BoundedWork }

    var scanbookConfig: AppConfig {
        get { configured(ConfigKey.self) }
        set { storage[ConfigKey.self] = newValue }
    }

    var blobStore: any BlobStore {
        get { configured(BlobStoreKey.self) }
        set { storage[BlobStoreKey.self] = newValue }
    }

    var clock: AppClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }

    /// Tesseract by default; tests may substitute a fake.
    var textRecognizer: any TextRecognizer {
        get { configured(RecognizerKey.self) }
        set { storage[RecognizerKey.self] = newValue }
    }

    /// The reader `SCANBOOK_OCR_ENGINE` picks: PP-OCR by default, else the Tesseract pool; tests
    /// may substitute a fake. A kind reads with it once the bench shows a gain: receipts, meters,
    /// slips and document pages so far; forms read with `textRecognizer`.
    var engineTextRecognizer: any TextRecognizer {
        get { storage[EngineRecognizerKey.self] ?? textRecognizer }
        set { storage[EngineRecognizerKey.self] = newValue }
    }

    var captureProcessors: CaptureProcessors {
        get { storage[ProcessorsKey.self] ?? CaptureProcessors() }
        set { storage[ProcessorsKey.self] = newValue }
    }

    /// Created once by `configureScanbook` (never lazily: two threads creating it at once would
    /// leave one pool running that shutdown does not stop); not started until `startCaptureWorkers()`.
    var captureWorkers: CaptureWorkers {
        get { configured(WorkersKey.self) }
        set { storage[WorkersKey.self] = newValue }
    }

    /// Password hashing and checking: one job per core, a short line, the rest refused (429).
    /// Made by `configureScanbook`; the CLI's account commands, which never configure a server,
    /// get one of their own.
    var passwordWork: BoundedWork {
        get { storage[PasswordWorkKey.self] ?? BoundedWork(running: 1, waiting: 1) }
        set { storage[PasswordWorkKey.self] = newValue }
    }

    var localizer: Localizer {
        get { configured(LocalizerKey.self) }
        set { storage[LocalizerKey.self] = newValue }
    }
}

/// The time as the app sees it; tests move it forward to expire throttles without sleeping.
struct AppClock: Sendable {
    var now: @Sendable () -> Date
    static let system = AppClock(now: { Date() })

    /// Today in UTC, the day meter readings and expenses are stored under.
    var today: CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: now())
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}

extension Request {
    var scanbookConfig: AppConfig { application.scanbookConfig }
    var blobStore: any BlobStore { application.blobStore }
    var now: Date { application.clock.now() }

    var today: CalendarDate { application.clock.today }
}
