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
    }

    struct PhotoTruth: Decodable {
        let file: String
        let meter: Int
        let reference: Bool
    }

    /// How a photo is prepared before its histogram is compared.
    enum Preparation: String, CaseIterable {
        case fullSize = "full size (no downscale, no crop)"
        case downscaled = "downscaled to 400 px"
        case downscaledAndCropped = "downscaled, then cut to the outline found (shipped)"

        func apply(_ image: Image) throws -> Image {
            switch self {
            case .fullSize: return image
            case .downscaled: return try image.resized(toFit: MeterPhotoMatcher.workingSide)
            case .downscaledAndCropped: return try MeterPhotoMatcher.prepare(image)
            }
        }
    }

    static func runPhotos(directory: String, into table: inout BenchTable) throws {
        let truth = try JSONDecoder().decode([PhotoTruth].self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/truth.json")))
        let decoded = try truth.map { try Image.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0.file)))) }
        let meters = Set(truth.map(\.meter)).count
        let queries = truth.indices.filter { !truth[$0].reference }
        let set = "generated meter photos (\(meters) meters, \(queries.count) photos, 1600×1200)"
        for preparation in Preparation.allCases {
            let referenceIndices = truth.indices.filter { truth[$0].reference }
            let references = try referenceIndices.map { try preparation.apply(decoded[$0]) }
            var right = 0, wrong = 0, uncertain = 0
            var timings = Timings()
            for index in queries {
                let start = ContinuousClock.now
                let (scores, decision) = try MeterPhotoMatcher.identify(try preparation.apply(decoded[index]), references: references)
                timings.record(ContinuousClock.now - start)
                if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
                    let wanted = referenceIndices.firstIndex { truth[$0].meter == truth[index].meter }!
                    let byCorrelation = scores.indices.sorted { scores[$0].correlation > scores[$1].correlation }
                    print("  \(truth[index].file) [\(preparation)] votes \(decision.votes) wanted \(wanted) correlation rank \(byCorrelation.firstIndex(of: wanted)!) top \(byCorrelation.prefix(3).map { String(format: "%d:%.2f", $0, scores[$0].correlation) })")
                }
                guard let best = decision.best else { uncertain += 1; continue }
                if truth[referenceIndices[best]].meter == truth[index].meter { right += 1 } else { wrong += 1 }
            }
            table.add(
                "Identification, \(preparation.rawValue): right / wrong / asked",
                "\(ReceiptBench.share(right, queries.count)) / \(ReceiptBench.share(wrong, queries.count)) / \(ReceiptBench.share(uncertain, queries.count)), \(String(format: "%.0f ms", timings.percentile(0.5)))",
                dataSet: set
            )
        }
    }
}
