import Foundation

/// Small self-made files under `Tests/ScanbookServerTests/Fixtures`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The capture engine's fixtures (document photos with their truth) are shared, not copied.
    static let visionDirectory = directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScanbookVisionTests").appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func documentPhoto(_ name: String = "document-1") throws -> FormFile {
        FormFile(filename: "\(name).jpg", contentType: "image/jpeg", bytes: [UInt8](try Data(contentsOf: visionDirectory.appendingPathComponent("\(name).jpg"))))
    }

    static func avatarPNG() throws -> FormFile {
        FormFile(filename: "avatar.png", contentType: "image/png", bytes: try bytes("avatar.png"))
    }
}
