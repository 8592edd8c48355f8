import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// `scanbook digits IMAGE...`: one digit per image with the trained digit reader. The model is
/// loaded once, so thousands of files in one call take seconds.
struct DigitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "digits", abstract: "Read single digit images with the trained digit reader.")

    @Argument(help: "JPEG or PNG images of one digit each.") var images: [String]
    @ArgumentParser.Option(help: "The digit model (\(DigitModels.available.joined(separator: ", "))).") var model = "meter"
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let file: String
        let digit: Int?
        let confidence: Double?
        let second: Int?
        let error: String?

        /// Every key always present (null when unknown), so scripts can index without checking.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(digit, forKey: .digit)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(second, forKey: .second)
            try container.encode(error, forKey: .error)
        }

        enum CodingKeys: String, CodingKey { case file, digit, confidence, second, error }
    }

    func run() throws {
        let reader = try DigitModels.reader(named: model)
        var results: [Output] = []
        results.reserveCapacity(images.count)
        for file in images {
            do {
                let image = try Image.decode(try readImage(file))
                // Handwriting is laid out as the model learnt it (MNIST); a blank image is no digit.
                guard let reading = model == "handwritten" ? try reader.readHandwritten(image) : try reader.read(image) else {
                    results.append(Output(file: file, digit: nil, confidence: nil, second: nil, error: "no digit (the image is blank)"))
                    continue
                }
                results.append(Output(file: file, digit: Int(reading.value), confidence: reading.confidence, second: Int(reading.second), error: nil))
            } catch {
                // One unreadable file is reported in its place; the others are still read.
                results.append(Output(file: file, digit: nil, confidence: nil, second: nil, error: String(describing: error)))
            }
        }
        if json {
            try printJSON(results)
        } else {
            for result in results {
                if let digit = result.digit, let confidence = result.confidence {
                    print("\(result.file): \(digit) (\(Int((confidence * 100).rounded())) %)")
                } else {
                    print("\(result.file): \(result.error ?? "unreadable")")
                }
            }
        }
        if results.contains(where: { $0.error != nil }) { throw ExitCode(1) }
    }
}
