import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import Vapor

/// Which meter a photo shows and what its counter reads. Both are quick (features of an 800-pixel
/// copy; a small network per digit), so they run during the request, on the thread pool.
enum MeterRecognitionService {
    struct Identification: Sendable {
        let photo: UUID
        /// nil when uncertain: the page asks which meter it is.
        let meterID: UUID?
        /// How far the first candidate leads the second, 0…1.
        let certainty: Double
        /// Most likely first.
        let candidates: [IdentificationDTO.Candidate]
    }

    /// Stores the photo and compares it with every reference photo of the user's meters.
    static func identify(_ file: File?, on context: ServiceContext) async throws -> Identification {
        let ownerID = try context.requireUser().requireID()
        let upload = try context.checkImageUpload(file, minimumSide: UploadPolicy.minimumPhotoSide)
        let meters = try await MeterService.all(on: context).filter { $0.$preparedReference.id != nil }
        var references: [[UInt8]] = []
        for meter in meters {
            guard let blob = try await meter.$preparedReference.get(on: context.db) else { continue }
            references.append(try await context.application.bytes(of: blob))
        }
        let bytes = upload.bytes
        let referenceBytes = references
        let (evidence, ranking) = try await decodingProblems {
            try await context.application.imageWork.run {
                let photo = try MeterPhotoMatcher.prepare(try Image.decode(bytes, minimumSide: Image.minimumPhotoSide))
                return try MeterPhotoMatcher.identify(photo, references: try referenceBytes.map { try Image.decode($0) })
            }
        }
        let photo = try await context.storeBlob(upload, owner: ownerID, on: context.db)
        let candidates = try ranking.order.map { index in
            IdentificationDTO.Candidate(meter: try meters[index].requireID(), name: meters[index].name, matches: evidence[index].matches, scores: evidence[index].scores)
        }
        return Identification(
            photo: try photo.requireID(), meterID: try ranking.best.map { try meters[$0].requireID() }, certainty: ranking.certainty, candidates: candidates
        )
    }

    /// Reads the counter in `crop` of the image (the meter photo, or a separate strip photo).
    static func readStrip(_ bytes: [UInt8], crop: StripCrop?, meter: Meter, on context: ServiceContext) async throws -> StripReader.Result {
        let reader = context.application.stripReader
        let counter = meter.counter
        return try await decodingProblems {
            try await context.application.imageWork.run {
                var image = try Image.decode(bytes, minimumSide: 16)
                if let crop { image = try image.cropped(to: crop.pixels(width: image.width, height: image.height)) }
                return try reader.read(image, counter: counter)
            }
        }
    }

    /// Where the counter is on a meter's reference photo, as the text reader sees it; nil when no
    /// line reads as a counter of `digits` digits (the person then marks it).
    static func proposedWindow(_ bytes: [UInt8], digits: Int, on app: Application) async throws -> StripCrop? {
        let reference = try await decodingProblems { try await app.imageWork.run { try Image.decode(bytes, minimumSide: Image.minimumPhotoSide) } }
        guard let found = try await app.meterPhotoReader.findWindow(in: reference, expectedDigits: digits, work: app.imageWork) else { return nil }
        return StripCrop(covering: found.box, width: reference.width, height: reference.height)
    }

    /// The counter read from the whole photo: aligned to the meter's reference photo when its window
    /// is known, else where the counter is found in the photo; nil when neither locates it.
    static func readWholePhoto(_ bytes: [UInt8], meter: Meter, on context: ServiceContext) async throws -> MeterPhotoReader.Reading? {
        let app = context.application
        var referenceBytes: [UInt8]?
        if meter.window != nil, let blob = try await meter.$reference.get(on: context.db) { referenceBytes = try await app.bytes(of: blob) }
        let known = referenceBytes
        let (photo, reference) = try await decodingProblems {
            try await app.imageWork.run { (try Image.decode(bytes, minimumSide: Image.minimumPhotoSide), try known.map { try Image.decode($0) }) }
        }
        let window = reference.flatMap { image in meter.window?.pixels(width: image.width, height: image.height) }
        return try await decodingProblems {
            try await app.meterPhotoReader.read(photo, reference: reference, window: window, counter: meter.counter, work: app.imageWork)
        }
    }

    /// The bytes of one of the user's stored photos, or 404.
    static func photoBytes(_ id: UUID?, on context: ServiceContext) async throws -> [UInt8] {
        try await context.application.bytes(of: try await StoredBlob.find(id, ownedBy: context))
    }

    /// A photo that cannot be decoded or read is the user's problem to fix, not a server error.
    private static func decodingProblems<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VisionError {
            throw UserFacingError(.unprocessableEntity, "meters_photoUnreadable", ["reason": error.description])
        } catch let problem as StripReader.Problem {
            throw UserFacingError(.unprocessableEntity, "meters_photoUnreadable", ["reason": problem.description])
        }
    }
}

extension Application {
    private struct StripReaderKey: StorageKey { typealias Value = StripReader }

    /// Whole meter photos: aligned to the reference, the window read by the strip reader, checked by
    /// the text reader (`SCANBOOK_OCR_ENGINE`'s).
    var meterPhotoReader: MeterPhotoReader { MeterPhotoReader(strips: stripReader, text: engineTextRecognizer) }

    /// The meter digit model, loaded once at configuration.
    var stripReader: StripReader {
        get { configured(StripReaderKey.self) }
        set { storage[StripReaderKey.self] = newValue }
    }
}
