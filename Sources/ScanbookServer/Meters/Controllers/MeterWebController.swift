import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The meter pages: the list with the form for a new meter, a meter's history and settings, and
/// deleting it.
enum MeterWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await renderIndex(request, form: MeterFormValues(), errors: [], status: .ok)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let changes = try request.content.decode(MeterChanges.self)
        return try await request.change {
            let reference = try request.content.decode(ReferenceUpload.self).reference
            let meter = try await MeterService.create(changes, reference: reference, on: request.context)
            request.flash(.success, request.text("meters_created"))
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await renderIndex(request, form: MeterPresentation.form(changes), errors: errors, status: status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        return try await renderShow(meter, request, form: nil, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        let changes = try request.content.decode(MeterChanges.self)
        return try await request.change {
            try await MeterService.update(meter, with: changes, on: request.context)
            request.flash(.success, request.text("meters_saved"))
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            let fresh = try await MeterService.find(meter.id, on: request.context)
            return try await renderShow(fresh, request, form: MeterPresentation.form(changes), errors: errors, status: status)
        }
    }

    @Sendable static func setReference(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        return try await request.change {
            try await MeterService.setReference(meter, photo: try request.content.decode(PhotoUploadForm.self).photo, on: request.context)
            request.flash(.success, request.text("meters_referenceSaved"))
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await renderShow(meter, request, form: nil, errors: errors, status: status)
        }
    }

    /// The person confirms or moves the counter window on the reference photo.
    @Sendable static func setWindow(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        let form = try request.content.decode(StripReadForm.self)
        return try await request.change {
            guard let window = form.crop else { throw UserFacingError(.unprocessableEntity, "meters_invalidCrop") }
            try await MeterService.update(meter, with: MeterChanges(window: window.description), on: request.context)
            request.flash(.success, request.text("meters_windowSaved"))
            return MetersURL.meter(id: meter.id)
        } showAgain: { errors, status in
            return try await renderShow(meter, request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func confirmDelete(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        let view = MeterDeleteView(
            name: meter.name,
            readings: try await MeterReading.query(on: request.db).filter(\.$meter.$id == meter.requireID()).count(),
            action: MetersURL.delete(id: meter.id).path,
            back: MetersURL.meter(id: meter.id).path
        )
        return try await request.renderPage("Meters/delete", title: "meters_delete_title", content: view, activeModule: .meters)
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let meter = try await MeterService.find(request.id(.meter), on: request.context)
        try await MeterService.delete(meter, on: request.context)
        request.flash(.success, request.text("meters_deleted", ["name": meter.name]))
        return request.redirect(to: MetersURL.list)
    }

    private static func renderIndex(_ request: Request, form: MeterFormValues, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await MeterPresentation.listPage(request.context, form: form, errors: errors)
        return try await request.renderPage("Meters/index", title: "meters_title", content: view, status: status, activeModule: .meters)
    }

    static func renderShow(_ meter: Meter, _ request: Request, form: MeterFormValues?, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await MeterPresentation.meterPage(meter, request.context, query: try request.query.decode(ConsumptionQuery.self), form: form, errors: errors)
        return try await request.renderPage("Meters/show", title: "meters_meter_title", content: view, status: status, activeModule: .meters)
    }
}
