import Foundation
import Testing
import ScanbookCore

@Suite struct QuarterTurnTests {
    /// Corners as they lie in the image: top-left, top-right, bottom-right, bottom-left.
    let lying = ["TL", "TR", "BR", "BL"]

    @Test func theTextsTopLeftIsTheCornerTheTurnCarriedItTo() {
        #expect(QuarterTurn.upright.uprightCorners(lying) == lying)
        // Text turned clockwise has its tops at the image's right: its top-left is the image's top-right.
        #expect(QuarterTurn.clockwise.uprightCorners(lying) == ["TR", "BR", "BL", "TL"])
        #expect(QuarterTurn.upsideDown.uprightCorners(lying) == ["BR", "BL", "TL", "TR"])
        #expect(QuarterTurn.counterClockwise.uprightCorners(lying) == ["BL", "TL", "TR", "BR"])
    }

    @Test func aTurnAndItsOppositeGiveTheCornersBack() {
        let opposite: [QuarterTurn: QuarterTurn] = [.upright: .upright, .clockwise: .counterClockwise, .upsideDown: .upsideDown, .counterClockwise: .clockwise]
        for turn in QuarterTurn.allCases {
            let there = turn.uprightCorners(lying)
            #expect(opposite[turn].map { $0.uprightCorners(there) } == lying, "\(turn)")
        }
    }

    /// OCR results stored before readers judged the turn (bench caches, capture results) still load.
    @Test func aReadingWithoutATurnDecodesAsNotJudged() throws {
        let stored = #"{"text":"TOTAL 9.90","meanConfidence":91,"words":[],"lines":[]}"#
        let result = try JSONDecoder().decode(OCRResult.self, from: Data(stored.utf8))
        #expect(result.turn == nil && result.text == "TOTAL 9.90")
        var turned = result
        turned.turn = .counterClockwise
        let again = try JSONDecoder().decode(OCRResult.self, from: JSONEncoder().encode(turned))
        #expect(again.turn == .counterClockwise)
    }
}
