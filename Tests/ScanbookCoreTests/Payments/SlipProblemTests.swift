import Foundation
import Testing
@testable import ScanbookCore

/// A slip that fails its checks keeps each problem's field and kind, so the server can word it in
/// the user's language; readings stored before the kind was kept still decode.
@Suite struct SlipProblemTests {
    @Test func aMisreadCodelineKeepsWhatIsWrongWithIt() throws {
        let slip = Slip.fromCodeline("0100003949754>120000000000234478943216899+ 010001628>")
        guard case .failure(let found) = ESRCodeline.read("0100003949754>120000000000234478943216899+ 010001628>") else {
            Issue.record("a wrong check digit must fail")
            return
        }
        #expect(!slip.problems.isEmpty)
        #expect(slip.problems.map(\.paymentProblem) == found.problems.map(Optional.some))
        #expect(slip.problems.map(\.message) == found.problems.map(\.englishText))
    }

    @Test func aProblemStoredWithoutItsKindStaysEnglishOnly() throws {
        let stored = #"{"field":"amount","message":"The amount is missing.","correctedValue":null}"#
        let problem = try JSONDecoder().decode(Slip.Problem.self, from: Data(stored.utf8))
        #expect(problem.kind == nil && problem.paymentProblem == nil && problem.message == "The amount is missing.")
        let unknownField = Slip.Problem(PaymentProblem(.amount, .missing))
        #expect(unknownField.paymentProblem == PaymentProblem(.amount, .missing))
    }
}
