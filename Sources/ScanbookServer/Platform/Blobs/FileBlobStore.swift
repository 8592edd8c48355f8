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
        if FileManager.default.fileExists(atPath: destination.path) {
            // Re-stored bytes count as new for the sweep, which only removes files older than its grace time.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: destination.path)
            return hash
        }

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

    func hashes(storedBefore date: Date) throws -> [String] {
        let manager = FileManager.default
        var hashes: [String] = []
        for prefix in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] where prefix.count == 2 {
            let directory = root.appendingPathComponent(prefix, isDirectory: true)
            for rest in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
                let hash = prefix + rest
                guard (try? path(for: hash)) != nil,
                      let modified = try? manager.attributesOfItem(atPath: directory.appendingPathComponent(rest).path)[.modificationDate] as? Date,
                      modified < date
                else { continue }
                hashes.append(hash)
            }
        }
        return hashes
    }

    func remove(_ hash: String) throws {
        let url = try path(for: hash)
        guard unlink(url.path) == 0 || errno == ENOENT else { throw BlobStoreError.io(errnoMessage("unlink")) }
    }

    func removeTemporaryFiles(before date: Date) throws -> Int {
        let manager = FileManager.default
        let directory = root.appendingPathComponent("tmp", isDirectory: true)
        var removed = 0
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let file = directory.appendingPathComponent(name).path
            guard let modified = try? manager.attributesOfItem(atPath: file)[.modificationDate] as? Date, modified < date else { continue }
            if unlink(file) == 0 { removed += 1 }
        }
        return removed
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
