import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Blobs as files under `<data>/blobs/ab/cdef…`. A write goes to a temporary file, is fsync'd and
/// then renamed into place, so a crash never leaves a half-written file under a valid name. Disk
/// work runs on the thread pool, never on an event loop.
struct FileBlobStore: BlobStore {
    let root: URL
    let threadPool: NIOThreadPool

    init(directory: String, threadPool: NIOThreadPool) {
        root = URL(fileURLWithPath: directory, isDirectory: true)
        self.threadPool = threadPool
    }

    func path(for hash: String) throws -> URL {
        guard BlobHash.isValid(hash) else { throw BlobStoreError.invalidHash(hash) }
        return root.appendingPathComponent(String(hash.prefix(2)), isDirectory: true)
            .appendingPathComponent(String(hash.dropFirst(2)))
    }

    func contains(_ hash: String) async throws -> Bool {
        guard let url = try? path(for: hash) else { return false }
        return try await threadPool.runIfActive { FileManager.default.fileExists(atPath: url.path) }
    }

    func put(_ bytes: [UInt8]) async throws -> String {
        try await threadPool.runIfActive { try putSynchronously(bytes) }
    }

    func get(_ hash: String) async throws -> [UInt8] {
        let url = try path(for: hash)
        return try await threadPool.runIfActive {
            guard let data = FileManager.default.contents(atPath: url.path) else { throw BlobStoreError.missing(hash) }
            return [UInt8](data)
        }
    }

    func hashes(storedBefore date: Date) async throws -> [String] {
        try await threadPool.runIfActive { hashesSynchronously(storedBefore: date) }
    }

    func remove(_ hash: String) async throws {
        let url = try path(for: hash)
        try await threadPool.runIfActive {
            guard unlink(url.path) == 0 || errno == ENOENT else { throw BlobStoreError.io(errnoMessage("unlink")) }
        }
    }

    func removeLeftovers(before date: Date) async throws -> Int {
        try await threadPool.runIfActive { removeTemporaryFiles(before: date) }
    }

    private func putSynchronously(_ bytes: [UInt8]) throws -> String {
        let hash = BlobHash.of(bytes)
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

    private func hashesSynchronously(storedBefore date: Date) -> [String] {
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

    private func removeTemporaryFiles(before date: Date) -> Int {
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
