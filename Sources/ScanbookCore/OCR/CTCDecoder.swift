/// Greedy CTC decoding of a text recognizer's output (PP-OCR's): for each time step the likeliest
/// class; consecutive steps of one class are one character, the blank class none. Each character
/// keeps the probability it was read with and the steps it spans, which place it on the line.
public struct CTCDecoder: Sendable {
    /// Index 0 is the blank; then the model's dictionary, then the space PaddleOCR appends.
    public let alphabet: [String]

    /// `dictionary`: the model's characters in class order (class 1 on).
    public init(dictionary: [String]) {
        alphabet = [""] + dictionary + [" "]
    }

    public struct Character: Equatable, Sendable {
        public var text: String
        public var confidence: Double
        /// The first and last time step that read it.
        public var steps: ClosedRange<Int>

        public init(text: String, confidence: Double, steps: ClosedRange<Int>) {
            self.text = text
            self.confidence = confidence
            self.steps = steps
        }
    }

    /// `probabilities`: `steps` rows of `classes` values each, from `offset`. A class the
    /// alphabet does not have (a model and dictionary that do not belong together) reads as
    /// nothing rather than trapping.
    public func decode(_ probabilities: [Float], offset: Int = 0, steps: Int, classes: Int) -> [Character] {
        probabilities.withUnsafeBufferPointer { decode($0, offset: offset, steps: steps, classes: classes) }
    }

    /// The same, read where the model left its output (no copy of megabytes per line).
    public func decode(_ probabilities: UnsafeBufferPointer<Float>, offset: Int = 0, steps: Int, classes: Int) -> [Character] {
        guard steps > 0, classes > 0, offset >= 0, offset + steps * classes <= probabilities.count else { return [] }
        var characters: [Character] = []
        var previous = 0
        for step in 0..<steps {
            let row = offset + step * classes
            var best = 0
            var bestValue = probabilities[row]
            for index in 1..<classes where probabilities[row + index] > bestValue {
                best = index
                bestValue = probabilities[row + index]
            }
            defer { previous = best }
            guard best != 0, best < alphabet.count else { continue }
            if best == previous, let last = characters.indices.last {
                // The same character still being read: it spans one more step.
                characters[last].steps = characters[last].steps.lowerBound...step
                continue
            }
            characters.append(Character(text: alphabet[best], confidence: Double(bestValue), steps: step...step))
        }
        return characters
    }

    /// `characters` with a space where the recognizer ran two words together: a gap between two
    /// characters' first steps at least 1.6 times the line's usual one (PP-OCR reads "SummeCHF"
    /// where the print has "Summe CHF": its steps show the gap the space leaves; letters within a
    /// word are 2–3 steps apart, words 5 or more).
    public static func spacedAtGaps(_ characters: [Character]) -> [Character] {
        guard characters.count >= 3 else { return characters }
        let gaps = zip(characters, characters.dropFirst()).map { $1.steps.lowerBound - $0.steps.lowerBound }
        let usual = gaps.sorted()[gaps.count / 2]
        guard usual > 0 else { return characters }
        var spaced = [characters[0]]
        for (gap, next) in zip(gaps, characters.dropFirst()) {
            if let last = spaced.last, last.text != " ", next.text != " ", Double(gap) >= 1.6 * Double(usual), gap >= 4 {
                // The space takes the steps between the two characters.
                let from = min(last.steps.upperBound + 1, next.steps.lowerBound - 1)
                spaced.append(Character(text: " ", confidence: min(last.confidence, next.confidence), steps: from...max(from, next.steps.lowerBound - 1)))
            }
            spaced.append(next)
        }
        return spaced
    }
}
