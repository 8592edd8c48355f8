import Foundation
import ScanbookVision

/// Small self-made files in `Fixtures/` (regenerate with `Tools/docgen/make_fixtures.py`).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func image(_ name: String) throws -> Image {
        try Image.decode(bytes(name))
    }

    struct DocumentTruth: Decodable {
        let corners: [[Double]]
        let text: String

        var quadrilateral: Quadrilateral {
            Quadrilateral(
                topLeft: Point(x: corners[0][0], y: corners[0][1]), topRight: Point(x: corners[1][0], y: corners[1][1]),
                bottomRight: Point(x: corners[2][0], y: corners[2][1]), bottomLeft: Point(x: corners[3][0], y: corners[3][1])
            )
        }

        var diagonal: Double { quadrilateral.topLeft.distance(to: quadrilateral.bottomRight) }
    }

    static func truth(_ name: String) throws -> DocumentTruth {
        try JSONDecoder().decode(DocumentTruth.self, from: Data(contentsOf: directory.appendingPathComponent(name)))
    }
}
