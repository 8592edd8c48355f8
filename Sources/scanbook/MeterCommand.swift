import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// `scanbook meter read|match`: the meter module's recognition, offline.
struct MeterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meter", abstract: "Read a meter's digit strip or tell which meter a photo shows.",
        subcommands: [MeterReadCommand.self, MeterMatchCommand.self]
    )
}

struct MeterReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Read the counter value from a photo of its digit strip.")

    @Argument(help: "A JPEG or PNG image cropped to the digit strip.") var image: String
    @ArgumentParser.Option(help: "Digits on the counter, decimals included.") var digits: Int
    @ArgumentParser.Option(help: "How many of them are decimals.") var decimals = 0
    @ArgumentParser.Option(help: "The digit model.") var model = "meter"
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        struct Cell: Encodable {
            let digit: Int
            let read: Int
            let confidence: Double
            let second: Int
        }

        let value: String
        let digits: [Cell]
        let confidence: Double
    }

    func run() throws {
        guard let counter = MeterCounter(digits: digits, decimals: decimals) else {
            throw ValidationError("--digits must be 1…12 and --decimals 0…4 and fewer than the digits")
        }
        let reader = try DigitModels.reader(named: model)
        let strip = try Image.decode(try readImage(image)).grayscale()
        // Equal cells across the strip; the meter pages let the user adjust the crop.
        let cellWidth = strip.width / digits
        guard cellWidth >= 4 else { throw ValidationError("the strip is too narrow for \(digits) digits") }
        let cells = try (0..<digits).map { index in
            let reading = try reader.read(try strip.cropped(to: PixelRect(x: index * cellWidth, y: 0, width: cellWidth, height: strip.height)))
            return MidRollResolver.Cell(digit: Int(reading.value) ?? 0, confidence: reading.confidence, second: Int(reading.second) ?? 0)
        }
        let resolved = MidRollResolver.resolve(cells)
        let steps = resolved.reduce(0) { $0 * 10 + $1 }
        let output = Output(
            value: counter.format(steps),
            digits: zip(resolved, cells).map { Output.Cell(digit: $0, read: $1.digit, confidence: $1.confidence, second: $1.second) },
            confidence: cells.map(\.confidence).min() ?? 0
        )
        if json { try printJSON(output) } else { print("\(output.value) (confidence \(Int((output.confidence * 100).rounded())) %)") }
    }
}

struct MeterMatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "match", abstract: "Tell which reference photo a meter photo matches (HSV histograms).")

    @Argument(help: "The new photo.") var photo: String
    @Argument(help: "One reference photo per meter.") var references: [String]
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let best: Int?
        let scores: [MeterIdentification.Scores]
        let votes: [Int]

        /// `best` is written as null when uncertain, not left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(best, forKey: .best)
            try container.encode(scores, forKey: .scores)
            try container.encode(votes, forKey: .votes)
        }

        enum CodingKeys: String, CodingKey { case best, scores, votes }
    }

    func run() throws {
        guard !references.isEmpty else { throw ValidationError("give at least one reference photo") }
        // Downscaled first: colour distribution, not detail, tells meters apart, and it is faster.
        let query = try Image.decode(try readImage(photo)).resized(toFit: 400)
        let scores = try references.map { path in
            let scores = try query.compareHistograms(with: try Image.decode(try readImage(path)).resized(toFit: 400))
            return MeterIdentification.Scores(correlation: scores.correlation, chiSquare: scores.chiSquare, intersection: scores.intersection, bhattacharyya: scores.bhattacharyya)
        }
        let decision = MeterIdentification.decide(scores)
        if json {
            try printJSON(Output(best: decision.best, scores: scores, votes: decision.votes))
        } else if let best = decision.best {
            print("\(references[best]) (votes \(decision.votes[best]) of 4)")
        } else {
            print("uncertain (votes \(decision.votes.map(String.init).joined(separator: ", ")))")
        }
    }
}
