import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Adding, correcting and deleting a meter's readings, with the plausibility check that flags a
/// suspicious value for review instead of accepting it silently; CSV export and import.
enum ReadingService {
    /// The meter's readings, oldest first.
    static func history(_ meter: Meter, on database: any Database) async throws -> [MeterReading] {
        try await MeterReading.query(on: database).filter(\.$meter.$id == meter.requireID())
            .sort(\.$takenAt).sort(\.$createdAt).all()
    }

    static func find(_ id: UUID?, of meter: Meter, on context: ServiceContext) async throws -> MeterReading {
        guard let id, let reading = try await MeterReading.query(on: context.db)
            .filter(\.$id == id).filter(\.$meter.$id == meter.requireID()).first()
        else { throw Abort(.notFound) }
        return reading
    }

    static func add(_ input: ReadingInput, to meter: Meter, on context: ServiceContext) async throws -> MeterReading {
        let ownerID = meter.$owner.id
        var problems: [LocalizedProblem] = []
        let steps = parseValue(input.value, meter: meter, mark: context.decimalMark, into: &problems)
        let takenAt = try parseTime(input.takenAt, into: &problems) ?? context.now
        let photoID = try await ownPhoto(input.photo, ownerID: ownerID, on: context.db, into: &problems)
        let crop = input.crop.flatMap { $0.isEmpty ? nil : StripCrop($0) }
        guard problems.isEmpty, let steps else { throw UserFacingError(.unprocessableEntity, problems) }

        let reading = MeterReading(meterID: try meter.requireID(), steps: steps, takenAt: takenAt, source: photoID == nil ? .manual : .photo)
        reading.$photo.id = photoID
        reading.confidence = input.confidence.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
        // Checked against the readings that count: one misread must not make the next right one look wrong.
        let earlier = try await history(meter, on: context.db).filter { $0.takenAt <= takenAt && $0.flag == nil }
        reading.flag = input.reviewed == true ? nil : flag(steps: steps, at: takenAt, after: earlier, counter: meter.counter)
        try await context.db.writeTransaction { database in
            try await reading.create(on: database)
            if let crop {
                meter.stripCrop = crop.description
                try await meter.save(on: database)
            }
        }
        return reading
    }

    /// A corrected value or time is checked again; `reviewed` clears the flag.
    static func update(_ reading: MeterReading, of meter: Meter, with input: ReadingInput, on context: ServiceContext) async throws {
        var problems: [LocalizedProblem] = []
        let steps = input.value.map { _ in parseValue(input.value, meter: meter, mark: context.decimalMark, into: &problems) } ?? reading.steps
        let takenAt = try parseTime(input.takenAt, into: &problems) ?? reading.takenAt
        let photoID = try await ownPhoto(input.photo, ownerID: meter.$owner.id, on: context.db, into: &problems)
        guard problems.isEmpty, let steps else { throw UserFacingError(.unprocessableEntity, problems) }
        let changed = steps != reading.steps || takenAt != reading.takenAt
        reading.steps = steps
        reading.takenAt = takenAt
        if let photoID { reading.$photo.id = photoID }
        if input.reviewed == true {
            reading.flag = nil
        } else if changed {
            let earlier = try await history(meter, on: context.db).filter { $0.id != reading.id && $0.takenAt <= takenAt && $0.flag == nil }
            reading.flag = flag(steps: steps, at: takenAt, after: earlier, counter: meter.counter)
        }
        try await reading.save(on: context.db)
    }

    static func delete(_ reading: MeterReading, on context: ServiceContext) async throws {
        try await reading.delete(on: context.db)
    }

    static func exportCSV(_ meter: Meter, on context: ServiceContext) async throws -> String {
        let rows = try await history(meter, on: context.db).compactMap { reading in
            CalendarDate(iso: ReadingTime.day(reading.takenAt)).map { MeterReadingsCSV.Row(date: $0, steps: reading.steps) }
        }
        return MeterReadingsCSV.encode(rows, counter: meter.counter)
    }

