import Foundation
import ScanbookServer
import Vapor

/// Issue 27: photo write and read throughput of the two blob stores, files under the data folder
/// against chunks in PostgreSQL, for a 1 MB and a 12 MB photo (what a phone sends).
enum BlobBench {
    static let sizes = [(1_000_000, "1 MB"), (12_000_000, "12 MB")]
    static let rounds = 10

    static func run(postgresURL: String, into table: inout BlobTableRows) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-blob-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let schema = "bench_blobs_\(UInt32.random(in: 0...UInt32.max))"
        let app = try await Application.make(Environment(name: "production", arguments: ["scanbook-bench"]))
        do {
            try await app.configureScanbook(AppConfig(dataDirectory: directory, database: .postgres(url: postgresURL, schema: schema), logLevel: .error))
            try await app.migrateScanbook()
            for (size, label) in sizes {
                var photo = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
                for storage in AppConfig.BlobStorage.allCases {
                    var writes = Timings(), reads = Timings()
                    for round in 0..<rounds {
                        photo[0] = UInt8(round)  // a new blob each round, not a repeat of the last
                        let (write, read) = try await app.timeBlobRoundTrip(photo, in: storage)
                        writes.record(write)
                        reads.record(read)
                    }
                    table.add(storage: storage, size: label, bytes: size, writes: writes, reads: reads)
                }
            }
            try await app.dropDatabaseSchema()
            try await app.asyncShutdown()
        } catch {
            try? await app.dropDatabaseSchema()
            try? await app.asyncShutdown()
            throw error
        }
    }
}

struct BlobTableRows {
    var table = BenchTable()

    mutating func add(storage: AppConfig.BlobStorage, size: String, bytes: Int, writes: Timings, reads: Timings) {
        let name = storage == .files ? "files (fsync'd)" : "PostgreSQL (1 MiB chunks)"
        for (what, timings) in [("write", writes), ("read", reads)] {
            let median = timings.percentile(0.5)
            let rate = Double(bytes) / 1_000_000 / max(median / 1_000, 1e-9)
            table.add("Blob \(what), \(name)", String(format: "%.0f MB/s (median %.1f ms, p90 %.1f ms)", rate, median, timings.percentile(0.9)),
                      dataSet: "\(size) photo, \(timings.milliseconds.count) rounds, PostgreSQL on loopback")
        }
    }
}
