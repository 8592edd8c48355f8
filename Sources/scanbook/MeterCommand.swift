import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// `scanbook meter read|match`: the meter module's recognition, offline.
struct MeterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meter", abstract: "Read a meter's digit strip or tell which meter a photo shows.",
        subcommands: [MeterReadCommand.self, MeterMatchCommand.self]
    )
}

struct MeterReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read the counter value from a photo of its digit strip, or from a whole photo of the meter.",
        discussion: """
            With --reference the image is a whole photo: it is aligned to the meter's reference photo and the \
            counter window (--window, else found on the reference) is cut out and read; when too few \
            features agree, the counter is looked for in the photo itself.
            """
    )

    @Argument(help: "A JPEG or PNG image: the digit strip, or with --reference the whole meter.") var image: String
    @ArgumentParser.Option(help: "The meter's reference photo (straight on): read IMAGE as a whole photo.") var reference: String?
    @ArgumentParser.Option(help: "The counter window on the reference: x,y,width,height in pixels (default: found).") var window: String?
    @ArgumentParser.Option(help: "Digits on the counter, decimals included (default with --reference: as found).") var digits: Int?
    @ArgumentParser.Option(help: "How many of them are decimals (default: as shown by a decimal mark, else 0).") var decimals: Int?
    @ArgumentParser.Option(help: "The digit model.") var model = "meter"
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        struct Cell: Encodable {
            let digit: Int
            let read: Int
            let confidence: Double
            let second: Int
            let unsure: Bool
        }

        let value: String
        let digits: [Cell]
        let confidence: Double
        /// Positions (0 = leftmost) not to be taken as read.
        let unsure: [Int]
        /// "strip", "aligned" or "found"; the window in the reference's pixels (aligned, or given)
        /// or the photo's (found).
        let method: String
        let window: PixelRect?
        let inliers: Int?
        let secondReading: String?
        let ms: Int
    }

    func run() async throws {
        let start = ContinuousClock.now
        let strips = StripReader(reader: try DigitModels.reader(named: model, secondOpinion: true))
        let output: Output
        do {
            if let reference {
                output = try await readWholePhoto(reference: reference, strips: strips, start: start)
            } else {
                guard let counter = MeterCounter(digits: digits ?? 0, decimals: decimals ?? 0) else { throw Self.counterError }
                let result = try strips.read(try Image.decode(try readImage(image)), counter: counter)
                let checked = CounterDigitCheck.combine(result.checkCells, second: nil)
                output = Self.output(result, digits: checked.digits, counter: counter, unsure: checked.unsure, method: "strip", window: nil, inliers: nil, second: nil, start: start)
            }
        } catch let problem as StripReader.Problem {
            throw ValidationError(problem.description)
        }
        if json {
            try printJSON(output)
        } else {
            let marks = output.unsure.isEmpty ? "" : ", unsure digits at \(output.unsure.map { String($0 + 1) }.joined(separator: ", "))"
            print("\(output.value) (confidence \(Int((output.confidence * 100).rounded())) %\(marks); \(output.method))")
        }
    }

    private static let counterError = ValidationError("--digits must be 1…12 and --decimals 0…4 and fewer than the digits")

    private func readWholePhoto(reference path: String, strips: StripReader, start: ContinuousClock.Instant) async throws -> Output {
        let textReader = try TextReaderEngine.configured().makeReader(threads: 1)
        defer { textReader.shutdown() }
        let reader = MeterPhotoReader(strips: strips, text: textReader)
        let photo = try Image.decode(try readImage(image))
        let reference = try Image.decode(try readImage(path))
        var window: PixelRect?
        var found: MeterPhotoReader.Window?
        if let text = self.window {
            let parts = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts[0] >= 0, parts[1] >= 0, parts[2] > 0, parts[3] > 0,
                  parts[0] < reference.width, parts[1] < reference.height
            else { throw ValidationError("--window must be x,y,width,height inside the reference photo") }
            window = PixelRect(x: parts[0], y: parts[1], width: min(parts[2], reference.width - parts[0]), height: min(parts[3], reference.height - parts[1]))
        } else {
            found = try await reader.findWindow(in: reference, expectedDigits: digits)
            window = found?.box
        }
        guard let counter = MeterCounter(
            digits: digits ?? found?.line?.digits.count ?? found?.cells ?? 0, decimals: decimals ?? found?.line?.decimalsShown ?? 0
        ) else { throw window == nil ? ValidationError("no counter found on the reference photo: give --window and --digits") : Self.counterError }
        guard let reading = try await reader.read(photo, reference: reference, window: window, counter: counter) else {
            throw ValidationError("no counter found in the photo")
        }
        return Self.output(
            reading.strip, digits: reading.digits, counter: counter, unsure: reading.unsure, method: reading.method.rawValue,
            window: reading.method == .aligned ? window : reading.window, inliers: reading.inliers, second: reading.secondReading, start: start
        )
    }

    private static func output(
        _ result: StripReader.Result, digits: [Int], counter: MeterCounter, unsure: [Int], method: String, window: PixelRect?, inliers: Int?, second: String?,
        start: ContinuousClock.Instant
    ) -> Output {
        Output(
            value: counter.format(MeterCounter.steps(digits)),
            digits: zip(result.cells, digits).enumerated().map { index, pair in
                let (cell, digit) = pair
                return Output.Cell(digit: digit, read: cell.read, confidence: cell.confidence, second: cell.second, unsure: unsure.contains(index))
            },
            confidence: result.confidence, unsure: unsure, method: method, window: window, inliers: inliers, secondReading: second,
            ms: Int((ContinuousClock.now - start).milliseconds.rounded())
        )
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
