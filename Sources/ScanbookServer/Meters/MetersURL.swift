import Foundation
import Vapor

/// The meters module's pages, under `/meters` .
enum MetersURL: ModuleURL, Equatable {
    static let module = Module.meters

    /// The meters with the form for a new one.
    case list
    /// Add a reading: the photo of the meter.
    case read
    /// The photo's meter and the digit strip on it; posting reads the counter.
    case readPhoto(photo: UUID?)
    case meter(id: UUID?)
    case reference(id: UUID?)
    /// Where the counter is on the reference photo (x, y, w, h in thousandths).
    case window(id: UUID?)
    /// GET asks for confirmation, POST deletes the meter with its readings.
    case delete(id: UUID?)
    case readings(id: UUID?)
    case reading(id: UUID?, reading: UUID?)
    case deleteReading(id: UUID?, reading: UUID?)
    case export(id: UUID?)
    case importCSV(id: UUID?)

    var pagePathComponents: [PathComponent] {
        switch self {
        case .list: []
        case .read: ["read"]
        case .readPhoto(let photo): ["read", photo.pathComponent(.photo)]
        case .meter(let id): [id.pathComponent(.meter)]
        case .reference(let id): [id.pathComponent(.meter), "reference"]
        case .window(let id): [id.pathComponent(.meter), "window"]
        case .delete(let id): [id.pathComponent(.meter), "delete"]
        case .readings(let id): [id.pathComponent(.meter), "readings"]
        case .reading(let id, let reading): [id.pathComponent(.meter), "readings", reading.pathComponent(.reading)]
        case .deleteReading(let id, let reading): [id.pathComponent(.meter), "readings", reading.pathComponent(.reading), "delete"]
        case .export(let id): [id.pathComponent(.meter), "readings.csv"]
        case .importCSV(let id): [id.pathComponent(.meter), "import"]
        }
    }
}

/// The meters module's JSON API under `/api/v1`.
enum MetersAPIRoute: APIPath, Equatable {
    case meters
    /// Which of the user's meters a photo shows.
    case identify
    case meter(id: UUID?)
    case reference(id: UUID?)
    /// Reads the counter from a photo of the digit strip.
    case read(id: UUID?)
    case readings(id: UUID?)
    case reading(id: UUID?, reading: UUID?)
    /// Consumption per day or month of a period.
    case consumption(id: UUID?)
    case csv(id: UUID?)

    var routePathComponents: [PathComponent] {
        switch self {
        case .meters: ["meters"]
        case .identify: ["meters", "identify"]
        case .meter(let id): ["meters", id.pathComponent(.meter)]
        case .reference(let id): ["meters", id.pathComponent(.meter), "reference"]
        case .read(let id): ["meters", id.pathComponent(.meter), "read"]
        case .readings(let id): ["meters", id.pathComponent(.meter), "readings"]
        case .reading(let id, let reading): ["meters", id.pathComponent(.meter), "readings", reading.pathComponent(.reading)]
        case .consumption(let id): ["meters", id.pathComponent(.meter), "consumption"]
        case .csv(let id): ["meters", id.pathComponent(.meter), "readings.csv"]
        }
    }
}

extension Module {
    static let meters = Module("meters")
}

/// The route parameters of the module's addresses.
extension RouteParameter {
    static let meter = RouteParameter("meterID"), photo = RouteParameter("photoID"), reading = RouteParameter("readingID")
}
