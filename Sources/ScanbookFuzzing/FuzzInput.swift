/// A small, fast, seedable generator (SplitMix64): the same seed gives the same inputs on every
/// machine, so a failure found in `make bench` can be replayed by its seed and index.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes the inputs a parser is fed: random bytes, text from the characters parsers care about,
/// numeric extremes, and mutations (flips, cuts, splices, repeats) of the valid examples each
/// target brings, which reach deeper into a parser than noise does.
public struct FuzzInputMaker {
    var random: SeededGenerator

    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Characters that mean something to Scanbook's parsers, plus a few that should not.
    static let alphabet: [String] = Array("0123456789.,'-+/:;% \t\r\n\"=&[]()@#€$abcdefxyzABCDEFOoIlSBMRT")
        .map(String.init) + ["\u{0}", "\u{FFFD}", "ä", "ß", "ﬀ", "👍🏽", "\u{202E}", "CHF", "EUR", "RM", "Total", "Summe", "MwSt", "--", "\r\n"]
    static let extremes: [String] = [
        "", " ", "0", "-0", "-1", "1e400", "NaN", "-inf", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "99999999999999999999999", "0.000000001", "1.2.3", "1,2,3", "12'345'678.90",
        "0000-00-00", "1899-12-31", "1900-01-01", "2199-12-31", "2200-01-01", "9999-12-31", "31.12.2199", "29.02.2023",
        String(repeating: "9", count: 400), String(repeating: "[", count: 300), String(repeating: "a", count: 10_000),
    ]

    public mutating func next(seeds: [[UInt8]]) -> [UInt8] {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return randomBytes(maximum: 64)
        case 1, 2: return Array(text(maximumPieces: 24).utf8)
        case 3: return Array((Self.extremes.randomElement(using: &random) ?? "").utf8)
        default:
            guard var bytes = seeds.randomElement(using: &random) else { return randomBytes(maximum: 64) }
            for _ in 0..<Int.random(in: 1...4, using: &random) { mutate(&bytes, seeds: seeds) }
            return bytes
        }
    }

    public mutating func text(maximumPieces: Int) -> String {
        (0..<Int.random(in: 0...maximumPieces, using: &random)).map { _ in Self.alphabet.randomElement(using: &random) ?? "" }.joined()
    }

    public mutating func integer() -> Int {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: [Int.min, Int.max, 0, -1, 1, Int.max / 2, Int.min / 2].randomElement(using: &random) ?? 0
        case 1: Int.random(in: Int.min...Int.max, using: &random)
        default: Int.random(in: -100_000...100_000_000, using: &random)
        }
    }

    mutating func randomBytes(maximum: Int) -> [UInt8] {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    mutating func mutate(_ bytes: inout [UInt8], seeds: [[UInt8]]) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1 where !bytes.isEmpty: bytes[position] = [0, 0x7F, 0x80, 0xFF, 0x30, 0x2E, 0x2C, 0x0A].randomElement(using: &random) ?? 0
        case 2 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &random)))
        case 3: bytes.insert(contentsOf: Array(text(maximumPieces: 4).utf8), at: position)
        case 4 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
            let piece = bytes[position..<end]
            bytes.insert(contentsOf: Array(repeating: piece, count: Int.random(in: 1...8, using: &random)).joined(), at: end)
        case 5:
            let other = seeds.randomElement(using: &random) ?? []
            let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
            bytes = Array(bytes.prefix(position)) + other.suffix(from: cut)
        default: bytes = Array(bytes.prefix(position))
        }
    }
}
