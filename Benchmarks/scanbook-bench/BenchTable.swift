import Foundation
import ScanbookCore

/// Prints benchmark rows as a Markdown table with the machine they ran on, ready for
/// docs/benchmarks.md.
struct BenchTable {
    struct Row {
        let figure: String
        let value: String
        let dataSet: String
    }

    var rows: [Row] = []

    mutating func add(_ figure: String, _ value: String, dataSet: String) {
        rows.append(Row(figure: figure, value: value, dataSet: dataSet))
    }

    func print(title: String) {
        guard !rows.isEmpty else { return }
        Swift.print("\n## \(title)\n")
        Swift.print("Machine: \(Self.machine)\n")
        Swift.print("| figure | value | data set |")
        Swift.print("|---|---|---|")
        for row in rows { Swift.print("| \(row.figure) | \(row.value) | \(row.dataSet) |") }
    }

    static var machine: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, Swift \(buildKind) build"
    }
}

/// Milliseconds of repeated runs, summarised as median and 90th percentile.
struct Timings {
    private(set) var milliseconds: [Double] = []

    mutating func record(_ elapsed: Duration) {
        record(milliseconds: elapsed.milliseconds)
    }

    mutating func record(milliseconds value: Double) {
        milliseconds.append(value)
    }

    func percentile(_ p: Double) -> Double {
        let sorted = milliseconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var summary: String {
        String(format: "median %.2f ms, p90 %.2f ms (n=%d)", percentile(0.5), percentile(0.9), milliseconds.count)
    }
}

/// Figures from a debug build are not comparable with release ones: the table says which ran.
#if DEBUG
private let buildKind = "debug"
#else
private let buildKind = "release"
#endif
