import Testing
@testable import ScanbookCore

@Suite struct JSONBudgetTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func anAPIBodyIsWithinTheBudget() {
        let body = #"{"amount": "12.50", "items": [1, 2.5, true, null, {"name": "a \"quoted\" [not a list]"}], "note": "{{{{"}"#
        #expect(JSONBudget.requestBodies.violation(in: Self.bytes(body)) == nil)
    }

    @Test func deepNestingAndManyValuesAreRefused() {
        #expect(JSONBudget.requestBodies.violation(in: Self.bytes(String(repeating: "[", count: 33))) == .tooDeep(maximum: 32))
        #expect(JSONBudget.requestBodies.violation(in: Self.bytes(String(repeating: "[", count: 32) + String(repeating: "]", count: 32))) == nil)
        let many = "[" + Array(repeating: "0", count: 20_001).joined(separator: ",") + "]"
        #expect(JSONBudget.requestBodies.violation(in: Self.bytes(many)) == .tooManyValues(maximum: 20_000))
        let strings = "[" + Array(repeating: "\"\"", count: 19_999).joined(separator: ",") + "]"
        #expect(JSONBudget.requestBodies.violation(in: Self.bytes(strings)) == nil, "the list and its 19,999 strings")
    }
}
