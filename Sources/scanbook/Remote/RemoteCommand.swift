import ArgumentParser

/// `scanbook remote …`: a client of a running server, for scripts and a scanner's hot folder.
struct RemoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Work with a Scanbook server over its API: sign in, send a folder of receipt photos, export CSVs.",
        discussion: """
        The server and token come from `scanbook remote login` (kept in ~/.config/scanbook/remote.json, \
        readable only by you), or from SCANBOOK_SERVER and SCANBOOK_TOKEN, which take precedence.
        """,
        subcommands: [RemoteLoginCommand.self, RemoteUploadCommand.self, RemoteExportCommand.self]
    )
}
