import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// An orange slip is read with the configured text reader (PP-OCR unless `SCANBOOK_OCR_ENGINE`
/// says otherwise), which reads its address block better (docs/benchmarks.md). The fixture is
/// photo 001 of `Tools/docgen/generate_slips.py --seed 1`: Tesseract reads its creditor as
/// "Garage Miller GmbH", PP-OCR as printed.
@Suite struct OrangeSlipReaderTests {
    @Test(arguments: TestDatabase.available)
    func theCreditorIsReadWithTheConfiguredReader(_ database: TestDatabase) async throws {
        try await withAnna(database, configure: { $0.ocrEngine = .ppocr }) { app, anna in
            app.startCaptureWorkers()
            try await anna.get(PaymentsURL.index.path)
            let photo = FormFile(filename: "orange-slip.jpg", contentType: "image/jpeg", bytes: try Fixtures.bytes("orange-slip-mueller.jpg"))
            let (capture, _) = try await PaymentFlowTests.readSlip(photo, by: anna, on: app)
            #expect(capture.status == .done)
            #expect(capture.recognizedText?.hasPrefix("Garage Müller GmbH") == true, "\(capture.recognizedText ?? "nothing read")")
            let result = try JSONDecoder().decode(SlipCaptureResult.self, from: Data(try #require(capture.result).utf8))
            let slip = try #require(result.slips.first)
            #expect(slip.kind == .esr && slip.problems.isEmpty)
            #expect(slip.creditor?.name == "Garage Müller GmbH" && slip.creditor?.street == "Postfach")
            #expect(slip.creditor?.postalCode == "3098" && slip.creditor?.town == "Köniz" && slip.creditor?.country == "CH")
        }
    }
}
