import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Blobs as files under `<data>/blobs/ab/cdef…`. A write goes to a temporary file, is fsync'd and
/// then renamed into place, so a crash never leaves a half-written file under a valid name.
struct FileBlobStore: BlobStore {
    let root: URL

    init(directory: String) {
        root = URL(fileURLWithPath: directory, isDirectory: true)
    }

    static func hash(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    func path(for hash: String) throws -> URL {
        guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw BlobStoreError.invalidHash(hash)
        }
        return root.appendingPathComponent(String(hash.prefix(2)), isDirectory: true)
            .appendingPathComponent(String(hash.dropFirst(2)))
    }

    func contains(_ hash: String) -> Bool {
        guard let url = try? path(for: hash) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    func put(_ bytes: [UInt8]) throws -> String {
        let hash = Self.hash(bytes)
        let destination = try path(for: hash)
        if FileManager.default.fileExists(atPath: destination.path) { return hash }

        let temporaryDirectory = root.appendingPathComponent("tmp", isDirectory: true)
        let directory = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = temporaryDirectory.appendingPathComponent(UUID().uuidString)
        do {
            try writeSynced(bytes, to: temporary.path)
            guard rename(temporary.path, destination.path) == 0 else { throw BlobStoreError.io(errnoMessage("rename")) }
            try syncDirectory(directory.path)
        } catch {
            unlink(temporary.path)
            throw error
        }
        return hash
    }

    func get(_ hash: String) throws -> [UInt8] {
        let url = try path(for: hash)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw BlobStoreError.missing(hash) }
        return [UInt8](data)
    }

    private func writeSynced(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw BlobStoreError.io(errnoMessage("open")) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw BlobStoreError.io(errnoMessage("write"))
            }
            written += result
        }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.io(errnoMessage("fsync")) }
    }

    /// The rename itself is only durable once the directory entry is on disk.
    private func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BlobStoreError.io(errnoMessage("open directory")) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.io(errnoMessage("fsync directory")) }
    }

    private func errnoMessage(_ operation: String) -> String {
        "\(operation): \(String(cString: strerror(errno)))"
    }
}
