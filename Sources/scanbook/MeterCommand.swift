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
        let strip = try Image.decode(try readImage(image))
        let result: StripReader.Result
        do {
            result = try StripReader(reader: try DigitModels.reader(named: model, secondOpinion: true)).read(strip, counter: counter)
        } catch let problem as StripReader.Problem {
            throw ValidationError(problem.description)
        }
        let output = Output(
            value: counter.format(result.steps),
            digits: result.cells.map { Output.Cell(digit: $0.digit, read: $0.read, confidence: $0.confidence, second: $0.second) },
            confidence: result.confidence
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
        let query = try MeterPhotoMatcher.prepare(try Image.decode(try readImage(photo)))
        let prepared = try references.map { try MeterPhotoMatcher.prepare(try Image.decode(try readImage($0))) }
        let (scores, decision) = try MeterPhotoMatcher.identify(query, references: prepared)
        if json {
            try printJSON(Output(best: decision.best, scores: scores, votes: decision.votes))
        } else if let best = decision.best {
            print("\(references[best]) (votes \(decision.votes[best]) of 4)")
        } else {
            print("uncertain (votes \(decision.votes.map(String.init).joined(separator: ", ")))")
        }
    }
}
