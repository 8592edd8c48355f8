import Foundation

/// Small self-made files under `Tests/ScanbookServerTests/Fixtures`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func avatarPNG() throws -> FormFile {
        FormFile(filename: "avatar.png", contentType: "image/png", bytes: try bytes("avatar.png"))
    }
}
