import ArgumentParser
import Foundation
import ScanbookServer

struct BlobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blobs",
        abstract: "Stored photos and generated files: move them between stores, check them.",
        subcommands: [Migrate.self, Verify.self]
    )

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Copy every blob into the given store, checking each one's SHA-256.",
            discussion: """
            Run it with the old setting still in place, then set SCANBOOK_BLOB_STORE to the new store and \
            restart. The old store keeps its copies; remove them (the data folder's blobs/, or the \
            blob_contents and blob_chunks tables) once the new setting runs. Exits 1 when a blob was \
            damaged or a stored photo has no bytes in the new store.
            """
        )

        @Option(help: "The store to copy into: files or database.") var to: String

        func run() async throws {
            guard let target = AppConfig.BlobStorage(rawValue: to.lowercased()) else {
                throw ValidationError("--to must be files or database")
            }
            let source: AppConfig.BlobStorage = target == .files ? .database : .files
            let report = try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                return try await app.copyBlobs(from: source, to: target)
            }
            print("Blobs from \(source.rawValue) to \(target.rawValue): \(report)")
            if !report.damaged.isEmpty || !report.missing.isEmpty { throw ExitCode(1) }
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Re-read every blob of the configured store against its SHA-256; exit 1 on a damaged or missing one."
        )

        func run() async throws {
            let report = try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                return try await app.verifyBlobs()
            }
            print("Blobs checked: \(report.alreadyThere) intact, \(report.damaged.count) damaged, \(report.missing.count) missing")
            report.damaged.forEach { print("damaged: \($0)") }
            report.missing.forEach { print("missing: \($0)") }
            if !report.damaged.isEmpty || !report.missing.isEmpty { throw ExitCode(1) }
        }
    }
}
