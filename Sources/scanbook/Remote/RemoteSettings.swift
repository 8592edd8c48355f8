import Foundation
import ScanbookClient

/// Where `scanbook remote` finds its server and token: SCANBOOK_SERVER and SCANBOOK_TOKEN, else the
/// file `scanbook remote login` wrote.
struct RemoteSettings: Codable, Equatable {
    var server: String
    var token: String

    static var file: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SCANBOOK_REMOTE_CONFIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return base.appendingPathComponent("scanbook/remote.json")
    }

    static func load() throws -> RemoteSettings {
        let environment = ProcessInfo.processInfo.environment
        if let server = environment["SCANBOOK_SERVER"], let token = environment["SCANBOOK_TOKEN"], !server.isEmpty, !token.isEmpty {
            return RemoteSettings(server: server, token: token)
        }
        guard let data = try? Data(contentsOf: file) else {
            throw RemoteFailure("Not signed in: run `scanbook remote login --server URL`, or set SCANBOOK_SERVER and SCANBOOK_TOKEN.")
        }
        do { return try JSONDecoder().decode(RemoteSettings.self, from: data) } catch {
            throw RemoteFailure("\(file.path) cannot be read (\(error)); run `scanbook remote login` again.")
        }
    }

    /// Written readable by the owner only: the token signs in as them.
    func save() throws {
        let file = Self.file
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try encoder.encode(self).write(to: file)
    }

    /// The server's root as a URL; only http and https.
    static func serverURL(_ text: String) throws -> URL {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw RemoteFailure("\(text) is not a server address (http:// or https:// and a host).")
        }
        return url
    }

    func client() throws -> Client {
        ScanbookClient.connect(to: try Self.serverURL(server), token: token)
    }
}

/// A failure `scanbook remote` reports in one line, exit code 1.
struct RemoteFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
