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
