import Foundation
import Testing
@testable import ScanbookServer

/// Issue 47: a scan without a title of its own is named by what the reader understood, never by
/// OCR noise; with nothing readable, by its kind and date.
@Suite struct CaptureTitleTests {
    static func capture(_ text: String?) -> Capture {
        let capture = Capture(ownerID: UUID(), kind: .document, blobID: UUID())
        capture.recognizedText = text
        capture.createdAt = Date(timeIntervalSince1970: 1_795_165_200)  // 2026-11-20 05:00 UTC
        return capture
    }

    @Test func noiseIsNotATitle() {
        #expect(Self.capture("Auen D nd\nMIGROS Filiale Bahnhof\nTOTAL 12.50").displayTitle(kindLabel: "Document", locale: "en") == "MIGROS Filiale Bahnhof")
        #expect(Self.capture("Invoice 100% paid_ok").displayTitle(kindLabel: "Document", locale: "en") == "Invoice 100% paid_ok")
        let untitled = Self.capture("Auen D nd\n12.50\n~ ~").displayTitle(kindLabel: "Document", locale: "en")
        #expect(untitled.hasPrefix("Document · ") && untitled.contains("2026"), "\(untitled)")
        #expect(Self.capture(nil).displayTitle(kindLabel: "Receipt", locale: "en").hasPrefix("Receipt · "))
    }
}
