import Vapor

/// Serves the styles and scripts under `Resources/Public`. Only GET/HEAD requests for `/css/…`
/// and `/js/…` with a short, plain path reach the file system: every other request goes straight
/// to the routes, so a 10,000-character path is a 404 (not the 500 of a failing `stat`) and page
/// requests cost no file lookup.
struct PublicFilesMiddleware: AsyncMiddleware {
    static let folders = ["css", "js"]
    private let files: FileMiddleware

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: nil)
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        let components = path.split(separator: "/")
        guard request.method == .GET || request.method == .HEAD, path.utf8.count <= 200, components.count == 2,
              Self.folders.contains(String(components[0])),
              components[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !components[1].hasPrefix(".")
        else { return try await next.respond(to: request) }
        return try await files.respond(to: request, chainingTo: next)
    }
}
