import Testing
import ScanbookCore

@Suite struct CharacterAccuracyTests {
    @Test func countsEditsAgainstTheTruth() {
        #expect(characterAccuracy(recognized: "Summe 12.50", truth: "Summe 12.50") == 1)
        #expect(characterAccuracy(recognized: "Surnme 12.5O", truth: "Summe 12.50") == 1 - 3.0 / 11)
        #expect(characterAccuracy(recognized: "", truth: "abcd") == 0)
        #expect(characterAccuracy(recognized: "", truth: "") == 1)
    }
}
