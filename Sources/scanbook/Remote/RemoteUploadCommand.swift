import ArgumentParser
import Crypto
import Foundation
import ScanbookClient

/// Sends a folder of receipt photos and waits until the server has read each: the command a
/// scanner's hot folder runs (with --move-to, each photo is sent once).
struct RemoteUploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Send every receipt photo (JPEG, PNG) in a folder and wait for what the server read.",
        discussion: "Prints one line per photo (or JSON with --json). Exit code 1 when any photo was refused or not read in time; a photo the server could not read is a result (state unreadable), not a failure. A photo sent before (the same bytes, within 30 days) gives its earlier receipt, not a second one."
    )

    @Option(help: "The folder of photos (.jpg, .jpeg, .png; not its subfolders).") var folder: String
    @Option(help: "Move each photo the server accepted into this folder, so the next run skips it.") var moveTo: String?
    @Option(help: "Seconds to wait for each photo's reading.") var timeout = 300
    @Option(help: "Photos sent at once.") var parallel = 2
    @Flag(help: "Print the results as JSON.") var json = false

    struct Result: Encodable {
        let file: String
        var id: String?
        var state: String?
        var merchant: String?
        var date: String?
        var total: String?
        var currency: String?
        var error: String?
    }

    func validate() throws {
        guard (1...3600).contains(timeout) else { throw ValidationError("--timeout is 1 to 3600 seconds.") }
        guard (1...8).contains(parallel) else { throw ValidationError("--parallel is 1 to 8.") }
    }

    func run() async throws {
        let client = try RemoteSettings.load().client()
        let photos = try Self.photos(in: folder)
        if let moveTo { try FileManager.default.createDirectory(atPath: moveTo, withIntermediateDirectories: true) }
        var results = [Result?](repeating: nil, count: photos.count)
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func start() {
                let index = next, photo = photos[index]
                next += 1
                group.addTask { (index, await send(photo, with: client)) }
            }
            while next < min(parallel, photos.count) { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < photos.count { start() }
            }
        }
        let finished = results.compactMap { $0 }
        try report(finished)
        if finished.contains(where: { $0.error != nil }) { throw ExitCode(1) }
    }

    private func send(_ photo: URL, with client: Client) async -> Result {
        var result = Result(file: photo.lastPathComponent)
        do {
            let data = try Data(contentsOf: photo)
            let receipt = try await client.readReceipt(photo: data, filename: photo.lastPathComponent, idempotencyKey: Self.key(data), timeout: .seconds(timeout))
            result.id = receipt.id
            result.state = receipt.state.rawValue
            result.merchant = receipt.merchant
            result.date = receipt.date
            result.total = receipt.total
            result.currency = receipt.currency
            if let moveTo {
                try FileManager.default.moveItem(at: photo, to: URL(fileURLWithPath: moveTo).appendingPathComponent(photo.lastPathComponent))
            }
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    private func report(_ results: [Result]) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
            return
        }
        for result in results {
            if let error = result.error {
                print("\(result.file)\tfailed\t\(error)")
            } else {
                let amount = [result.currency, result.total].compactMap { $0 }.joined(separator: " ")
                print([result.file, result.state ?? "", result.merchant ?? "", result.date ?? "", amount, result.id ?? ""].joined(separator: "\t"))
            }
        }
        let failed = results.filter { $0.error != nil }.count
        print("\(results.count - failed) of \(results.count) photos read.")
    }

    /// The photo's own key: the same bytes sent again (a hot folder run twice) are one receipt.
    static func key(_ photo: Data) -> String {
        "photo-" + SHA256.hash(data: photo).prefix(24).map { String(format: "%02x", $0) }.joined()
    }

    /// The folder's photos by name; an empty folder is an error, so a wrong path is noticed.
    static func photos(in folder: String) throws -> [URL] {
        let directory = URL(fileURLWithPath: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw RemoteFailure("\(folder) is not a folder that can be read.")
        }
        let photos = names.filter { ["jpg", "jpeg", "png"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted().map { directory.appendingPathComponent($0) }
        guard !photos.isEmpty else { throw RemoteFailure("\(folder) holds no .jpg, .jpeg or .png photo.") }
        return photos
    }
}
