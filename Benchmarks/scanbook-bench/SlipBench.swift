import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// QR-bill reading through `BarcodeReader` and `Slip`, as `scanbook slip` does it: a photo counts
/// as right when exactly its bills are found with every field as the payload says; a bill found
/// on a page without one is an invented bill.
enum SlipBench {
    /// `directory` holds NNN.png with either NNN.txt (one payload, the shared corpus) or NNN.json
    /// (`{"payloads": [...]}`, the generated set).
    static func run(directory: String, label: String, into table: inout BenchTable) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }.sorted()
        var right = 0, photos = 0, bills = 0, invented = 0
        var times = Timings()
        var misses: [String] = []
        for file in files {
            let base = URL(fileURLWithPath: directory).appendingPathComponent(file).deletingPathExtension()
            guard let expected = truth(base) else { continue }
            photos += 1
            bills += expected.count
            let start = ContinuousClock.now
            let found = try BarcodeReader.decode(try Image.decode([UInt8](try Data(contentsOf: base.appendingPathExtension("png")))))
                .filter { $0.symbology == .qrCode }.compactMap { Slip.fromQRCode($0.payload) }
            times.record(ContinuousClock.now - start)
            let wanted = expected.compactMap { payload -> Slip? in (try? QRBill.decode(payload).get()).map(Slip.init) }
            if Set(found.map(\.key)) == Set(wanted.map(\.key)), found.count == wanted.count { right += 1 } else { misses.append(file) }
            if expected.isEmpty { invented += found.count }
        }
        if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil { misses.forEach { print("slip miss: \($0)") } }
        let set = "\(label), \(photos) photos, \(bills) bills"
        table.add("Photos read exactly (every bill, every field)", share(right, photos), dataSet: set)
        table.add("Bills invented on pages without one", "\(invented)", dataSet: set)
        table.add("Time per photo, median / p90", times.summary, dataSet: set)
    }

    /// Orange-slip photos (NNN.jpg with `{"codeline": …}`) through `SlipReader` with `engine`'s
    /// reader: right when the one slip found is the printed codeline; a different codeline
    /// reported valid is a wrong one.
    static func runCodelines(directory: String, engine: TextReaderEngine = .tesseract, into table: inout BenchTable) async throws {
        struct Truth: Decodable {
            let codeline: String
            /// The address block's creditor (sets generated before it was printed have none).
            let creditor: QRBill.Address?
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
        let pool = try engine.makeReader(threads: 1)
        defer { pool.shutdown() }
        var reader = SlipReader()
        if let languages = ProcessInfo.processInfo.environment["BENCH_SLIP_LANG"] { reader.languages = languages }
        var right = 0, wrong = 0, none = 0
        var creditors = 0, creditorsRight = 0, creditorsWrong = 0
        var times = Timings()
        for file in files {
            let base = URL(fileURLWithPath: directory).appendingPathComponent(file).deletingPathExtension()
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: base.appendingPathExtension("json")))
            let expected = Slip.fromCodeline(truth.codeline)
            let start = ContinuousClock.now
            let found = try await reader.read([UInt8](try Data(contentsOf: base.appendingPathExtension("jpg"))), with: pool)
            times.record(ContinuousClock.now - start)
            var codelineOnly = found
            for index in codelineOnly.indices { codelineOnly[index].creditor = nil }
            if codelineOnly == [expected] { right += 1 } else if found.isEmpty { none += 1 } else { wrong += 1 }
            if let creditor = truth.creditor, codelineOnly == [expected] {
                creditors += 1
                if found[0].creditor == creditor { creditorsRight += 1 } else if found[0].creditor != nil { creditorsWrong += 1 }
                if found[0].creditor != creditor, ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
                    print("creditor miss: \(file) \(found[0].creditor.map { "\($0)" } ?? "none")")
                }
            }
            if codelineOnly != [expected], ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil { print("codeline miss: \(file) \(found.count)") }
        }
        let set = "generated orange slips (OCR-B), \(files.count) photos, \(engine.displayName)"
        table.add("Codeline read exactly on the first try", share(right, files.count), dataSet: set)
        table.add("No codeline found (asked to retake)", "\(none)", dataSet: set)
        table.add("Wrong codeline reported as valid", "\(wrong)", dataSet: set)
        if creditors > 0 {
            table.add("Creditor's address block read exactly (of the codelines read)", share(creditorsRight, creditors), dataSet: set)
            table.add("Creditor filled in wrong (the person corrects it)", "\(creditorsWrong)", dataSet: set)
        }
        table.add("Time per photo, median / p90", times.summary, dataSet: set)
    }

    private static func truth(_ base: URL) -> [String]? {
        if let text = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8) { return [text] }
        struct Generated: Decodable { let payloads: [String] }
        guard let data = try? Data(contentsOf: base.appendingPathExtension("json")) else { return nil }
        return (try? JSONDecoder().decode(Generated.self, from: data))?.payloads
    }

    private static func share(_ count: Int, _ total: Int) -> String {
        total == 0 ? "–" : String(format: "%.1f%% (%d/%d)", 100.0 * Double(count) / Double(total), count, total)
    }
}

private extension Slip {
    /// Every field, for comparing what was read with the truth.
    var key: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
