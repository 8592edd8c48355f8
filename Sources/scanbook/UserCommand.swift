import ArgumentParser
import Foundation
import ScanbookServer

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage accounts.",
        subcommands: [Add.self, List.self, SetPassword.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Create an account (the password is asked for unless given).")

        @Option(help: "Display name.") var name: String
        @Option(help: "E-mail address (the login).") var email: String
        @Option(help: "Password; prefer the prompt or standard input, which keep it out of the shell history.") var password: String?
        @Flag(help: "Make the account an administrator.") var admin = false

        func run() async throws {
            let password = try self.password ?? readPassword(prompt: "Password for \(email): ")
            try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                let account = try await app.addAccount(name: name, email: email, password: password, isAdmin: admin)
                print("Created \(account.isAdmin ? "administrator" : "user") \(account.email).")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List all accounts.")

        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                let accounts = try await app.listAccounts()
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    encoder.dateEncodingStrategy = .iso8601
                    print(String(decoding: try encoder.encode(accounts), as: UTF8.self))
                    return
                }
                guard !accounts.isEmpty else { return print("No accounts.") }
                let width = accounts.map(\.email.count).max() ?? 5
                for account in accounts {
                    let email = account.email.padding(toLength: width, withPad: " ", startingAt: 0)
                    print("\(email)  \(account.isAdmin ? "admin" : "user ")  \(account.name)")
                }
            }
        }
    }

    struct SetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-password", abstract: "Set an account's password.")

        @Argument(help: "E-mail address of the account.") var email: String
        @Option(help: "New password; prefer the prompt or standard input.") var password: String?

        func run() async throws {
            let password = try self.password ?? readPassword(prompt: "New password for \(email): ")
            try await ScanbookApp.run(ScanbookApp.quiet(try ScanbookApp.loadConfig())) { app in
                try await app.migrateScanbook()
                try await app.setAccountPassword(email: email, to: password)
                print("Password of \(email) changed.")
            }
        }
    }
}
