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
    static let configuration = CommandConfiguration(commandName: "match", abstract: "Rank the reference photos by how well a meter photo matches them (features, then colour).")

    @Argument(help: "The new photo.") var photo: String
    @Argument(help: "One reference photo per meter.") var references: [String]
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        struct Candidate: Encodable {
            /// Position of the reference on the command line, from 0.
            let reference: Int
            let file: String
            let matches: Int
            let scores: MeterIdentification.Scores
        }

        let best: Int?
        let certainty: Double
        /// Most likely first.
        let ranking: [Candidate]

        /// `best` is written as null when uncertain, not left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(best, forKey: .best)
            try container.encode(certainty, forKey: .certainty)
            try container.encode(ranking, forKey: .ranking)
        }

        enum CodingKeys: String, CodingKey { case best, certainty, ranking }
    }

    func run() throws {
        guard !references.isEmpty else { throw ValidationError("give at least one reference photo") }
        let query = try MeterPhotoMatcher.prepare(try Image.decode(try readImage(photo)))
        let prepared = try references.map { try MeterPhotoMatcher.prepare(try Image.decode(try readImage($0))) }
        let (evidence, ranking) = try MeterPhotoMatcher.identify(query, references: prepared)
        let candidates = ranking.order.map { Output.Candidate(reference: $0, file: references[$0], matches: evidence[$0].matches, scores: evidence[$0].scores) }
        if json {
            try printJSON(Output(best: ranking.best, certainty: ranking.certainty, ranking: candidates))
            return
        }
        let sureness = Int((ranking.certainty * 100).rounded())
        print(ranking.best.map { "\(references[$0]) (lead \(sureness) %)" } ?? "uncertain (lead \(sureness) %): choose")
        for candidate in candidates {
            print(String(format: "  %4d matches  correlation %.2f  %@", candidate.matches, candidate.scores.correlation, candidate.file))
        }
    }
}
