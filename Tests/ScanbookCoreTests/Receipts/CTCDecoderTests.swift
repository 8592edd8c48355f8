import Testing
@testable import ScanbookCore

@Suite struct CTCDecoderTests {
    /// One-hot-ish rows: the class to read at each step with its probability.
    static func output(_ steps: [(Int, Float)], classes: Int) -> [Float] {
        steps.flatMap { index, probability in
            (0..<classes).map { $0 == index ? probability : (1 - probability) / Float(classes - 1) }
        }
    }

    @Test func repeatsAreOneCharacterAndBlanksSeparateDoubles() {
        let decoder = CTCDecoder(dictionary: ["a", "b", "l"])  // 1 a, 2 b, 3 l, 4 space
        // "b a l l" with blanks: b b _ a l _ l _ (space) a
        let rows: [(Int, Float)] = [(2, 0.9), (2, 0.8), (0, 0.9), (1, 0.7), (3, 0.9), (0, 0.9), (3, 0.6), (4, 0.9), (1, 0.95)]
        let characters = decoder.decode(Self.output(rows, classes: 5), steps: rows.count, classes: 5)
        #expect(characters.map(\.text).joined() == "ball a")
        #expect(characters[0].steps == 0...1 && characters[0].confidence == Double(Float(0.9)), "the first step's probability")
        #expect(characters[3].steps == 6...6)
    }

    @Test func aClassBeyondTheAlphabetOrAShortBufferReadsAsNothing() {
        let decoder = CTCDecoder(dictionary: ["x"])  // classes 0 blank, 1 x, 2 space
        let rows: [(Int, Float)] = [(1, 0.9), (3, 0.9)]
        #expect(decoder.decode(Self.output(rows, classes: 4), steps: 2, classes: 4).map(\.text) == ["x"])
        #expect(decoder.decode([0.1, 0.9], steps: 2, classes: 3).isEmpty)
    }

    @Test func piecesOnOneLineJoinLeftToRightAndWordsGetTheirStepsBoxes() {
        func piece(_ text: String, x: Int, y: Int, width: Int) -> TextLineGrouping.Piece {
            let characters = text.enumerated().map { CTCDecoder.Character(text: String($1), confidence: 0.9, steps: $0...$0) }
            let edges = (0...text.count).map { Double(x) + Double(width) * Double($0) / Double(text.count) }
            return TextLineGrouping.Piece(characters: characters, box: PixelRect(x: x, y: y, width: width, height: 20), stepEdges: edges)
        }
        let result = TextLineGrouping.result([
            piece("12.50", x: 300, y: 102, width: 50), piece("TOTAL RM", x: 10, y: 100, width: 80), piece("MYSHOP", x: 10, y: 40, width: 60),
            piece("   ", x: 10, y: 200, width: 30),
        ])
        #expect(result.lines.map(\.text) == ["MYSHOP", "TOTAL RM 12.50"])
        #expect(result.text == "MYSHOP\nTOTAL RM 12.50")
        let rm = result.words.first { $0.text == "RM" }
        #expect(rm?.line == 1 && rm?.box.x == 70 && rm?.box.width == 20, "the word's own steps: \(String(describing: rm?.box))")
        #expect(result.words.allSatisfy { abs($0.confidence - 90) < 0.01 })
        #expect(result.lines[1].box == PixelRect(x: 10, y: 100, width: 340, height: 22))
    }
}

@Suite struct CTCSpacingTests {
    /// Characters at `steps`, the space class at `evidence` (a share) in the gap before each.
    static func characters(_ text: String, at steps: [Int], evidence: [Double] = []) -> [CTCDecoder.Character] {
        zip(text, steps).enumerated().map { index, pair in
            CTCDecoder.Character(text: String(pair.0), confidence: 0.9, steps: pair.1...pair.1, spaceBefore: index < evidence.count ? evidence[index] : 0)
        }
    }

    /// The decoder keeps the space class's highest probability in the blanks before a character.
    @Test func theSpaceClassWeightInAGapIsKept() {
        let decoder = CTCDecoder(dictionary: ["a", "b"])  // 1 a, 2 b, 3 space
        // a, blank (space at 0.3), blank (space at 0.1), b, b, blank (space at 0), a
        let rows: [[Float]] = [[0.05, 0.9, 0.03, 0.02], [0.6, 0.05, 0.05, 0.3], [0.8, 0.05, 0.05, 0.1], [0.1, 0.1, 0.8, 0], [0.1, 0.1, 0.8, 0], [0.9, 0.05, 0.05, 0], [0.1, 0.8, 0.1, 0]]
        let characters = decoder.decode(rows.flatMap { $0 }, steps: rows.count, classes: 4)
        #expect(characters.map(\.text).joined() == "aba")
        #expect(characters.map(\.spaceBefore) == [0, Double(Float(0.3)), 0])
    }