    /// All rows or none: a file with one bad line is refused with its problems named (the first
    /// hundred). A row equal to a reading already there (same day, same value) is skipped, so
    /// importing twice is harmless. Each row is checked against the readings before it, old and
    /// imported, in one pass over the merged history.
    static func importCSV(_ text: String, into meter: Meter, on context: ServiceContext) async throws -> CSVImportResultDTO {
        let rows: [MeterReadingsCSV.Row]
        do {
            rows = try MeterReadingsCSV.decode(text, counter: meter.counter, maximumRows: context.scanbookConfig.csvMaximumRows)
        } catch let problems as MeterReadingsCSV.Problems {
            throw UserFacingError(csv: problems, key: "meters_csvProblem")
        } catch let problem as CSVTable.ParseError {
            throw UserFacingError(.unprocessableEntity, "meters_csvProblem", ["line": "\(problem.line)", "reason": problem.reason])
        }
        guard !rows.isEmpty else { throw UserFacingError(.unprocessableEntity, "meters_csvEmpty") }
        let meterID = try meter.requireID()
        let existing = try await history(meter, on: context.db)
        var seen = Set(existing.map { "\(ReadingTime.day($0.takenAt))|\($0.steps)" })
        var added: [MeterReading] = []
        var skipped = 0
        for row in rows.sorted(by: { $0.date < $1.date }) {
            guard seen.insert("\(row.date)|\(row.steps)").inserted,
                  let takenAt = ReadingTime.parse(row.date.description) else { skipped += 1; continue }
            added.append(MeterReading(meterID: meterID, steps: row.steps, takenAt: takenAt, source: .import))
        }
        // Old readings first among equal times, as a reading saved earlier came before.
        let merged = (existing.map { ($0, false) } + added.map { ($0, true) })
            .enumerated().sorted { ($0.element.0.takenAt, $0.element.1 ? 1 : 0, $0.offset) < ($1.element.0.takenAt, $1.element.1 ? 1 : 0, $1.offset) }
            .map(\.element)
        let flags = ReadingPlausibility().flags(sequence: merged.map { (day: dayNumber($0.0.takenAt), steps: $0.0.steps) }, counter: meter.counter)
        for ((reading, isNew), readingFlags) in zip(merged, flags) where isNew {
            reading.flag = readingFlags.first.map(MeterReading.Flag.init)
        }
        let readings = added
        try await context.db.writeTransaction { database in
            // Batched: one statement per 500 rows instead of one per row.
            for start in stride(from: 0, to: readings.count, by: 500) {
                try await Array(readings[start..<min(start + 500, readings.count)]).create(on: database)
            }
        }
        let flagged = readings.filter { $0.flag != nil }.count
        return CSVImportResultDTO(imported: readings.count, skipped: skipped, flagged: flagged)
    }

    static func dayNumber(_ date: Date) -> Int {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        return days.isFinite ? Int(max(-1e9, min(1e9, days))) : 0
    }

    /// Why a value read at `time` should be reviewed, given the readings before it.
    static func flag(steps: Int, at time: Date, after earlier: [MeterReading], counter: MeterCounter) -> MeterReading.Flag? {
        let flags = ReadingPlausibility().flags(
            history: earlier.map { (day: dayNumber($0.takenAt), steps: $0.steps) }, new: (day: dayNumber(time), steps: steps), counter: counter
        )
        return flags.first.map(MeterReading.Flag.init)
    }

    /// The user's own stored photo named by `text` (nil when none is named); anything else is a
    /// problem, so no one can attach another user's file or a made-up id.
    private static func ownPhoto(_ text: String?, ownerID: UUID, on database: any Database, into problems: inout [LocalizedProblem]) async throws -> UUID? {
        guard let text, !text.isEmpty else { return nil }
        if let id = UUID(uuidString: text), try await StoredBlob.query(on: database).filter(\.$id == id).filter(\.$owner.$id == ownerID).first() != nil {
            return id
        }
        problems.append(.init(key: "meters_unknownPhoto"))
        return nil
    }

    private static func parseValue(_ text: String?, meter: Meter, mark: DecimalMark, into problems: inout [LocalizedProblem]) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            problems.append(.init(key: "meters_valueRequired"))
            return nil
        }
        guard let steps = meter.counter.parse(text, mark: mark) else {
            problems.append(.init(key: "meters_invalidValue", arguments: [
                "value": text, "example": meter.counter.format(meter.counter.rollover - 1),
            ]))
            return nil
        }
        return steps
    }

    private static func parseTime(_ text: String?, into problems: inout [LocalizedProblem]) throws -> Date? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let date = ReadingTime.parse(text) else {
            problems.append(.init(key: "meters_invalidTime", arguments: ["value": text]))
            return nil
        }
        return date
    }
}

extension MeterReading.Flag {
    init(_ flag: ReadingPlausibility.Flag) {
        self = switch flag {
        case .lowerThanBefore: .lowerThanBefore
        case .unusualRate: .unusualRate
        case .sameDayAsPrevious: .sameDay
        }
    }
}
