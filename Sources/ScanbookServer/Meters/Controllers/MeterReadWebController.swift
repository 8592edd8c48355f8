import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import Vapor

/// Adding a reading from photos: the meter photo → which meter (proposed, or asked) → the digit
/// strip marked on it (or a separate close-up) → the value proposed digit by digit → saved.
enum MeterReadWebController {
    /// What identification said, carried from the upload to the page that marks the strip.
    struct Identified {
        var meterID: UUID?
        var uncertain = false
        var guess: UUID?
        /// How far the first candidate led, 0…100.
        var lead: Int?
    }

    @Sendable static func start(_ request: Request) async throws -> Response {
        try await render(request, photo: nil, identified: Identified(), crop: nil, result: nil, errors: [], status: .ok)
    }

    @Sendable static func identify(_ request: Request) async throws -> Response {
        do {
            let found = try await MeterRecognitionService.identify(try request.content.decode(PhotoUploadForm.self).photo, on: request)
            var query: [(String, String)] = []
            if let meter = found.meterID {
                query.append(("meter", meter.uuidString))
            } else if let guess = found.candidates.first {
                query += [("uncertain", "1"), ("guess", guess.meter.uuidString)]
            }
            if !found.candidates.isEmpty { query.append(("lead", "\(Int(clamping: (found.certainty * 100).rounded(), within: 0...100))")) }
            return request.redirect(to: MetersURL.readPhoto(photo: found.photo).path(query: query), redirectType: .normal)
        } catch let error as UserFacingError {
            return try await render(request, photo: nil, identified: Identified(), crop: nil, result: nil, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func showPhoto(_ request: Request) async throws -> Response {
        let photo = try await StoredBlob.find(request.id(.photo), ownedBy: request)
        let query = try request.query.decode(ReadPhotoQuery.self)
        let identified = Identified(
            meterID: query.meter.flatMap(UUID.init(uuidString:)), uncertain: query.uncertain == "1",
            guess: query.guess.flatMap(UUID.init(uuidString:)), lead: query.lead.map { min(max($0, 0), 100) }
        )
        return try await render(request, photo: photo, identified: identified, crop: nil, result: nil, errors: [], status: .ok)
    }

    /// Reads the counter in the marked strip (of the separate strip photo when one is sent).
    @Sendable static func readCounter(_ request: Request) async throws -> Response {
        let photo = try await StoredBlob.find(request.id(.photo), ownedBy: request)
        let form = try request.content.decode(StripReadForm.self)
        let meterID = form.meter.flatMap(UUID.init(uuidString:))
        do {
            guard let meterID else { throw UserFacingError(.unprocessableEntity, "meters_pickMeter") }
            let meter = try await MeterService.find(meterID, on: request)
            guard let crop = form.crop else { throw UserFacingError(.unprocessableEntity, "meters_invalidCrop") }
            let bytes: [UInt8]
            if let strip = form.strip, strip.data.readableBytes > 0 {
                bytes = try request.checkImageUpload(strip, minimumSide: 16).bytes
            } else {
                bytes = try await MeterRecognitionService.photoBytes(photo.id, on: request)
            }
            let result = try await MeterRecognitionService.readStrip(bytes, crop: crop, meter: meter, on: request)
            return try await render(request, photo: photo, identified: Identified(meterID: meterID), crop: crop, result: (meter, result), errors: [], status: .ok)
        } catch let error as UserFacingError {
            return try await render(request, photo: photo, identified: Identified(meterID: meterID), crop: form.crop, result: nil, errors: error.messages(for: request), status: error.status)
        }
    }

    private static func render(
        _ request: Request, photo: StoredBlob?, identified: Identified, crop: StripCrop?,
        result: (meter: Meter, reading: StripReader.Result)?, errors: [String], status: HTTPStatus
    ) async throws -> Response {
        // The best guess first when asking, the rest as always.
        let all = try await MeterService.all(on: request)
        let isGuess: (Meter) -> Bool = { identified.uncertain && $0.id == identified.guess }
        let meters = all.filter(isGuess) + all.filter { !isGuess($0) }
        let meterID = identified.meterID
        let chosen = meters.first { $0.id == meterID }
        let crop = crop ?? chosen?.stripCrop.flatMap(StripCrop.init) ?? .centreBand
        let photoID = try photo?.requireID()
        var shownResult: MeterReadView.Result?
        if let (meter, reading) = result {
            let locale = request.locale
            let last = try await ReadingService.history(meter, on: request.db).last
            // A value read with little confidence is shown as what was read, never put in the field.
            let sure = reading.isSure
            shownResult = .init(
                value: sure ? meter.counter.format(reading.steps) : "", readValue: meter.counter.format(reading.steps), unsure: !sure,
                digits: reading.cells.map { .init(digit: $0.digit, read: $0.read, second: $0.second, percent: Int(clamping: ($0.confidence * 100).rounded(), within: 0...100), weak: $0.confidence < 0.8) },
                confidence: reading.confidence, percent: Int(clamping: (reading.confidence * 100).rounded(), within: 0...100),
                saveAction: MetersURL.readings(id: meter.id).path, takenInput: ReadingTime.formInput(request.now),
                meterName: meter.name, unit: meter.unit,
                previous: last.map { MeterPresentation.value($0.steps, meter, locale: locale) + " (" + ReadingTime.display($0.takenAt) + ")" }
            )
        }
        let view = MeterReadView(
            hasMeters: !meters.isEmpty,
            photoURL: photoID.map { SiteURL.blob(id: $0).path }, photoID: photoID?.uuidString,
            meters: try meters.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: $0.id == meterID) },
            proposed: chosen?.name, uncertain: identified.uncertain,
            guess: identified.uncertain ? meters.first { $0.id == identified.guess }?.name : nil, lead: identified.lead,
            crop: .init(x: crop.x, y: crop.y, width: crop.width, height: crop.height), cropText: crop.description,
            uploadAction: MetersURL.read.path,
            readAction: photoID.map { MetersURL.readPhoto(photo: $0).path },
            result: shownResult, listURL: MetersURL.list.path,
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description, errors: errors
        )
        return try await request.renderPage("Meters/read", title: "meters_read_title", content: view, status: status, activeModule: .meters)
    }
}
