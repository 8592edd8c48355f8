import Foundation
import Vapor

/// A payment's way to the bank: created → signed (when it needs a signature) → in a file →
/// booked or rejected, each step with its date once reached.
struct PaymentLifeStep: Content, Equatable {
    enum Step: String, Codable, Sendable {
        case created, signed, inFile, booked, rejected
    }

    let step: Step
    let done: Bool
    /// YYYY-MM-DD once reached (the bank's booking day for `booked`).
    let on: String?
    /// The file's message id, the bank's reference, or the reason it was rejected.
    let detail: String?
}

extension Payment {
    /// Its steps; `file` must be loaded (`with(\.$file)`) for the day it went into a file.
    var life: [PaymentLifeStep] {
        let file = $file.value ?? nil
        func day(_ date: Date?) -> String? { date.map { String(ISO8601DateFormatter.string(from: $0, timeZone: .gmt, formatOptions: [.withFullDate])) } }
        var steps = [PaymentLifeStep(step: .created, done: true, on: day(createdAt), detail: nil)]
        if signatureRequired || signedAt != nil {
            steps.append(PaymentLifeStep(step: .signed, done: signedAt != nil, on: day(signedAt), detail: nil))
        }
        steps.append(PaymentLifeStep(step: .inFile, done: $file.id != nil, on: day(file?.createdAt), detail: file?.messageID))
        if state == .rejected {
            steps.append(PaymentLifeStep(step: .rejected, done: true, on: day(updatedAt), detail: rejectionReason))
        } else {
            steps.append(PaymentLifeStep(step: .booked, done: state == .booked, on: bookedOn, detail: bankReference))
        }
        return steps
    }
}
