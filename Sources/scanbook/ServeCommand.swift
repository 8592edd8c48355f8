import ArgumentParser
import ScanbookOCR
import ScanbookRendering
import ScanbookServer
import Vapor

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Migrate the database and serve the web app and API (and process captures, unless SCANBOOK_CAPTURE_WORKERS=0)."
    )

    @OptionGroup var address: ListenAddress

    func run() async throws {
        let config = try address.applied(to: ScanbookApp.loadConfig())
        // The native libraries are opened when first used: a machine without one fails here.
        if config.captureWorkers > 0 { try CaptureEngineLibraries.check() }
        try SVGRenderer.checkLibraries()
        try await ScanbookApp.run(config, arguments: ["scanbook", "serve"]) { app in
            try await app.migrateScanbook()
            app.startCaptureWorkers()
            app.startMaintenance()
            let workers = config.captureWorkers == 0 ? "no capture workers (web only)" : "\(config.captureWorkers) capture workers"
            try await ScanbookApp.serveUntilSignalled(app, config, "Scanbook serving on http://\(config.hostname):\(config.port) with data in \(config.dataDirectory), \(workers)")
        }
    }
}

/// Capture workers without the web app, so recognition scales apart from the web instances.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Process capture jobs from the shared queue, without the web app.",
        discussion: "Listens only for /healthz and /readyz on the given address, for the service manager or orchestrator."
    )

    @OptionGroup var address: ListenAddress

    func run() async throws {
        var config = try address.applied(to: ScanbookApp.loadConfig())
        config.servesWeb = false
        guard config.captureWorkers > 0 else { throw ValidationError("A worker needs SCANBOOK_CAPTURE_WORKERS of 1 or more.") }
        try CaptureEngineLibraries.check()
        try await ScanbookApp.run(config, arguments: ["scanbook", "worker"]) { app in
            try await app.migrateScanbook()
            app.startCaptureWorkers()
            try await ScanbookApp.serveUntilSignalled(app, config, "Scanbook worker with \(config.captureWorkers) capture workers; health on http://\(config.hostname):\(config.port)/readyz")
        }
    }
}

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply pending database migrations.")

    func run() async throws {
        try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
            try await app.migrateScanbook()
            print("Database is up to date.")
        }
    }
}

/// Where `serve` (the app) and `worker` (its health endpoints) listen; options override the environment.
struct ListenAddress: ParsableArguments {
    @ArgumentParser.Option(help: "Address to listen on (default 127.0.0.1, or SCANBOOK_HOST).") var hostname: String?
    @ArgumentParser.Option(help: "Port to listen on (default 8080, or SCANBOOK_PORT).") var port: Int?

    func applied(to config: AppConfig) -> AppConfig {
        var config = config
        if let hostname { config.hostname = hostname }
        if let port { config.port = port }
        return config
    }
}

extension ScanbookApp {
    /// Serves until SIGTERM or SIGINT, then stops gracefully (`Application.drain`).
    static func serveUntilSignalled(_ app: Application, _ config: AppConfig, _ banner: String) async throws {
        try await app.asyncBoot()
        try await app.server.start(address: .hostname(config.hostname, port: config.port))
        app.logger.notice("\(banner)")
        let signal = await TerminationSignal.wait()
        app.logger.notice("Received \(signal == SIGTERM ? "SIGTERM" : "SIGINT")")
        await app.drain()
    }
}
