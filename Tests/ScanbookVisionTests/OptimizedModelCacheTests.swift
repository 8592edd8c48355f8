import Foundation
import Testing
@testable import ScanbookOCR

/// ONNX Runtime's optimized copies of the models, kept between runs (`OptimizedModelCache`), on
/// the machine's real models and runtime.
@Suite struct OptimizedModelCacheTests {
    static let files = PaddleReaderTests.files

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-onnx-\(UUID())").path
    }

    /// The direction classifier (the smallest model) on a fixed input.
    static func output(of model: ONNXModel) throws -> [Float] {
        let input: [Float] = (0..<(3 * 48 * 192)).map { index in
            let level: Int = index * 7919 % 256
            return Float(level) / 255
        }
        return try model.run(input, shape: [1, 3, 48, 192]) { values, _ in Array(values) }
    }

    @Test func theOptimizedCopyIsKeptAndOpenedNextTimeGivingTheSameOutputs() throws {
        if let missing = Self.files.missingDescription { Issue.record(Comment(rawValue: missing)) }
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = OptimizedModelCache(directory: folder)
        let first = try ONNXModel(path: Self.files.directionClassifier, runtimeLibrary: Self.files.runtimeLibrary, cache: cache)
        #expect(!first.openedOptimizedCopy)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(kept.count == 1 && kept[0].hasPrefix("ch_ppocr_mobile_v2_0_cls_mobile.") && kept[0].hasSuffix(".onnx"), "\(kept)")
        let second = try ONNXModel(path: Self.files.directionClassifier, runtimeLibrary: Self.files.runtimeLibrary, cache: cache)
        #expect(second.openedOptimizedCopy)
        let (firstOutputs, secondOutputs) = (try Self.output(of: first), try Self.output(of: second))
        #expect(firstOutputs.count == 2 && firstOutputs == secondOutputs)
    }

    @Test func aCopyThatDoesNotOpenIsMadeAgain() throws {
        if let missing = Self.files.missingDescription { Issue.record(Comment(rawValue: missing)) }
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = OptimizedModelCache(directory: folder)
        let version = try ONNXModel.runtimeVersion(library: Self.files.runtimeLibrary)
        let copy = try #require(cache.copy(of: Self.files.directionClassifier, runtimeVersion: version))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("cut short".utf8).write(to: URL(fileURLWithPath: copy))
        let model = try ONNXModel(path: Self.files.directionClassifier, runtimeLibrary: Self.files.runtimeLibrary, cache: cache)
        let outputs = try Self.output(of: model)
        #expect(!model.openedOptimizedCopy && outputs.count == 2)
        #expect(try ONNXModel(path: Self.files.directionClassifier, runtimeLibrary: Self.files.runtimeLibrary, cache: cache).openedOptimizedCopy)
    }

    @Test func aCacheThatCannotBeWrittenLeavesTheModelOpening() throws {
        if let missing = Self.files.missingDescription { Issue.record(Comment(rawValue: missing)) }
        let file = Self.temporaryFolder()
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let model = try ONNXModel(path: Self.files.directionClassifier, runtimeLibrary: Self.files.runtimeLibrary, cache: OptimizedModelCache(directory: file + "/onnx"))
        let outputs = try Self.output(of: model)
        #expect(!model.openedOptimizedCopy && outputs.count == 2)
    }

    @Test func aCopyBelongsToOneModelFileAndRuntimeAndReplacesTheModelsOlderCopies() throws {
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = folder + "/model.v1.onnx", other = folder + "/other.onnx"
        try Data("weights".utf8).write(to: URL(fileURLWithPath: model))
        try Data("weights".utf8).write(to: URL(fileURLWithPath: other))
        let cache = OptimizedModelCache(directory: folder + "/cache")
        let copy = try #require(cache.copy(of: model, runtimeVersion: "1.32.0"))
        #expect(URL(fileURLWithPath: copy).lastPathComponent.hasPrefix("model_v1."))
        #expect(cache.copy(of: model, runtimeVersion: "1.32.0") == copy)
        #expect(cache.copy(of: model, runtimeVersion: "1.33.0") != copy)
        #expect(cache.copy(of: other, runtimeVersion: "1.32.0") != copy)
        #expect(cache.copy(of: folder + "/missing.onnx", runtimeVersion: "1.32.0") == nil)

        func keep(_ copy: String) throws {
            let partial = try #require(cache.partialFile(for: copy))
            try Data("optimized".utf8).write(to: URL(fileURLWithPath: partial))
            cache.keep(partial, as: copy)
        }
        let otherCopy = try #require(cache.copy(of: other, runtimeVersion: "1.32.0"))
        try keep(copy)
        try keep(otherCopy)
        // The model changes (`make models` wrote it again): its new copy replaces the old one.
        try Data("new weights".utf8).write(to: URL(fileURLWithPath: model))
        let newCopy = try #require(cache.copy(of: model, runtimeVersion: "1.32.0"))
        #expect(newCopy != copy)
        try keep(newCopy)
        let kept = Set(try FileManager.default.contentsOfDirectory(atPath: folder + "/cache"))
        #expect(kept == [URL(fileURLWithPath: newCopy).lastPathComponent, URL(fileURLWithPath: otherCopy).lastPathComponent])
    }

    @Test func theDefaultCacheIsTheUsersCacheFolder() {
        #expect(PaddleModelFiles.defaultCache(["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]) == "/var/cache/me/scanbook/onnx")
        #expect(PaddleModelFiles.defaultCache(["HOME": "/home/me"]) == "/home/me/.cache/scanbook/onnx")
        #expect(PaddleModelFiles.defaultCache(["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]) == "/home/me/.cache/scanbook/onnx")
        #expect(PaddleModelFiles.defaultCache([:]) == nil)
        #expect(PaddleModelFiles.locate("/opt/models", cache: "/srv/cache").optimizedCache == "/srv/cache")
    }
}
