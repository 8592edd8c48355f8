import ArgumentParser
import Foundation
import Logging
import ScanbookServer
import Synchronization
import Vapor

/// Builds the configured server application for a command and shuts it down afterwards.
enum ScanbookApp {
    /// Throws `AppConfig.Invalid`, whose description lists every problem.
    static func loadConfig() throws -> AppConfig {
        try AppConfig.load()
    }

    /// Administration commands print their own result; routine migration logs would bury it.
    static func quiet(_ config: AppConfig) -> AppConfig {
        var config = config
        config.logLevel = max(config.logLevel, .warning)
        return config
    }

    static func run<T>(_ config: AppConfig, arguments: [String] = ["scanbook"], _ body: (Application) async throws -> T) async throws -> T {
        bootstrapLogging(level: config.logLevel)
        let app = try await Application.make(Environment(name: "production", arguments: arguments))
        do {
            try await app.configureScanbook(config)
            let result = try await body(app)
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// Logging can be bootstrapped once per process; a command that makes a second app skips it.
    private static let loggingBootstrapped = Mutex(false)

    private static func bootstrapLogging(level: Logger.Level) {
        let first = loggingBootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        LoggingSystem.bootstrap(console: Terminal(), level: level)
    }
}

/// Reads a password from the terminal without echo, or a line from standard input when piped.
func readPassword(prompt: String) throws -> String {
    if isatty(STDIN_FILENO) != 0, let entered = getpass(prompt) {
        return String(cString: entered)
    }
    guard let line = readLine(strippingNewline: true) else { throw ValidationError("No password given on standard input.") }
    return line
}
