import Vapor

/// The home dashboard (a tile per served module) and the "coming soon" page of modules not built yet.
enum ShellController {
    @Sendable static func home(_ request: Request) async throws -> Response {
        var tiles: [HomeView.Tile] = []
        for module in request.application.modules {
            guard let entry = module.menuEntry else { continue }
            var tile = HomeView.Tile(
                name: request.text("module_\(entry.rawValue)"),
                summary: request.text("module_\(entry.rawValue)_summary"),
                url: SiteURL.module(entry).path
            )
            tile.detail = try await module.homeFigure(request.context)
            tiles.append(tile)
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
