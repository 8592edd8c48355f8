import Foundation
import Vapor

extension Response {
    /// A download: the body, its type, and a file name of ASCII letters and digits only (a name
    /// taken from user text cannot break the header), `fallback` when nothing is left of it.
    static func attachment(_ body: Data, contentType: String, name: String, fallback: String, extension suffix: String) -> Response {
        let response = Response(status: .ok, body: .init(data: body))
        response.headers.replaceOrAdd(name: .contentType, value: contentType)
        let safe = name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        response.headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"\(safe.isEmpty ? fallback : safe).\(suffix)\"")
        return response
    }

    /// A CSV file (UTF-8).
    static func csv(_ text: String, name: String, fallback: String) -> Response {
        attachment(Data(text.utf8), contentType: "text/csv; charset=utf-8", name: name, fallback: fallback, extension: "csv")
    }
}
