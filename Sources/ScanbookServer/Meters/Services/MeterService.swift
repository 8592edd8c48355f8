import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import Vapor

/// Creating, changing and deleting meters and their reference photos, for the pages and the API.
enum MeterService {
    static let maximumNameLength = 100
    static let maximumUnitLength = 20

    static func all(on context: ServiceContext) async throws -> [Meter] {
        let ownerID = try context.requireUser().requireID()
        return try await Meter.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$name).all()
    }

    /// The user's meter, or 404 for anyone else's.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> Meter {
        try await Meter.find(id, ownedBy: context)
    }

    /// A new meter; with a reference photo when one is given. Nothing is stored if a field or the
    /// photo is refused.
    static func create(_ changes: MeterChanges, reference: File?, on context: ServiceContext) async throws -> Meter {
        let ownerID = try context.requireUser().requireID()
        let meter = Meter(ownerID: ownerID, name: "", kind: .other, unit: "", counter: MeterCounter(digits: 6, decimals: 0)!)
        let defaults = MeterChanges(name: changes.name ?? "", kind: changes.kind ?? Meter.Kind.electricity.rawValue,
                                    unit: changes.unit, digits: changes.digits ?? "6", decimals: changes.decimals ?? "0",
                                    pricePerUnit: changes.pricePerUnit, window: changes.window)
        try apply(defaults, to: meter, hasReadings: false, mark: context.decimalMark)
        let photo = try reference.flatMap { $0.data.readableBytes > 0 ? $0 : nil }.map { try context.checkImageUpload($0, minimumSide: UploadPolicy.minimumPhotoSide) }
        var preparedPhoto: CheckedUpload?
        if let photo {
            preparedPhoto = try await preparedReference(photo, on: context)
            // A window sent with the meter is the person's; otherwise one is proposed.
            if meter.counterWindow == nil { meter.counterWindow = try await proposedWindow(photo, meter: meter, on: context) }
        }
        let prepared = preparedPhoto
        try await context.db.writeTransaction { database in
            if let photo, let prepared {
                try await attach(photo, prepared: prepared, to: meter, ownerID: ownerID, on: context, database: database)
            }
            try await meter.create(on: database)
        }
        return meter
    }

    static func update(_ meter: Meter, with changes: MeterChanges, on context: ServiceContext) async throws {
        let hasReadings = try await MeterReading.query(on: context.db).filter(\.$meter.$id == meter.requireID()).count() > 0
        try apply(changes, to: meter, hasReadings: hasReadings, mark: context.decimalMark)
        try await meter.save(on: context.db)
    }

    /// Replaces the reference photo that identification compares new photos with.
    static func setReference(_ meter: Meter, photo file: File?, on context: ServiceContext) async throws {
        let photo = try context.checkImageUpload(file, minimumSide: UploadPolicy.minimumPhotoSide)
        let prepared = try await preparedReference(photo, on: context)
        // The old window belongs to the old photo.
        meter.counterWindow = try await proposedWindow(photo, meter: meter, on: context)
        try await context.db.writeTransaction { database in
            try await attach(photo, prepared: prepared, to: meter, ownerID: meter.$owner.id, on: context, database: database)
            try await meter.save(on: database)
        }
    }

    static func delete(_ meter: Meter, on context: ServiceContext) async throws {
        // Readings go with it (ON DELETE CASCADE); deleted explicitly too so SQLite without
        // foreign-key enforcement ends the same.
        try await context.db.writeTransaction { database in
            try await MeterReading.query(on: database).filter(\.$meter.$id == meter.requireID()).delete()
            try await meter.delete(on: database)
        }
    }

    /// Checks every field before changing any; all problems are reported together.
    private static func apply(_ changes: MeterChanges, to meter: Meter, hasReadings: Bool, mark: DecimalMark) throws {
        var problems: [LocalizedProblem] = []
        var name = meter.name
        if let typed = changes.name?.trimmingCharacters(in: .whitespacesAndNewlines) {
            if typed.isEmpty { problems.append(.init(key: "meters_nameRequired")) }
            else if changes.name.exceedsDocumentedLength(maximumNameLength) { problems.append(.init(key: "meters_nameTooLong", arguments: ["maximum": "\(maximumNameLength)"])) }
            else { name = typed }
        }
        var kind = meter.kind
        if let typed = changes.kind {
            if let known = Meter.Kind(rawValue: typed) { kind = known } else { problems.append(.init(key: "meters_unknownKind", arguments: ["value": typed])) }
        }
        var digits = meter.digits
        if let typed = changes.digits {
            if let number = Int(typed.trimmingCharacters(in: .whitespaces)) { digits = number } else { problems.append(.init(key: "meters_invalidCounter")) }
        }
        var decimals = meter.decimals
        if let typed = changes.decimals {
            let text = typed.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { decimals = 0 } else if let number = Int(text) { decimals = number } else { problems.append(.init(key: "meters_invalidCounter")) }
        }
        let counter = MeterCounter(digits: digits, decimals: decimals)
        if counter == nil, !problems.contains(.init(key: "meters_invalidCounter")) { problems.append(.init(key: "meters_invalidCounter")) }
        if hasReadings, let counter, counter != meter.counter {
            // Stored values are steps of the old counter; reinterpreting them would change history.
            problems.append(.init(key: "meters_counterLocked"))
        }
        var unit = meter.unit
        if let typed = changes.unit?.trimmingCharacters(in: .whitespaces) {
            if changes.unit.exceedsDocumentedLength(maximumUnitLength) { problems.append(.init(key: "meters_unitTooLong")) } else { unit = typed }
        }
        if unit.isEmpty { unit = defaultUnit(kind) }
        var price = meter.pricePerUnit
        if let typed = changes.pricePerUnit?.trimmingCharacters(in: .whitespaces) {
            if typed.isEmpty { price = nil } else if let parsed = UnitPrice(typed: typed, mark: mark) { price = parsed.tenThousandths } else {
                problems.append(.init(key: "meters_invalidPrice", arguments: ["value": typed]))
            }
        }
        var window = meter.counterWindow
        if let typed = changes.window?.trimmingCharacters(in: .whitespaces) {
            if typed.isEmpty { window = nil } else if let crop = StripCrop(typed) { window = crop.description } else {
                problems.append(.init(key: "meters_invalidWindow", arguments: ["value": typed]))
            }
        }
        guard problems.isEmpty, let counter else { throw UserFacingError(.unprocessableEntity, problems) }
        meter.counterWindow = window
        meter.name = name
        meter.kind = kind
        meter.unit = unit
        meter.digits = counter.digits
        meter.decimals = counter.decimals
        meter.pricePerUnit = price
    }

    static func defaultUnit(_ kind: Meter.Kind) -> String {
        switch kind {
        case .electricity, .heat: "kWh"
        case .water, .gas: "m³"
        case .other: ""
        }
    }

    /// The counter window proposed on a new reference photo; a reader failure only means the
    /// person marks the window, so it is logged, not shown.
    private static func proposedWindow(_ photo: CheckedUpload, meter: Meter, on context: ServiceContext) async throws -> String? {
        do {
            return try await MeterRecognitionService.proposedWindow(photo.bytes, digits: meter.digits, on: context.application)?.description
        } catch let error as UserFacingError {
            throw error
        } catch {
            context.logger.warning("no counter window proposed: \(String(describing: error))")
            return nil
        }
    }

    /// The downscaled JPEG identification compares with; an undecodable photo is refused here.
    private static func preparedReference(_ photo: CheckedUpload, on context: ServiceContext) async throws -> CheckedUpload {
        let bytes = photo.bytes
        do {
            let prepared = try await context.application.imageWork.run {
                try MeterPhotoMatcher.prepare(try Image.decode(bytes, minimumSide: Image.minimumPhotoSide)).encodeJPEG(quality: 90)
            }
            return CheckedUpload(bytes: prepared, content: .jpeg)
        } catch let error as VisionError {
            throw UserFacingError(.unprocessableEntity, "meters_photoUnreadable", ["reason": error.description])
        }
    }

    private static func attach(_ photo: CheckedUpload, prepared: CheckedUpload, to meter: Meter, ownerID: UUID, on context: ServiceContext, database: any Database) async throws {
        meter.$reference.id = try await context.storeBlob(photo, owner: ownerID, on: database).requireID()
        meter.$preparedReference.id = try await context.storeBlob(prepared, owner: ownerID, on: database).requireID()
    }
}
