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

    /// A page set upright for one turn on which the reader still finds text turned: the photo's
    /// text lay turned by both.
    @Test func turnsFoundOnATurnedPageAddUp() {
        #expect(QuarterTurn.counterClockwise.followed(by: .upsideDown) == .clockwise)
        #expect(QuarterTurn.clockwise.followed(by: .clockwise) == .upsideDown)
        #expect(QuarterTurn.upsideDown.followed(by: .upsideDown) == .upright)
        for turn in QuarterTurn.allCases {
            #expect(turn.followed(by: .upright) == turn && QuarterTurn.upright.followed(by: turn) == turn)
            // The corners come out as the two renamings one after the other.
            for other in QuarterTurn.allCases {
                #expect(turn.followed(by: other).uprightCorners(lying) == other.uprightCorners(turn.uprightCorners(lying)), "\(turn), \(other)")
            }
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
