import Fluent
import Foundation
import ScanbookCore
import Vapor

/// `/api/v1/meters…`: the same services as the pages, answering JSON (CSV for readings.csv).
enum MeterAPIController {
    @Sendable static func list(_ request: Request) async throws -> [MeterDTO] {
        let overview = try await ReadingService.overview(ownerID: try request.auth.require(User.self).requireID(), on: request.db)
        return try await MeterService.all(on: request.context).map { try MeterDTO($0, last: overview.latest[try $0.requireID()]) }
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let meter = try await MeterService.create(try request.content.decode(MeterInput.self).changes, reference: nil, on: request.context)
        return try await request.created(MeterDTO(meter, last: nil), at: MetersAPIRoute.meter(id: meter.id))
    }

    @Sendable static func show(_ request: Request) async throws -> MeterDTO {
        let meter = try await meter(request)
        return try MeterDTO(meter, last: try await ReadingService.history(meter, on: request.db).last)
    }

    @Sendable static func update(_ request: Request) async throws -> MeterDTO {
        let meter = try await meter(request)
        try await MeterService.update(meter, with: try request.content.decode(MeterInput.self).changes, on: request.context)
        return try await show(request)
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        try await MeterService.delete(try await meter(request), on: request.context)
        return .noContent
    }

    @Sendable static func setReference(_ request: Request) async throws -> MeterDTO {
        let meter = try await meter(request)
        try await MeterService.setReference(meter, photo: try request.content.decode(PhotoUploadForm.self).photo, on: request.context)
        return try await show(request)
    }

    @Sendable static func identify(_ request: Request) async throws -> IdentificationDTO {
        let found = try await MeterRecognitionService.identify(try request.content.decode(PhotoUploadForm.self).photo, on: request.context)
        return IdentificationDTO(meter: found.meterID, photo: found.photo, certainty: found.certainty, candidates: found.candidates)
    }

    /// Reads the counter from a strip photo (`strip`), cropped first when x, y, w and h are given.
    @Sendable static func read(_ request: Request) async throws -> StripReadingDTO {
        let meter = try await meter(request)
        let form = try request.content.decode(StripReadForm.self)
        let strip = try request.requireFile(form.strip)
        if form.x != nil || form.y != nil || form.w != nil || form.h != nil, form.crop == nil {
            throw UserFacingError(.unprocessableEntity, "meters_invalidCrop")
        }
        let bytes = try request.checkImageUpload(strip, minimumSide: 16).bytes
        let result = try await MeterRecognitionService.readStrip(bytes, crop: form.crop, meter: meter, on: request.context)
        return StripReadingDTO(result, counter: meter.counter)
    }

    @Sendable static func readings(_ request: Request) async throws -> Response {
        let meter = try await meter(request)
        let report = MeterReport(meter: meter, readings: try await ReadingService.history(meter, on: request.db), period: .last30Days(endingOn: request.today))
        return try await request.paginated(try report.rows.map { try ReadingDTO($0.reading, counter: meter.counter, consumption: $0.used) })
    }

    @Sendable static func addReading(_ request: Request) async throws -> Response {
        let meter = try await meter(request)
        let reading = try await ReadingService.add(try request.content.decode(ReadingInput.self), to: meter, on: request.context)
        return try await request.created(ReadingDTO(reading, counter: meter.counter, consumption: nil), at: MetersAPIRoute.reading(id: meter.id, reading: reading.id))
    }

    @Sendable static func updateReading(_ request: Request) async throws -> ReadingDTO {
        let meter = try await meter(request)
        let reading = try await ReadingService.find(request.id(.reading), of: meter, on: request.context)
        try await ReadingService.update(reading, of: meter, with: try request.content.decode(ReadingInput.self), on: request.context)
        return try ReadingDTO(reading, counter: meter.counter, consumption: nil)
    }

    @Sendable static func deleteReading(_ request: Request) async throws -> HTTPStatus {
        let meter = try await meter(request)
        try await ReadingService.delete(try await ReadingService.find(request.id(.reading), of: meter, on: request.context), on: request.context)
        return .noContent
    }

    @Sendable static func consumption(_ request: Request) async throws -> ConsumptionDTO {
        let meter = try await meter(request)
        let period = try MeterReport.period(try request.query.decode(ConsumptionQuery.self), today: request.today)
        let report = MeterReport(meter: meter, readings: try await ReadingService.history(meter, on: request.db), period: period)
        let counter = meter.counter
        return ConsumptionDTO(
            unit: meter.unit, granularity: period.granularity.rawValue,
            buckets: report.buckets.map { .init(start: $0.start.description, used: $0.used.map(counter.format), cost: $0.used.flatMap(report.cost)?.description) },
            total: counter.format(report.totalUsed), totalCost: report.cost(report.totalUsed)?.description
        )
    }

    @Sendable static func exportCSV(_ request: Request) async throws -> Response {
        let meter = try await meter(request)
        return ReadingWebController.csvResponse(try await ReadingService.exportCSV(meter, on: request.context), meter: meter)
    }

    /// The body is the CSV itself (text/csv).
    @Sendable static func importCSV(_ request: Request) async throws -> CSVImportResultDTO {
        let meter = try await meter(request)
        guard let body = request.body.data, let text = body.getString(at: body.readerIndex, length: body.readableBytes), !text.isEmpty else {
            throw UserFacingError(.unprocessableEntity, "meters_csvEmpty")
        }
        return try await ReadingService.importCSV(text, into: meter, on: request.context)
    }

    private static func meter(_ request: Request) async throws -> Meter {
        try await MeterService.find(request.id(.meter), on: request.context)
    }
}
