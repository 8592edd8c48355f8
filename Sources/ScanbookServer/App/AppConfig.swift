import Foundation
import Logging
import ScanbookCore
import ScanbookOCR
import Vapor

/// Everything Scanbook reads from its environment, in one place, with the defaults a newcomer gets.
/// Built once at start-up by `AppConfig.load(from:)`; tests construct it directly.
public struct AppConfig: Sendable {
    public enum Database: Sendable, Equatable {
        /// The embedded default: a single file, nothing to install.
        case sqlite(path: String)
        /// `schema` isolates parallel test runs inside one PostgreSQL database.
        case postgres(url: String, schema: String?)
    }

    /// Where photos and generated files are kept (see `BlobStore`).
    public enum BlobStorage: String, Sendable, Equatable, CaseIterable {
        /// Under `<data>/blobs`: the default with SQLite.
        case files
        /// In the database: the default with PostgreSQL, so instances share nothing but it.
        case database
    }

    public var dataDirectory: String
    public var hostname: String
    public var port: Int
    public var database: Database
    public var blobStorage: BlobStorage
    public var maxUploadBytes: Int
    public var logLevel: Logger.Level
    public var registrationOpen: Bool
    /// Cookies get the Secure flag when the public address is https (the server sits behind TLS).
    public var publicURL: String?
    /// Bcrypt work factor; tests lower it so that hashing does not dominate their run time.
    public var bcryptCost: Int
    public var loginThrottle: LoginThrottle
    public var passwordPolicy: PasswordPolicy
    /// Capture jobs processed at once by this instance (`scanbook serve`).
    public var captureWorkers: Int
    /// Seconds `/readyz` says "draining" after SIGTERM before the instance stops accepting
    /// connections (load balancers need a few checks to notice); jobs in hand may finish meanwhile.
    public var drainSeconds: Double = 5
    /// False for `scanbook worker`: no web app or API, only `/healthz` and `/readyz`.
    public var servesWeb = true
    /// Seconds a worker may hold a job before another instance may assume it crashed.
    public var captureLease: Double
    public var captureMaxAttempts: Int
    /// Tesseract languages, e.g. "deu+eng".
    public var ocrLanguages: String
    /// The text reader receipts are read with (`SCANBOOK_OCR_ENGINE`); slips, forms and documents
    /// keep Tesseract, where PP-OCR was not measured better.
    public var ocrEngine: TextReaderEngine = .ppocr
    /// Where PP-OCR's models are (`SCANBOOK_MODELS_DIR`); nil: `PaddleModelFiles.locate()`'s default.
    public var modelsDirectory: String?
    /// Where ONNX Runtime's optimized copies of the models are kept (`SCANBOOK_MODELS_CACHE`); nil:
    /// the user's cache folder.
    public var modelsCache: String?
    /// Currency of new users' receipts when the receipt names none ("CHF", "EUR").
    public var defaultCurrency: String
    /// A web session ends after this long without a request, and this long after sign-in at most.
    public var sessionIdleTimeout: Double
    public var sessionMaximumAge: Double
    /// Proxies whose `X-Forwarded-For` names the client; every other peer is the client itself.
    public var trustedProxies: [IPAddressRange]
    /// New accounts per client address and hour (web and API together).
    public var registrationsPerHour: Int
    /// Rows one CSV import may have.
    public var csvMaximumRows: Int
    /// Bytes one user may keep stored (uploads and the images made from them).
    public var userStorageBytes: Int
    /// Capture jobs one user may have waiting or running at once.
    public var userPendingJobs: Int
    /// Seconds one capture job may run before it is stopped and counted as a failed attempt.
    public var captureJobTimeout: Double
    /// PostgreSQL connections per event loop (one loop per core); SQLite keeps one.
    public var databaseConnectionsPerLoop: Int
    /// The most any whitelist entry lets through without a payment's own signature, in hundredths
    /// of the entry's currency; limits set higher are capped to it.
    public var whitelistCeilingHundredths: Int = 5_000_000
    /// Days before a receipt's warranty ends that its owner is reminded; 0: never.
    public var warrantyReminderDays = 30
    /// Password checks and hashes (bcrypt) waiting for a core at once; more are refused with 429.
    public var passwordWorkWaiting = 8 * ProcessInfo.processInfo.activeProcessorCount
    /// Modules this instance does not serve (no menu entry, routes or API operations).
    var disabledModules: Set<Module> = []
    /// The modules this server knows, in menu order (`Application.standardModules`).
    var modules: [any ScanbookModule] = Application.standardModules
    /// The 32-byte key that seals stored secrets (TOTP seeds); nil: a key the server creates once
    /// and keeps in the database, shared by every instance on it.
    var secretKey: [UInt8]?
    /// Keys secrets may still be sealed with while `scanbook secrets rotate` moves them to `secretKey`.
    var previousSecretKeys: [[UInt8]] = []
    /// The mail relay (`SCANBOOK_SMTP_URL`, `SCANBOOK_MAIL_FROM`); nil: no mail is sent, and the
    /// password reset page sends people to the administrator.
    var smtp: SMTPSettings?

