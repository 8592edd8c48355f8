import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import Testing

/// Two photographed cover sheets (one with a corner cut off by the frame) filled with MNIST digits
/// the model never trained on: every region read right, links hold, student from the roster.
@Suite struct FormScannerTests {
    struct Truth: Decodable {
        let values: [String: String]
        let student: Roster.Student
    }

    @Test(arguments: ["000", "003"])
    func aPhotographedFormIsReadField(_ name: String) async throws {
        let scanner = try FormTemplateLoader.scanner(templateFile: Fixtures.directory.appendingPathComponent("forms/template/template.json").path)
        let truth = try JSONDecoder().decode(Truth.self, from: Data(Fixtures.bytes("forms/\(name).json")))
        let pool = TesseractPool(threads: 1)
        defer { pool.shutdown() }
        let result = try await scanner.scan([try Fixtures.image("forms/\(name).jpg")], recognizer: pool)
        #expect(result.pages.first?.method == "features")
        let values = Dictionary(result.regions.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values == truth.values)
        #expect(result.links.allSatisfy { $0.ok })
        #expect(result.student == truth.student)
    }

    @Test func aCellWithoutInkIsEmptyAndInkOfEitherPolarityIsCentred() {
        let paper = [UInt8](repeating: 230, count: 40 * 50)
        #expect(HandwrittenCell.normalize(paper, width: 40, height: 50) == nil)
        var stroke = paper
        for y in 12..<40 { for x in 18..<23 { stroke[y * 40 + x] = 30 } }
        let dark = HandwrittenCell.normalize(stroke, width: 40, height: 50)
        let light = HandwrittenCell.normalize(stroke.map { 255 - $0 }, width: 40, height: 50)
        #expect(dark != nil && dark == light, "ink is what differs from the paper")
        if let dark {
            // White ink on black, the stroke 20 px tall in the middle of 28.
            let rows = (0..<28).filter { row in (0..<28).contains { dark[row * 28 + $0] > 128 } }
            #expect(rows.count == 20 && (4...5).contains(rows.first ?? 0))
        }
    }
}
