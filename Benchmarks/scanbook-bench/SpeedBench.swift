import Foundation

/// `scanbook receipt FILE --json` against plain `tesseract FILE stdout` on the same files, timed
/// alternately in one run (issue 25). Plain Tesseract lets OpenMP use every core, which on a small
/// machine often costs more than it gains; the same run with `OMP_THREAD_LIMIT=1` (one core, as
/// Scanbook's recognition uses) is reported beside it so the ratio is not flattered.
enum SpeedBench {
    static func run(directory: String, scanbook: String, limit: Int, into table: inout BenchTable) throws {
        guard let tesseract = executable("tesseract") else {
            print("\nSpeed against Tesseract skipped: no `tesseract` command (Debian package tesseract-ocr).")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: scanbook) else {
            print("\nSpeed against Tesseract skipped: \(scanbook) not built (swift build -c release --product scanbook).")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
            .prefix(limit).map { directory + "/" + $0 }
        var ours = Timings(), paddle = Timings(), plain = Timings(), oneCore = Timings()
        var ratios: [Double] = [], paddleRatios: [Double] = []
        for file in files {
            // As a user starts them: without the OMP_THREAD_LIMIT this bench has (scanbook sets it
            // itself as it starts). Each file's runs follow each other, so a busy moment of the
            // machine weighs on all of them alike.
            let tesseractReader = try timed(scanbook, ["receipt", file, "--json", "--engine", "tesseract"], environment: ["OMP_THREAD_LIMIT": nil])
            let paddleReader = try timed(scanbook, ["receipt", file, "--json", "--engine", "ppocr"], environment: ["OMP_THREAD_LIMIT": nil])
            let plainRun = try timed(tesseract, [file, "stdout"], environment: ["OMP_THREAD_LIMIT": nil])
            let oneCoreRun = try timed(tesseract, [file, "stdout"], environment: ["OMP_THREAD_LIMIT": "1"])
            ours.record(tesseractReader)
            paddle.record(paddleReader)
            plain.record(plainRun)
            oneCore.record(oneCoreRun)
            ratios.append(tesseractReader / oneCoreRun)
            paddleRatios.append(paddleReader / oneCoreRun)
        }
        let set = "\(URL(fileURLWithPath: directory).lastPathComponent), \(files.count) receipts, process start to exit"
        table.add("scanbook receipt --json --engine tesseract", ours.summary, dataSet: set)
        table.add("scanbook receipt --json --engine ppocr", paddle.summary, dataSet: set)
        table.add("tesseract FILE stdout", plain.summary, dataSet: set)
        table.add("OMP_THREAD_LIMIT=1 tesseract FILE stdout (one core)", oneCore.summary, dataSet: set)
        func median(_ values: [Double]) -> String { String(format: "%.2f", values.sorted()[values.count / 2]) }
        table.add("Ratio Tesseract reader / one-core tesseract (median per file)", median(ratios), dataSet: set)
        table.add("Ratio PP-OCR reader / one-core tesseract (median per file; target ≤ 1.0)", median(paddleRatios), dataSet: set)
    }

    /// Wall time of one run, start to exit; a failing run stops the bench. `environment`: nil
    /// removes a variable.
    static func timed(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Duration {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return elapsed
    }

    static func executable(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
