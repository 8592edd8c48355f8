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
            let found = try await MeterRecognitionService.identify(try request.content.decode(PhotoUploadForm.self).photo, on: request.context)
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
        // The meter is known: read its counter from the whole photo straight away (aligned to the
        // reference); the strip can still be marked by hand when that reading is unsure or wrong.
        var result: ShownReading?
        if let meterID = identified.meterID, let meter = try await Meter.query(on: request.db).filter(\.$id == meterID)
            .filter(\.$owner.$id == request.auth.require(User.self).requireID()).first() {
            do {
                let bytes = try await MeterRecognitionService.photoBytes(photo.id, on: request.context)
                if let reading = try await MeterRecognitionService.readWholePhoto(bytes, meter: meter, on: request.context) {
                    result = ShownReading(meter: meter, reading: reading.strip, digits: reading.digits, unsure: reading.unsure, method: reading.method)
                }
            } catch let error as UserFacingError {
                return try await render(request, photo: photo, identified: identified, crop: nil, result: nil, errors: error.messages(for: request), status: error.status)
            }
        }
        return try await render(request, photo: photo, identified: identified, crop: nil, result: result, errors: [], status: .ok)
    }

    /// Reads the counter in the marked strip (of the separate strip photo when one is sent).
    @Sendable static func readCounter(_ request: Request) async throws -> Response {
        let photo = try await StoredBlob.find(request.id(.photo), ownedBy: request)
        let form = try request.content.decode(StripReadForm.self)
        let meterID = form.meter.flatMap(UUID.init(uuidString:))
        do {
            guard let meterID else { throw UserFacingError(.unprocessableEntity, "meters_pickMeter") }
            let meter = try await MeterService.find(meterID, on: request.context)
            guard let crop = form.crop else { throw UserFacingError(.unprocessableEntity, "meters_invalidCrop") }
            let bytes: [UInt8]
            if let strip = form.strip, strip.data.readableBytes > 0 {
                bytes = try request.checkImageUpload(strip, minimumSide: 16).bytes
            } else {
                bytes = try await MeterRecognitionService.photoBytes(photo.id, on: request.context)
            }
            let result = try await MeterRecognitionService.readStrip(bytes, crop: crop, meter: meter, on: request.context)
            let checked = CounterDigitCheck.combine(result.checkCells, second: nil)
            let shown = ShownReading(meter: meter, reading: result, digits: checked.digits, unsure: checked.unsure, method: nil)
            return try await render(request, photo: photo, identified: Identified(meterID: meterID), crop: crop, result: shown, errors: [], status: .ok)
        } catch let error as UserFacingError {
            return try await render(request, photo: photo, identified: Identified(meterID: meterID), crop: form.crop, result: nil, errors: error.messages(for: request), status: error.status)
        }
    }

    /// A counter read, the digits not to take as read, and how the strip was found (nil: marked by hand).
    struct ShownReading {
        let meter: Meter
        let reading: StripReader.Result
        /// What is proposed, left to right (see `CounterDigitCheck`).
        let digits: [Int]
        let unsure: [Int]
        let method: MeterPhotoReader.Method?

        var steps: Int { MeterCounter.steps(digits) }
    }

    private static func render(
        _ request: Request, photo: StoredBlob?, identified: Identified, crop: StripCrop?,
        result: ShownReading?, errors: [String], status: HTTPStatus
    ) async throws -> Response {
        // The best guess first when asking, the rest as always.
        let all = try await MeterService.all(on: request.context)
        let isGuess: (Meter) -> Bool = { identified.uncertain && $0.id == identified.guess }
        let meters = all.filter(isGuess) + all.filter { !isGuess($0) }
        let meterID = identified.meterID
        let chosen = meters.first { $0.id == meterID }
        let crop = crop ?? chosen?.stripCrop.flatMap(StripCrop.init) ?? .centreBand
        let photoID = try photo?.requireID()
        var shownResult: MeterReadView.Result?
        if let result {
            let (meter, reading) = (result.meter, result.reading)
            let locale = request.locale
            let history = try await ReadingService.history(meter, on: request.db)
            let last = history.last
            // A value with an unsure digit, or one the meter's history makes implausible, is shown
            // as what was read with the doubtful digits marked, never put in the field.
            let steps = result.steps
            let implausible = ReadingService.flag(steps: steps, at: request.now, after: history, counter: meter.counter) != nil
            let sure = result.unsure.isEmpty && !implausible
            shownResult = .init(
                value: sure ? meter.counter.format(steps) : "", readValue: meter.counter.format(steps), unsure: !sure,
                implausible: implausible && result.unsure.isEmpty,
                method: result.method.map { request.text($0 == .aligned ? "meters_read_aligned" : "meters_read_found") },
                digits: zip(reading.cells, result.digits).enumerated().map { index, pair in
                    let (cell, digit) = pair
                    return .init(digit: digit, read: cell.read, second: cell.second, percent: Int(clamping: (cell.confidence * 100).rounded(), within: 0...100),
                          weak: result.unsure.contains(index))
                },
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
            result: shownResult, autoRead: shownResult.map { $0.method != nil && !$0.unsure } ?? false, listURL: MetersURL.list.path,
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description, errors: errors
        )
        return try await request.renderPage("Meters/read", title: "meters_read_title", content: view, status: status, activeModule: .meters)
    }
}
