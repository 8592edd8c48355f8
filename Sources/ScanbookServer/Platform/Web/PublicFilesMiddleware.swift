import Vapor

/// Serves the styles, scripts and icons under `Resources/Public`, and at the root the web app's
/// manifest and service worker (a worker controls only the paths below its own). Only GET/HEAD
/// requests for those files with a short, plain path reach the file system: every other request goes straight
/// to the routes, so a 10,000-character path is a 404 (not the 500 of a failing `stat`) and page
/// requests cost no file lookup.
struct PublicFilesMiddleware: AsyncMiddleware {
    static let folders = ["css", "js", "icons"]
    static let rootFiles: Set<String> = ["sw.js", "manifest.json"]
    private let files: FileMiddleware

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: nil)
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        let components = path.split(separator: "/")
        if request.method == .GET || request.method == .HEAD, components.count == 1, Self.rootFiles.contains(String(components[0])) {
            return try await files.respond(to: request, chainingTo: next)
        }
        guard request.method == .GET || request.method == .HEAD, path.utf8.count <= 200, components.count == 2,
              Self.folders.contains(String(components[0])),
              components[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !components[1].hasPrefix(".")
        else { return try await next.respond(to: request) }
        return try await files.respond(to: request, chainingTo: next)
    }
}
