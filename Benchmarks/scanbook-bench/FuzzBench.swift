import Foundation
import ScanbookFuzzing

/// The parser fuzzing of issue 21 at full size: `--fuzz N` random and mutated inputs (seeded) over
/// every target in `ParserTargets.all`; CI runs the same targets with 10,000 in `ParserFuzzTests`.
enum FuzzBench {
    static func run(count: Int, seed: UInt64, into table: inout BenchTable) {
        let clock = ContinuousClock()
        let start = clock.now
        let report = FuzzRun.run(count: count, seed: seed)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let dataSet = "\(ParserTargets.all.count) parser targets, seed \(seed)"
        table.add("inputs fuzzed", "\(report.inputs)", dataSet: dataSet)
        table.add("failures (crash, broken invariant, > \(FuzzRun.hangSeconds) s)", "\(report.failures.count)", dataSet: dataSet)
        table.add("time", String(format: "%.1f s (%.0f inputs/s)", seconds, Double(report.inputs) / max(seconds, 0.001)), dataSet: dataSet)
        table.add("slowest input", String(format: "%.1f ms (%@)", report.slowest.seconds * 1000, report.slowest.target), dataSet: dataSet)
        for failure in report.failures.prefix(20) { print("  fuzz failure: \(failure)") }
    }
}
