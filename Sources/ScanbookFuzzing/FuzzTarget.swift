import ScanbookCore

/// One parser or rule that takes outside input, with valid examples to mutate and the checks its
/// results must pass. A crash or a hang is a failure by itself; `check` returns a broken
/// invariant's description, or nil.
public struct FuzzTarget: Sendable {
    public let name: String
    public let seeds: [[UInt8]]
    public let check: @Sendable (_ input: [UInt8], _ maker: inout FuzzInputMaker) -> String?

    public init(_ name: String, seeds: [String], check: @escaping @Sendable (_ input: [UInt8], _ maker: inout FuzzInputMaker) -> String?) {
        self.name = name
        self.seeds = seeds.map { Array($0.utf8) }
        self.check = check
    }

    /// Text as a parser receives it (invalid UTF-8 repaired, as the server's decoders do).
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// The outcome of `FuzzRun.run`.
public struct FuzzReport: Sendable {
    public struct Failure: Sendable, CustomStringConvertible {
        public let target: String
        public let index: Int
        public let input: [UInt8]
        public let problem: String
        public var description: String { "\(target) #\(index): \(problem) for input \(input.prefix(80))" }
    }

    public var inputs = 0
    public var perTarget: [String: Int] = [:]
    public var failures: [Failure] = []
    /// The slowest single input, in seconds, and where.
    public var slowest: (seconds: Double, target: String) = (0, "")
}

/// Feeds every target its share of `count` inputs made from `seed`.
public enum FuzzRun {
    /// An input taking longer than this is reported as a hang.
    public static let hangSeconds = 2.0

    public static func run(_ targets: [FuzzTarget] = ParserTargets.all, count: Int, seed: UInt64) -> FuzzReport {
        var report = FuzzReport()
        let clock = ContinuousClock()
        for (offset, target) in targets.enumerated() {
            var maker = FuzzInputMaker(seed: seed &+ UInt64(offset) &* 0x1000_0000)
            let share = count / targets.count + (offset < count % targets.count ? 1 : 0)
            for index in 0..<share {
                let input = maker.next(seeds: target.seeds)
                let start = clock.now
                let problem = target.check(input, &maker)
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                if seconds > report.slowest.seconds { report.slowest = (seconds, target.name) }
                if let problem {
                    report.failures.append(.init(target: target.name, index: index, input: input, problem: problem))
                } else if seconds > hangSeconds {
                    report.failures.append(.init(target: target.name, index: index, input: input, problem: "took \(seconds) s"))
                }
            }
            report.inputs += share
            report.perTarget[target.name] = share
        }
        return report
    }
}
