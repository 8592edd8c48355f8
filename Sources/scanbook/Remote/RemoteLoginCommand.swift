import ArgumentParser
import Foundation
import ScanbookClient

struct RemoteLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to a server and keep its address and an API token for the other remote commands.",
        discussion: "With --token, that token (made in the web settings) is checked and kept. Otherwise --email and a password, read from SCANBOOK_PASSWORD or the first line of standard input, make a new token."
    )

    @Option(help: "The server's address, e.g. https://scan.example.org.") var server: String
    @Option(help: "An API token made in the web settings.") var token: String?
    @Option(help: "Your e-mail address, to sign in with your password.") var email: String?
    @Option(help: "The new token's name, as the web settings list it.") var tokenName = "scanbook remote"

    func run() async throws {
        let address = try RemoteSettings.serverURL(server)
        let token: String
        if let given = self.token {
            token = given
        } else if let email {
            let password = ProcessInfo.processInfo.environment["SCANBOOK_PASSWORD"] ?? readLine(strippingNewline: true) ?? ""
            guard !password.isEmpty else { throw RemoteFailure("No password: set SCANBOOK_PASSWORD or type it on standard input.") }
            token = try await ScanbookClient.connect(to: address).login(email: email, password: password, tokenName: tokenName).token
        } else {
            throw ValidationError("Give --token, or --email to sign in with a password.")
        }
        let settings = RemoteSettings(server: address.absoluteString, token: token)
        let user = try await settings.client().me()
        try settings.save()
        print("Signed in to \(address.absoluteString) as \(user.email); kept in \(RemoteSettings.file.path).")
    }
}
