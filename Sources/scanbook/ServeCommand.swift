import ArgumentParser
import ScanbookServer
import Vapor

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Migrate the database and serve the web app and API."
    )

    @ArgumentParser.Option(help: "Address to listen on (default 127.0.0.1, or SCANBOOK_HOST).") var hostname: String?
    @ArgumentParser.Option(help: "Port to listen on (default 8080, or SCANBOOK_PORT).") var port: Int?

    func run() async throws {
        var config = try ScanbookApp.loadConfig()
        if let hostname { config.hostname = hostname }
        if let port { config.port = port }
        try await ScanbookApp.run(config, arguments: ["scanbook", "serve"]) { app in
            try await app.migrateScanbook()
            app.startCaptureWorkers()
            app.startMaintenance()
            app.logger.notice("Scanbook serving on http://\(config.hostname):\(config.port) with data in \(config.dataDirectory)")
            try await app.execute()
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