    @Test func wordsRunTogetherGetTheirSpaceBackFromTheGap() {
        // Measured on PP-OCRv6 reading generated German photos: "Beleg-Nr.47841", . → 4 six steps
        // apart with the space class at 41 %; "2X4,69" at 20 % and 31 %.
        let beleg = Self.characters("Beleg-Nr.47841", at: [2, 5, 8, 10, 13, 16, 19, 21, 24, 30, 33, 35, 38, 41], evidence: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.409])
        #expect(CTCDecoder.spacedAtGaps(beleg).map(\.text).joined() == "Beleg-Nr. 47841")
        let quantity = Self.characters("2X4,69", at: [3, 9, 14, 17, 19, 22], evidence: [0.005, 0.195, 0.307])
        #expect(CTCDecoder.spacedAtGaps(quantity).map(\.text).joined() == "2 X 4,69")
    }

    /// A wide letter leaves as long a gap as a space, but the space class has no weight there
    /// (measured: "REWE Markt GmbH" read as "REW E Markt Gm bH" before the weight was asked).
    @Test func aWideLettersGapWithoutTheSpaceClassIsNoSpace() {
        let rewe = Self.characters("REWE Markt GmbH", at: [2, 5, 7, 11, 13, 15, 18, 20, 22, 24, 26, 28, 30, 34, 36],
                                   evidence: [0, 0, 0, 0, 0.077, 0.058, 0, 0, 0, 0, 0.142, 0.022])
        #expect(CTCDecoder.spacedAtGaps(rewe).map(\.text).joined() == "REWE Markt GmbH")
    }

    /// A gap three times the usual one is a space whatever the space class says ("Karte #6094":
    /// 25 steps where letters are 2 apart).
    @Test func aVeryWideGapIsASpaceWithoutTheSpaceClass() {
        let karte = Self.characters("Karte #6094", at: [2, 4, 7, 9, 11, 13, 15, 40, 42, 45, 47], evidence: [0, 0, 0, 0, 0, 0.029, 0.096, 0.005])
        #expect(CTCDecoder.spacedAtGaps(karte).map(\.text).joined() == "Karte # 6094")
    }

    @Test func evenSpacingAndSpacesReadAreLeftAlone() {
        let word = Self.characters("Schokolade", at: [2, 5, 7, 10, 13, 15, 18, 21, 23, 26], evidence: Array(repeating: 0.5, count: 10))
        #expect(CTCDecoder.spacedAtGaps(word).map(\.text).joined() == "Schokolade")
        let spaced = Self.characters("Bon 41747/6", at: [2, 5, 8, 10, 14, 16, 19, 22, 24, 27, 30], evidence: Array(repeating: 0.5, count: 11))
        #expect(CTCDecoder.spacedAtGaps(spaced).map(\.text).joined() == "Bon 41747/6")
    }
}

@Suite struct TextLineGroupingTests {
    static func piece(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int = 30) -> TextLineGrouping.Piece {
        TextLineGrouping.Piece(characters: text.enumerated().map { CTCDecoder.Character(text: String($1), confidence: 0.9, steps: $0...$0) },
                               box: PixelRect(x: x, y: y, width: width, height: height), stepEdges: nil)
    }

    /// Tall boxes of adjacent lines overlap: a piece with another above or below it in the line is
    /// on the next line (sroie-dev 002: "TOTAL ROUNDED 33.90" and "CASH RM 50.00" ran together).
    @Test func aPieceUnderAnotherStartsTheNextLineHoweverTallTheBoxes() {
        let result = TextLineGrouping.result([
            Self.piece("TOTAL ROUNDED", 10, 100, 200, 40), Self.piece("33.90", 400, 104, 80, 40),
            Self.piece("CASH", 10, 125, 80, 40), Self.piece("RM 50.00", 380, 128, 100, 40),
        ])
        #expect(result.lines.map(\.text) == ["TOTAL ROUNDED 33.90", "CASH RM 50.00"])
    }

    /// A line running uphill across a skewed page stays one line.
    @Test func aSlopingLineStaysTogether() {
        let result = TextLineGrouping.result([
            Self.piece("Milch", 10, 120, 100), Self.piece("1.50", 150, 110, 60), Self.piece("A", 240, 100, 20),
            Self.piece("Brot", 10, 160, 80), Self.piece("2.40", 150, 150, 60),
        ])
        #expect(result.lines.map(\.text) == ["Milch 1.50 A", "Brot 2.40"])
    }

    /// On a page photographed at an angle, an amount far right of its label sits a whole line
    /// lower than the label; the long pieces' slope shows the skew and the pair stays together
    /// (sroie-dev 247: the value column was read one line off).
    @Test func aSkewedPageKeepsLabelsWithTheirFarAmounts() {
        func sloped(_ text: String, _ x: Int, _ y: Int, _ width: Int) -> TextLineGrouping.Piece {
            var piece = Self.piece(text, x, y, width)
            piece.slope = 0.06
            return piece
        }
        let result = TextLineGrouping.result([
            sloped("SUBTOTAL", 10, 100, 160), sloped("12.00", 700, 142, 90),
            sloped("TOTAL", 10, 140, 100), sloped("13.20", 700, 182, 90),
            sloped("CASH", 10, 180, 100), sloped("20.00", 700, 222, 90),
        ])
        #expect(result.lines.map(\.text) == ["SUBTOTAL 12.00", "TOTAL 13.20", "CASH 20.00"])
    }
}
