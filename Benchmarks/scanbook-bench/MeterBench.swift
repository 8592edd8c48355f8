import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// The meter module on `generate_meters.py` sets: whole strip readings (exact, as a person would
/// write them down) and which-meter identification, with and without each preparation step.
enum MeterBench {
    struct StripTruth: Decodable {
        let digits: Int
        let decimals: Int
        let steps: Int
        let rolling: Bool
    }

    static func runStrips(directory: String, into table: inout BenchTable) throws {
        let reader = StripReader(reader: try DigitModels.reader(named: "meter", secondOpinion: true))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        var exact = 0, rollingExact = 0, rollingTotal = 0, digitsRight = 0, digitsTotal = 0
        var timings = Timings()
        var misses: [String] = []
        // (confidence, exact) per strip: how often a value the page would pre-fill is right.
        var outcomes: [(confidence: Double, exact: Bool)] = []
        for name in names {
            let truth = try JSONDecoder().decode(StripTruth.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name.replacingOccurrences(of: ".json", with: ".jpg"))))
            let counter = MeterCounter(digits: truth.digits, decimals: truth.decimals)!
            let start = ContinuousClock.now
            let result = try reader.read(try Image.decode(bytes), counter: counter)
            timings.record(ContinuousClock.now - start)
            let expected = String(String(truth.steps).reversed()).padding(toLength: truth.digits, withPad: "0", startingAt: 0).reversed()
            let read = String(String(result.steps).reversed()).padding(toLength: truth.digits, withPad: "0", startingAt: 0).reversed()
            digitsRight += zip(expected, read).filter { $0 == $1 }.count
            digitsTotal += truth.digits
            if truth.rolling { rollingTotal += 1 }
            outcomes.append((result.confidence, result.steps == truth.steps))
            if result.steps == truth.steps {
                exact += 1
                if truth.rolling { rollingExact += 1 }
            } else {
                misses.append("\(name): \(String(expected)) read \(String(read))\(truth.rolling ? " (rolling)" : "")")
            }
        }
        let set = "generated strips (\(names.count), \(rollingTotal) mid-roll)"
        table.add("Strip reading, whole value exact", ReceiptBench.share(exact, names.count), dataSet: set)
        table.add("Strip reading exact, strips caught mid-roll", ReceiptBench.share(rollingExact, rollingTotal), dataSet: set)
        table.add("Strip reading, digits right", ReceiptBench.share(digitsRight, digitsTotal), dataSet: set)
        table.add("Strip reading time, median / p90 (decode + cells + reader)", String(format: "%.1f / %.1f ms", timings.percentile(0.5), timings.percentile(0.9)), dataSet: set)
        if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil { misses.forEach { print("  miss \($0)") } }
        for threshold in [0.5, 0.6, 0.7, 0.8, 0.9] {
            let filled = outcomes.filter { $0.confidence >= threshold }
            let wrong = filled.filter { !$0.exact }.count
            let missedWrong = outcomes.filter { $0.confidence < threshold && !$0.exact }.count
            table.add(
                "Value put in the form at confidence ≥ \(Int((threshold * 100).rounded())) %\(threshold == StripReader.sureConfidence ? " (shipped)" : ""): filled / wrong among filled / wrong left empty",
                "\(ReceiptBench.share(filled.count, outcomes.count)) / \(wrong) / \(missedWrong)", dataSet: set
            )
        }
    }

    struct PhotoTruth: Decodable {
        let file: String
        let meter: Int
        let reference: Bool
        /// What the counter shows and its layout (issue 42; older sets lack them).
        let value: String?
        let digits: Int?
        let decimals: Int?
        let layout: String?
    }

    /// Counters read from whole photos (issue 42): each new photo aligned to its meter's reference,
    /// whose window is found by the text reader (as when a meter is created), then read. Exact values,
    /// wrong values that were not flagged (the figure that must stay at zero), and the time per photo.
    static func runWholePhotos(directory: String, label: String, text: any TextRecognizer, into table: inout BenchTable) async throws {
        let truth = try JSONDecoder().decode([PhotoTruth].self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/truth.json")))
        guard truth.allSatisfy({ $0.value != nil }) else { return }
        func load(_ index: Int) throws -> Image { try Image.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + truth[index].file)))) }
        let reader = MeterPhotoReader(strips: StripReader(reader: try DigitModels.reader(named: "meter", secondOpinion: true)), text: text)
        var references: [Int: (image: Image, window: PixelRect?)] = [:]
        var windowsFound = 0
        for index in truth.indices where truth[index].reference {
            let image = try load(index)
            let window = try await reader.findWindow(in: image, expectedDigits: truth[index].digits)?.box
            if window != nil { windowsFound += 1 }
            references[truth[index].meter] = (image, window)
        }
        let queries = truth.indices.filter { !truth[$0].reference }
        var exact = 0, exactFilled = 0, wrongUnflagged = 0, flagged = 0, notFound = 0, aligned = 0
        var byLayout: [String: (right: Int, all: Int)] = [:]
        var timings = Timings()
        for index in queries {
            let entry = truth[index]
            guard let counter = MeterCounter(digits: entry.digits ?? 0, decimals: entry.decimals ?? 0), let reference = references[entry.meter] else { continue }
            let photo = try load(index)
            let start = ContinuousClock.now
            let reading = try await reader.read(photo, reference: reference.image, window: reference.window, counter: counter)
            timings.record(ContinuousClock.now - start)
            let layout = entry.layout ?? "?"
            byLayout[layout, default: (0, 0)].all += 1
            guard let reading else {
                notFound += 1
                continue
            }
            if reading.method == .aligned { aligned += 1 }
            // A display drops leading zeros; the truth is written as the counter shows it.
            let right = counter.parse(entry.value ?? "") == reading.steps
            if right { exact += 1; byLayout[layout, default: (0, 0)].right += 1 }
            if reading.isSure { if right { exactFilled += 1 } else { wrongUnflagged += 1 } } else { flagged += 1 }
            if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
                print("  \(entry.file) \(layout) truth \(entry.value ?? "") read \(counter.format(reading.steps)) \(reading.method.rawValue) inliers \(reading.inliers) second \(reading.secondReading ?? "-") unsure \(reading.unsure)")
            }
        }
        let set = "\(label) (\(references.count) meters, \(queries.count) photos)"
        let total = queries.count
        table.add("Whole photo: counter window found on the reference", "\(windowsFound) of \(references.count)", dataSet: set)
        table.add("Whole photo: value exact", ReceiptBench.share(exact, total), dataSet: set)
        table.add("Whole photo: filled in (sure) and exact", ReceiptBench.share(exactFilled, total), dataSet: set)
        table.add("Whole photo: wrong and not flagged", "\(wrongUnflagged) of \(total)", dataSet: set)
        table.add("Whole photo: flagged for a look / counter not found", "\(flagged) / \(notFound)", dataSet: set)
        table.add("Whole photo: aligned to the reference (rest: found in the photo)", "\(aligned) of \(total)", dataSet: set)
        table.add("Whole photo: exact by layout", byLayout.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.right)/\($0.value.all)" }.joined(separator: ", "), dataSet: set)
        table.add("Whole photo: median / p90 time per photo (one core)", String(format: "%.0f / %.0f ms", timings.percentile(0.5), timings.percentile(0.9)), dataSet: set)
    }

    /// Which meter each new photo shows, against one reference photo per meter: the shipped ranking
    /// (features, histograms breaking ties) and the histogram vote it replaced, on the same photos.
    static func runPhotos(directory: String, label: String, into table: inout BenchTable) throws {
        let truth = try JSONDecoder().decode([PhotoTruth].self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/truth.json")))
        func load(_ index: Int) throws -> Image { try Image.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + truth[index].file)))) }
        let referenceIndices = truth.indices.filter { truth[$0].reference }
        let references = try referenceIndices.map { try MeterPhotoMatcher.prepare(try load($0)) }
        let queries = truth.indices.filter { !truth[$0].reference }
        let set = "\(label) (\(referenceIndices.count) meters, \(queries.count) photos)"
        var shipped = (right: 0, wrong: 0, asked: 0, guessRight: 0), histograms = (right: 0, wrong: 0, asked: 0)
        var timings = Timings()
        for index in queries {
            let photo = try load(index)
            let start = ContinuousClock.now
            let (evidence, ranking) = try MeterPhotoMatcher.identify(try MeterPhotoMatcher.prepare(photo), references: references)
            timings.record(ContinuousClock.now - start)
            func isRight(_ reference: Int) -> Bool { truth[referenceIndices[reference]].meter == truth[index].meter }
            if let best = ranking.best {
                if isRight(best) { shipped.right += 1 } else { shipped.wrong += 1 }
            } else {
                shipped.asked += 1
                if let guess = ranking.order.first, isRight(guess) { shipped.guessRight += 1 }
            }
            if let best = MeterIdentification.decide(evidence.map(\.scores)).best {
                if isRight(best) { histograms.right += 1 } else { histograms.wrong += 1 }
            } else {
                histograms.asked += 1
            }
            if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
                let wanted = referenceIndices.firstIndex { truth[$0].meter == truth[index].meter } ?? -1
                print("  \(truth[index].file) wanted \(wanted) best \(ranking.best.map(String.init) ?? "ask") certainty \(String(format: "%.2f", ranking.certainty)) matches \(ranking.order.prefix(3).map { "\($0):\(evidence[$0].matches)/\(evidence[$0].distinctMatches)" })")
            }
        }
        func shares(_ right: Int, _ wrong: Int, _ asked: Int) -> String {
            "\(ReceiptBench.share(right, queries.count)) / \(ReceiptBench.share(wrong, queries.count)) / \(ReceiptBench.share(asked, queries.count))"
        }
        table.add("Identification, histogram vote (before): right / wrong / asked", shares(histograms.right, histograms.wrong, histograms.asked), dataSet: set)
        table.add(
            "Identification, features + histograms (shipped): right / wrong / asked",
            shares(shipped.right, shipped.wrong, shipped.asked) + String(format: ", %.0f ms median", timings.percentile(0.5)), dataSet: set
        )
        table.add("Identification asked: best guess (listed first) right", "\(shipped.guessRight) of \(shipped.asked)", dataSet: set)
    }
}
