import Testing
import ScanbookCore

@Suite struct CategorySuggestionTests {
    @Test func theMerchantsLastCategoryWins() {
        let past = [CategorySuggestion.Past(merchant: "Migros Bern", category: "food")]
        #expect(CategorySuggestion.suggest(merchantLastCategory: "home", merchant: "Migros", past: past) == "home")
    }

    @Test func otherwiseTheMostFrequentCategoryOfSimilarMerchants() {
        let past: [CategorySuggestion.Past<String>] = [
            .init(merchant: "Apotheke am Markt", category: "health"),
            .init(merchant: "Bahnhof Apotheke AG", category: "health"),
            .init(merchant: "Apotheke Dr. Kunz", category: "beauty"),
            .init(merchant: "Migros", category: "food"),
        ]
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: "APOTHEKE ZUR ROSE", past: past) == "health")
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: "Denner AG", past: past) == nil)
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: nil, past: past) == nil)
    }
}
