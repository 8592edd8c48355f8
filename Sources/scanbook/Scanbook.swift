import ArgumentParser
import ScanbookCore
import ScanbookOCR

@main
struct Scanbook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbook",
        abstract: "Scanbook: turn photos of paper into checked, structured data.",
        discussion: "Configuration comes from environment variables (see the README); options override them.",
        version: ScanbookVersion.current,
        subcommands: [ServeCommand.self, MigrateCommand.self, UserCommand.self, OCRCommand.self, DetectCommand.self, BarcodeCommand.self, SlipCommand.self, FormCommand.self, AuditCommand.self, SecretsCommand.self, BlobsCommand.self, MaintenanceCommand.self, WorkerCommand.self, ReceiptCommand.self, DigitsCommand.self, MeterCommand.self, RemoteCommand.self, VersionCommand.self]
    )

    static func main() async {
        // Restarting with OpenMP held to one thread costs a second program start (70 ms): only a
        // command that may read with Tesseract pays it.
        let command = try? parseAsRoot(Array(CommandLine.arguments.dropFirst()))
        if (command as? ChoosesItsTextReader)?.readsWithTesseract != false {
            OpenMPThreads.restartWithOneThreadIfNeeded()
        }
        await main(nil)
    }
}

/// A command that reads with one text reader, known once its arguments are parsed.
protocol ChoosesItsTextReader {
    var engine: TextReaderEngine? { get }
}

extension ChoosesItsTextReader {
    /// Whether Tesseract reads (an unknown `SCANBOOK_OCR_ENGINE` counts: the command reports it).
    var readsWithTesseract: Bool {
        (try? engine ?? .configured()) != .ppocr
    }
}

extension OCRCommand: ChoosesItsTextReader {}
extension ReceiptCommand: ChoosesItsTextReader {}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version.")

    func run() {
        print(ScanbookVersion.current)
    }
}
