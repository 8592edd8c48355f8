import Foundation
import ScanbookFuzzing
import Testing

/// Every Core parser fed random and mutated inputs (see `ParserTargets`): no crash, no hang, no
/// broken invariant. CI runs about 10,000 inputs; `make bench` runs a million with the same code.
/// `SCANBOOK_FUZZ_INPUTS` and `SCANBOOK_FUZZ_SEED` change the count and the seed.
@Suite struct ParserFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let inputs = environment["SCANBOOK_FUZZ_INPUTS"].flatMap(Int.init) ?? 10_000
    static let seed = environment["SCANBOOK_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_125

    @Test func everyParserSurvivesRandomAndMutatedInput() {
        let report = FuzzRun.run(count: Self.inputs, seed: Self.seed)
        #expect(report.inputs == Self.inputs)
        #expect(report.perTarget.count == ParserTargets.all.count && report.perTarget.values.allSatisfy { $0 > 0 })
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
    }

    @Test func theSameSeedMakesTheSameInputs() {
        var first = FuzzInputMaker(seed: 7), second = FuzzInputMaker(seed: 7)
        let seeds = [Array("Total 12.50".utf8)]
        #expect((0..<100).map { _ in first.next(seeds: seeds) } == (0..<100).map { _ in second.next(seeds: seeds) })
    }

    @Test func aBrokenInvariantIsReportedWithItsInput() {
        let strict = FuzzTarget("rejects digits", seeds: ["1"]) { input, _ in input.contains(UInt8(ascii: "1")) ? "saw a 1" : nil }
        let report = FuzzRun.run([strict], count: 200, seed: 1)
        #expect(!report.failures.isEmpty)
        #expect(report.failures.allSatisfy { $0.input.contains(UInt8(ascii: "1")) })
    }
}
