/// Scores to probabilities that add up to 1, for the models in Core (digit reader, total chooser).
public enum Softmax {
    public static func probabilities(_ values: [Float]) -> [Float] {
        let top = values.max() ?? 0
        let exponentials = values.map { exponential($0 - top) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }

    /// e^x for x ≤ 0 without Foundation: 2^(x·log2 e), the integer part as an exponent, the
    /// fraction by a Taylor polynomial of 2^f (relative error < 1e-6, plenty for a softmax).
    static func exponential(_ x: Float) -> Float {
        let scaled = max(x, -80) * 1.442_695_04
        let whole = scaled.rounded(.down)
        let f = (scaled - whole) * 0.693_147_18  // back to natural units, 0 ≤ f < ln 2
        var term: Float = 1, sum: Float = 1
        for n in 1...8 {
            term *= f / Float(n)
            sum += term
        }
        return Float(sign: .plus, exponent: Int(whole), significand: sum)
    }
}
