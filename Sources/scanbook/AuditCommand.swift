import ArgumentParser
import Foundation
import ScanbookServer

struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "The hash-chained audit log of payment actions.",
        subcommands: [Verify.self]
    )

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "verify", abstract: "Check every link, seal and the sealed head of the audit log; exit 1 at the first broken one.")

        func run() async throws {
            let summary = try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                return try await app.verifyAuditLog()
            }
            guard let broken = summary.brokenAt else {
                print("Audit log intact: \(summary.entries) entries, the end as its sealed head records it.")
                if summary.sealedFrom > 1 {
                    print("Entries 1 to \(summary.sealedFrom - 1) were written before seals: checked by their hash chain only.")
                }
                return
            }
            print("Audit log broken at entry \(broken): \(summary.reason ?? "hash mismatch"). \(summary.entries) entries before it are intact.")
            throw ExitCode(1)
        }
    }
}

struct SecretsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secrets",
        abstract: "The key that seals stored secrets (authenticator seeds).",
        subcommands: [Rotate.self]
    )

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate",
            abstract: "Seal every stored secret with the current key.",
            discussion: """
            With SCANBOOK_SECRET_KEY set: put the old key into SCANBOOK_SECRET_KEY_PREVIOUS, the new one into \
            SCANBOOK_SECRET_KEY, run this, then drop SCANBOOK_SECRET_KEY_PREVIOUS. Without it: the key kept in the \
            database is replaced by a new one.
            """
        )

        func run() async throws {
            let count = try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                return try await app.rotateSecrets()
            }
            print("Sealed \(count) secret(s) with the current key.")
        }
    }
}
