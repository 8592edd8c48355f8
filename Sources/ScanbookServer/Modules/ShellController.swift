import Vapor

/// The home dashboard and the module pages. Each module replaces its "coming soon" page with its
/// own controller when it lands.
enum ShellController {
    @Sendable static func home(_ request: Request) async throws -> Response {
        var tiles = Module.allCases.map { module in
            HomeView.Tile(
                name: request.text("module_\(module.rawValue)"),
                summary: request.text("module_\(module.rawValue)_summary"),
                url: SiteURL.module(module).path
            )
        }
        if let index = tiles.firstIndex(where: { $0.url == SiteURL.module(.receipts).path }) {
            tiles[index].detail = try await ReceiptPresentation.homeFigure(request)
        }
        if let index = tiles.firstIndex(where: { $0.url == SiteURL.module(.meters).path }) {
            tiles[index].detail = try await MeterPresentation.homeFigure(request)
        }
        // Invitations wait for an answer: the first page after signing in says so.
        let invitations = try await InvitationService.pending(for: request).count
        if invitations > 0, let index = tiles.firstIndex(where: { $0.url == SiteURL.module(.lists).path }) {
            tiles[index].detail = request.text("lists_invitations_waiting", ["count": "\(invitations)"])
        }
        return try await request.renderPage("Shell/home", title: "home_title", content: HomeView(tiles: tiles))
    }

    static func comingSoon(_ module: Module) -> @Sendable (Request) async throws -> Response {
        { request in
            try await request.renderPage(
                "Shell/coming-soon", title: "module_\(module.rawValue)",
                content: ComingSoonView(
                    module: request.text("module_\(module.rawValue)"),
                    summary: request.text("module_\(module.rawValue)_summary")
                ),
                activeModule: module
            )
        }
    }
}
