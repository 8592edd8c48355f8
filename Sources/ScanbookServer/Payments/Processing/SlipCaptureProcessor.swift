import Foundation
import ScanbookCore
import ScanbookOCR

/// The `slip` kind: every QR-bill's code on the photo, else an orange slip's codeline with all its
/// check digits verified (`SlipReader`). Nothing is applied to payments: the person checks the
/// filled-in form and confirms it, so a photo never becomes a payment by itself.
struct SlipCaptureProcessor: CaptureProcessor {
    let kind = CaptureKind.slip

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let slips = try await SlipReader().read(job.bytes, with: context.engineRecognizer, work: context.application.imageWork)
        return try CaptureOutcome(SlipCaptureResult(slips: slips), recognizedText: slips.map(Self.summary).joined(separator: "\n"))
    }

    /// What the scan list shows and search finds: who is paid, how much, with which reference.
    static func summary(_ slip: Slip) -> String {
        [slip.creditor?.name, slip.amount.map { [slip.currency, $0].compactMap { $0 }.joined(separator: " ") }, slip.reference]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

extension CaptureKind {
    static let slip = CaptureKind("slip")
}

/// The stored result of a `slip` capture: the slips found, the first one first; empty when the
/// photo shows none.
struct SlipCaptureResult: Codable, Sendable {
    let slips: [Slip]
}
