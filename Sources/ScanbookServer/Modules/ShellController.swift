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
