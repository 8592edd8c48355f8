import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// `scanbook slip IMAGE` or `scanbook slip --codeline "…"`: every QR-bill and orange slip found.
struct SlipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "slip", abstract: "Read QR-bills and orange payment slips (photo or codeline).")

    @Argument(help: "A JPEG or PNG file.") var image: String?
    @ArgumentParser.Option(help: "A codeline as printed on an orange slip, instead of a photo.") var codeline: String?
    @ArgumentParser.Option(help: "The text reader for an orange slip: tesseract or ppocr (default: SCANBOOK_OCR_ENGINE, else ppocr).") var engine: TextReaderEngine?
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let slips: [Slip]
    }

    func run() async throws {
        var slips: [Slip] = []
        if let codeline {
            slips = [Slip.fromCodeline(codeline)]
        } else if let image {
            // A QR-bill is read from its code alone: the text reader is made for an orange slip only.
            let reader = try (engine ?? .configured()).makeReaderWhenFirstUsed(threads: 1)
            defer { reader.shutdown() }
            slips = try await SlipReader().read(try readImage(image), with: reader)
        } else {
            throw ValidationError("Give an image or --codeline.")
        }
        if json {
            try printJSON(Output(slips: slips))
        } else if slips.isEmpty {
            print("No slip found.")
        } else {
            for slip in slips { print(Self.summary(slip)) }
        }
    }

    static func summary(_ slip: Slip) -> String {
        guard slip.problems.isEmpty else {
            return "\(slip.kind.rawValue): " + slip.problems.map { $0.message + ($0.correctedValue.map { " (use \($0))" } ?? "") }.joined(separator: "; ")
        }
        let amount = slip.amount.map { "\(slip.currency ?? "") \($0)" } ?? "amount open"
        let notice = slip.notification ? " — notification only, DO NOT USE FOR PAYMENT" : ""
        let notes = (slip.notes ?? []).map { " — " + $0.message }.joined()
        return "\(slip.kind.rawValue): \(slip.account ?? "") \(slip.creditor?.name ?? "") \(amount) \(slip.referenceType ?? "") \(slip.reference ?? "")\(notice)\(notes)"
    }
}
