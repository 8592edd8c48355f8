import Fluent
import Leaf
import LeafKit
import ScanbookOCR
import Vapor

extension Application {
    /// Wires the whole server: database, sessions, views, middleware and routes. Used by the CLI
    /// (`serve`, `migrate`, `user …`) and by every server test, so they all run the same app.
    public func configureScanbook(_ config: AppConfig) async throws {
        scanbookConfig = config
        logger.logLevel = config.logLevel
        try FileManager.default.createDirectory(atPath: config.dataDirectory, withIntermediateDirectories: true)
        blobStore = blobStore(config.blobStorage)
        localizer = try Localizer.load(from: ScanbookResources.localesDirectory, modules: config.modules.compactMap(\.resources?.locales))

        // A web-only instance (no capture workers) still reads meters and slips within requests.
        let recognizer = TesseractPool(threads: max(1, config.captureWorkers))
        textRecognizer = recognizer
        let receiptReader: (any TextRecognizer & ShutsDown)? = config.ocrEngine == .ppocr
            ? try PaddleTextReader(files: .locate(config.modelsDirectory, cache: config.modelsCache), threads: max(1, config.captureWorkers)) : nil
        // Without PP-OCR, receipts follow `textRecognizer` (which tests may replace).
        if let receiptReader { engineTextRecognizer = receiptReader }
        let imageWork = WorkPool(threads: max(2, config.captureWorkers))
        self.imageWork = imageWork
        let parserWork = WorkPool(threads: 2)
        self.parserWork = parserWork
        captureWorkers = CaptureWorkers(app: self)
        passwordWork = BoundedWork(running: ProcessInfo.processInfo.activeProcessorCount, waiting: config.passwordWorkWaiting)
        prepareDraining()
        secretBoxCache = SecretBoxCache()
        var processors = CaptureProcessors()
        for module in modules {
            try module.configure(self, config)
            module.captureProcessors(config).forEach { processors.register($0) }
        }
        captureProcessors = processors

        try configureDatabase(config.database, connectionsPerLoop: config.databaseConnectionsPerLoop)
        registerMigrations()
        passwords.use(.bcrypt(cost: config.bcryptCost))
        configureSessions(config)
        // Shutdown runs lifecycle handlers in reverse order. Fluent registers its own (which closes
        // the databases) on first use, above; registered after it, the workers stop before the
        // databases close, never while a job still needs them.
        lifecycle.use(CaptureLifecycle(recognizer: recognizer, receiptReader: receiptReader, imageWork: imageWork, parserWork: parserWork))

        views.use(.leaf)
        leaf.sources = .singleSource(NIOLeafFiles(
            fileio: fileio,
            limits: [.toSandbox, .requireExtensions],  // not .toVisibleFiles: the bundle sits under .build
            sandboxDirectory: ScanbookResources.viewsDirectory,
            viewDirectory: ScanbookResources.viewsDirectory
        ))

        http.server.configuration.hostname = config.hostname
        http.server.configuration.port = config.port
        // Forms and JSON are small; upload routes raise the limit for themselves.
        routes.defaultMaxBodySize = "1mb"

        // Sessions sit outside the page error handler so error pages can use (and keep) the session;
        // the plain error middleware outside them catches what the session store itself throws.
        middleware = Middlewares()
        middleware.use(RequestLogMiddleware())
        middleware.use(SecurityHeadersMiddleware(sendsHSTS: config.sendsHSTS))
        middleware.use(ErrorMiddleware.default(environment: environment))
        middleware.use(sessions.middleware)
        middleware.use(VisitorCSRFCookieMiddleware(secure: config.secureCookies))
        middleware.use(ScanbookErrorMiddleware(environment: environment))
        middleware.use(MethodNotAllowedMiddleware())
        middleware.use(BodyGateMiddleware())
        middleware.use(PublicFilesMiddleware(publicDirectory: ScanbookResources.publicDirectory))

        try registerRoutes()
        try prepareOpenAPIDocument()
    }

    private func configureSessions(_ config: AppConfig) {
        sessions.use { _ in SignedInSessionDriver() }
        sessions.configuration = SessionsConfiguration(cookieName: SignedInSessionDriver.cookieName) { id in
            // A session that is not stored (no one signed in, or it ended) loses its cookie.
            guard !id.string.isEmpty else { return .expired }
            return HTTPCookies.Value(
                string: id.string,
                maxAge: Int(config.sessionMaximumAge),
                path: "/",
                isSecure: config.secureCookies,
                isHTTPOnly: true,
                sameSite: .lax
            )
        }
    }
}

/// Stops the capture workers before the database goes away, then the OCR, image and parser threads.
struct CaptureLifecycle: LifecycleHandler {
    let recognizer: TesseractPool
    /// PP-OCR's threads, when receipts are read with it.
    let receiptReader: (any TextRecognizer & ShutsDown)?
    let imageWork: WorkPool
    let parserWork: WorkPool

    func shutdownAsync(_ application: Application) async {
        await application.captureWorkers.stop()
        recognizer.shutdown()
        receiptReader?.shutdown()
        imageWork.shutdown()
        parserWork.shutdown()
    }
}

extension Application {
    /// Starts the worker pool (`scanbook serve`; tests that process captures).
    public func startCaptureWorkers() {
        captureWorkers.start(count: scanbookConfig.captureWorkers)
    }
}

/// Templates, styles and message catalogues ship inside the module's resource bundle, so the binary
/// finds them whatever the working directory.
enum ScanbookResources {
    static let root = Bundle.module.bundleURL.appendingPathComponent("Resources", isDirectory: true)
    static let viewsDirectory = root.appendingPathComponent("Views").path + "/"
    static let publicDirectory = root.appendingPathComponent("Public").path + "/"
    static let localesDirectory = root.appendingPathComponent("Locales")
    static let openAPIDocument = root.appendingPathComponent("openapi.yaml")
}
