import ArgumentParser
import ScanbookCore

@main
struct Scanbook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbook",
        abstract: "Scanbook: turn photos of paper into checked, structured data.",
        discussion: "Configuration comes from environment variables (see the README); options override them.",
        version: ScanbookVersion.current,
        subcommands: [ServeCommand.self, MigrateCommand.self, UserCommand.self, OCRCommand.self, DetectCommand.self, BarcodeCommand.self, SlipCommand.self, FormCommand.self, AuditCommand.self, SecretsCommand.self, BlobsCommand.self, MaintenanceCommand.self, WorkerCommand.self, ReceiptCommand.self, DigitsCommand.self, MeterCommand.self, RemoteCommand.self, VersionCommand.self]
    )
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version.")

    func run() {
        print(ScanbookVersion.current)
    }
}
