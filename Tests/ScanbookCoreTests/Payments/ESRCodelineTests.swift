import Testing
@testable import ScanbookCore

@Suite struct ESRCodelineTests {
    static let example = "0100003949753>120000000000234478943216899+ 010001628>"

    @Test func theExampleCodelineReadsWithEveryPart() throws {
        let reading = try ESRCodeline.read(Self.example).get()
        let codeline = reading.codeline
        #expect(codeline.type == .chf)
        #expect(codeline.amount?.description == "3949.75")
        #expect(codeline.reference.digits == "120000000000234478943216899")
        #expect(codeline.participant.formatted == "01-162-8")
        #expect(codeline.currency == "CHF")
        #expect(codeline.text == Self.example, "prints back as printed")
        #expect(reading.repair == nil)
    }

    @Test func aSlipWithoutAmountHasItsOwnHead() throws {
        let codeline = try ESRCodeline.read("042>210000000003139471430009017+ 010001628>").get().codeline
        #expect(codeline.type == .chfWithoutAmount)
        #expect(codeline.amount == nil)
        #expect(codeline.text == "042>210000000003139471430009017+ 010001628>")
    }

    @Test func ocrLookalikesAndSpacesAreRead() throws {
        let codeline = try ESRCodeline.read("0100OO3949753› 12000000000 0234478943216899 + 01OOO1628 >").get().codeline
        #expect(codeline.text == Self.example)
    }

    @Test func eachFailingPartIsNamed() {
        func problems(_ text: String) -> [PaymentProblem] {
            if case .failure(let found) = ESRCodeline.read(text) { return found.problems }
            return []
        }
        #expect(problems("0100003949754>120000000000234478943216899+ 010001628>").map(\.field) == [.amount])
        #expect(problems("0100003949753>120000000000234478943216890+ 010001629>").map(\.field).contains(.participant))
        #expect(problems("9900003949753>120000000000234478943216899+ 010001628>").map(\.kind) == [.unknownType])
        #expect(problems("0100003949753>12000000000023447894321689+ 010001628>").map(\.kind) == [.wrongFormat])
        #expect(problems("hello").map(\.kind) == [.wrongFormat])
    }

    /// A digit OCR confused is put right only when exactly one such change fits every check, and
    /// then it is always the digit printed: no other valid codeline is ever made up.
    @Test func aRepairIsUniqueOrNotMade() throws {
        let digits = Array(Self.example)
        var repaired = 0, reported = 0
        for index in digits.indices where digits[index].isNumber {
            for alternative in ESRCodeline.confusedWith[digits[index]] ?? [] {
                var misread = digits
                misread[index] = alternative
                switch ESRCodeline.read(String(misread)) {
                case .success(let reading):
                    #expect(reading.codeline.text == Self.example, "position \(index): \(alternative)")
                    repaired += 1
                case .failure:
                    reported += 1
                }
            }
        }
        #expect(repaired > 0 && reported > 0)
    }
}
