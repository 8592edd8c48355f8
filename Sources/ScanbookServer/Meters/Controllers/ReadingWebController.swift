import Foundation
import ScanbookCore
import Vapor

/// A meter's readings on its page: typed in, corrected, reviewed, deleted; CSV out and in.
enum ReadingWebController {
    @Sendable static func add(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        return try await request.change {
            let reading = try await ReadingService.add(try request.content.decode(ReadingInput.self), to: meter, on: request.context)
            flashSaved(reading, request)
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await MeterWebController.renderShow(meter, request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        let reading = try await ReadingService.find(request.id(.reading), of: meter, on: request.context)
        return try await request.change {
            try await ReadingService.update(reading, of: meter, with: try request.content.decode(ReadingInput.self), on: request.context)
            flashSaved(reading, request)
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await MeterWebController.renderShow(meter, request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        let reading = try await ReadingService.find(request.id(.reading), of: meter, on: request.context)
        try await ReadingService.delete(reading, on: request.context)
        request.flash(.success, request.text("meters_readingDeleted"))
        return request.redirect(to: MetersURL.meter(id: meter.id))
    }

    @Sendable static func export(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        return csvResponse(try await ReadingService.exportCSV(meter, on: request.context), meter: meter)
    }

    @Sendable static func importCSV(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        return try await request.change {
            let file = try request.requireFile(try request.content.decode(CSVImportForm.self).file)
            guard let text = file.data.getString(at: file.data.readerIndex, length: file.data.readableBytes) else {
                throw UserFacingError(.unprocessableEntity, "meters_csvNotText")
            }
            let result = try await ReadingService.importCSV(text, into: meter, on: request.context)
            request.flash(.success, request.text("meters_imported", ["imported": "\(result.imported)", "skipped": "\(result.skipped)", "flagged": "\(result.flagged)"]))
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await MeterWebController.renderShow(meter, request, form: nil, errors: errors, status: status)
        }
    }

    static func csvResponse(_ csv: String, meter: Meter) -> Response {
        let name = meter.name.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return .csv(csv, name: name.isEmpty ? "" : "meter-" + name, fallback: "meter-readings")
    }

    private static func flashSaved(_ reading: MeterReading, _ request: Request) {
        if let flag = reading.flag {
            request.flash(.error, request.text("meters_savedFlagged", ["reason": request.text("meters_flag_\(flag.rawValue)")]))
        } else {
            request.flash(.success, request.text("meters_readingSaved"))
        }
    }
}
