import Testing
import ScanbookCore

@Suite struct MerchantMatcherTests {
    let known = ["Migros Zürich HB", "Coop", "Apotheke am Markt", "BOOK TA.K (TAMAN DAYA) SDN BHD"]

    @Test func findsTheSameMerchantDespiteOCRNoiseAndCase() {
        let matcher = MerchantMatcher()
        #expect(matcher.closest(to: "MIGROS ZURICH HB", among: known) == "Migros Zürich HB")
        #expect(matcher.closest(to: "M1GROS ZÜRICH HB", among: known) == "Migros Zürich HB")
        #expect(matcher.closest(to: "BOOK TA K (TAMAN DAYA) SDN BHD", among: known) == "BOOK TA.K (TAMAN DAYA) SDN BHD")
        #expect(matcher.closest(to: "COOP CITY", among: known) == "Coop")
    }

    @Test func aDifferentMerchantIsNotMatched() {
        let matcher = MerchantMatcher()
        #expect(matcher.closest(to: "Denner", among: known) == nil)
        #expect(matcher.closest(to: "Co", among: known) == nil)
        #expect(matcher.closest(to: "", among: known) == nil)
    }
}
