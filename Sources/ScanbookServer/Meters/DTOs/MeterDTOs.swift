import Foundation
import ScanbookCore
import ScanbookOCR
import Vapor

struct MeterDTO: Content {
    let id: UUID
    let name: String
    let kind: String
    let unit: String
    let digits: Int
    let decimals: Int
    let pricePerUnit: String?
    let referencePhoto: String?
    let counterWindow: String?
    let lastReading: ReadingDTO?

    init(_ meter: Meter, last: MeterReading?) throws {
        id = try meter.requireID()
        name = meter.name
        kind = meter.kind.rawValue
        unit = meter.unit
        digits = meter.digits
        decimals = meter.decimals
        pricePerUnit = meter.price?.description
        referencePhoto = meter.$reference.id.map { SiteURL.blob(id: $0).path }
        counterWindow = meter.window?.description
        lastReading = try last.map { try ReadingDTO($0, counter: meter.counter, consumption: nil) }
    }
}

struct ReadingDTO: Content {
    let id: UUID
    let value: String
    let takenAt: Date
    let source: String
    let photo: String?
    let confidence: Double?
    /// Why the reading waits for review, or null.
    let flag: String?
    /// Used since the previous reading (null for the first, or when the counter went down).
    let consumption: String?

    init(_ reading: MeterReading, counter: MeterCounter, consumption: Int?) throws {
        id = try reading.requireID()
        value = counter.format(reading.steps)
        takenAt = reading.takenAt
        source = reading.source.rawValue
        photo = reading.$photo.id.map { SiteURL.blob(id: $0).path }
        confidence = reading.confidence
        flag = reading.flag?.rawValue
        self.consumption = consumption.map(counter.format)
    }
}

struct IdentificationDTO: Content {
    struct Candidate: Content {
        let meter: UUID
        let name: String
        /// Features of the photo that agree with this meter's reference photo.
        let matches: Int
        let scores: MeterIdentification.Scores
    }

    /// The identified meter, or null when uncertain (ask the user).
    let meter: UUID?
    let photo: UUID
    /// How far the first candidate leads the second, 0…1.
    let certainty: Double
    /// Most likely first.
    let candidates: [Candidate]
}

struct StripReadingDTO: Content {
    struct Digit: Content {
        let digit: Int
        let read: Int
        let confidence: Double
        let second: Int
    }

    let value: String
    let digits: [Digit]
    let confidence: Double

    init(_ result: StripReader.Result, counter: MeterCounter) {
        value = counter.format(result.steps)
        digits = result.cells.map { Digit(digit: $0.digit, read: $0.read, confidence: $0.confidence, second: $0.second) }
        confidence = result.confidence
    }
}

struct ConsumptionDTO: Content {
    struct Bucket: Content {
        /// First day of the bucket (a day or a month).
        let start: String
        let used: String?
        let cost: String?
    }

    let unit: String
    let granularity: String
    let buckets: [Bucket]
    let total: String
    let totalCost: String?
}

struct CSVImportResultDTO: Content {
    let imported: Int
    let skipped: Int
    let flagged: Int
}