    public init(
        dataDirectory: String = "./data",
        hostname: String = "127.0.0.1",
        port: Int = 8080,
        database: Database? = nil,
        blobStorage: BlobStorage? = nil,
        maxUploadBytes: Int = 20_000_000,
        logLevel: Logger.Level = .info,
        registrationOpen: Bool = true,
        publicURL: String? = nil,
        bcryptCost: Int = 12,
        loginThrottle: LoginThrottle = .standard,
        passwordPolicy: PasswordPolicy = .standard,
        captureWorkers: Int = ProcessInfo.processInfo.activeProcessorCount,
        captureLease: Double = 300,
        captureMaxAttempts: Int = 3,
        ocrLanguages: String = "deu+eng",
        defaultCurrency: String = "CHF",
        sessionIdleTimeout: Double = 30 * 86_400,
        sessionMaximumAge: Double = 90 * 86_400,
        trustedProxies: [IPAddressRange] = [],
        registrationsPerHour: Int = 10,
        csvMaximumRows: Int = 10_000,
        userStorageBytes: Int = 5_000_000_000,
        userPendingJobs: Int = 50,
        captureJobTimeout: Double = 180,
        databaseConnectionsPerLoop: Int = 4
    ) {
        self.dataDirectory = dataDirectory
        self.hostname = hostname
        self.port = port
        self.database = database ?? .sqlite(path: Self.defaultSQLitePath(in: dataDirectory))
        self.blobStorage = blobStorage ?? Self.defaultBlobStorage(for: self.database)
        self.maxUploadBytes = maxUploadBytes
        self.logLevel = logLevel
        self.registrationOpen = registrationOpen
        self.publicURL = publicURL
        self.bcryptCost = bcryptCost
        self.loginThrottle = loginThrottle
        self.passwordPolicy = passwordPolicy
        self.captureWorkers = captureWorkers
        self.captureLease = captureLease
        self.captureMaxAttempts = captureMaxAttempts
        self.ocrLanguages = ocrLanguages
        self.defaultCurrency = defaultCurrency
        self.sessionIdleTimeout = sessionIdleTimeout
        self.sessionMaximumAge = sessionMaximumAge
        self.trustedProxies = trustedProxies
        self.registrationsPerHour = registrationsPerHour
        self.csvMaximumRows = csvMaximumRows
        self.userStorageBytes = userStorageBytes
        self.userPendingJobs = userPendingJobs
        self.captureJobTimeout = captureJobTimeout
        self.databaseConnectionsPerLoop = databaseConnectionsPerLoop
    }

    public static func defaultBlobStorage(for database: Database) -> BlobStorage {
        if case .postgres = database { .database } else { .files }
    }

    public static func defaultSQLitePath(in dataDirectory: String) -> String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("scanbook.sqlite").path
    }

    public var secureCookies: Bool { publicURL?.lowercased().hasPrefix("https://") ?? false }
    /// Where links in mails point: the configured public address, never a request's Host header.
    var linkBase: String {
        var base = publicURL ?? "http://\(hostname):\(port)"
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
    /// Browsers are told to use https only when the server is published over https.
    public var sendsHSTS: Bool { secureCookies }
    public var blobDirectory: String { URL(fileURLWithPath: dataDirectory).appendingPathComponent("blobs").path }
}
