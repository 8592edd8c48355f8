import Testing
@testable import ScanbookCore

@Suite struct ShoppingListMatchTests {
    typealias Item = ShoppingListMatch.Item<String>

    let lines = ["BIO VOLLMILCH 3.5% 1L", "Apfel Gala kg", "EMMI JOGHURT NATURE", "Zitronen Netz", "Rabatt 10%"]

    @Test func anItemIsFoundInsideALongerWordAndWithoutItsAccents() {
        let matched = ShoppingListMatch.matches([Item(id: "milk", name: "Milch", brand: nil), Item(id: "apples", name: "Äpfel", brand: nil)], lines: lines)
        #expect(matched.map(\.item) == ["milk", "apples"])
        #expect(matched.map(\.line) == [0, 1])
    }

    @Test func oneMisreadLetterInALongWordStillMatchesButShortWordsMustBeExact() {
        #expect(ShoppingListMatch.matches([Item(id: "lemons", name: "Zitrone", brand: nil)], lines: ["ZITRDNE NETZ"]).map(\.item) == ["lemons"])
        #expect(ShoppingListMatch.matches([Item(id: "tea", name: "Tee", brand: nil)], lines: ["TEA BAGS"]).isEmpty)
    }

    @Test func everyWordOfTheNameMustBeOnTheLine() {
        #expect(ShoppingListMatch.matches([Item(id: "greek", name: "griechischer Joghurt", brand: nil)], lines: lines).isEmpty)
        #expect(ShoppingListMatch.matches([Item(id: "yoghurt", name: "joghurt nature", brand: nil)], lines: lines).map(\.line) == [2])
    }

    @Test func theLineNamingTheBrandIsPreferred() {
        let twoYoghurts = ["JOGHURT NATURE M-BUDGET", "EMMI JOGHURT NATURE"]
        #expect(ShoppingListMatch.matches([Item(id: "y", name: "Joghurt", brand: "Emmi")], lines: twoYoghurts).map(\.line) == [1])
        // Without the brand on any line, the name alone still offers the first.
        #expect(ShoppingListMatch.matches([Item(id: "y", name: "Joghurt", brand: "Danone")], lines: twoYoghurts).map(\.line) == [0])
    }

    @Test func nothingIsOfferedForEmptyOrPunctuationOnlyNames() {
        #expect(ShoppingListMatch.matches([Item(id: "x", name: "  - ", brand: nil), Item(id: "y", name: "x", brand: nil)], lines: lines).isEmpty)
        #expect(ShoppingListMatch.matches([Item(id: "milk", name: "Milch", brand: nil)], lines: []).isEmpty)
    }

    @Test func aVeryLongLineIsComparedOnlyOnItsFirstWords() {
        let long = String(repeating: "wort ", count: 5_000) + "milch"
        #expect(ShoppingListMatch.matches([Item(id: "milk", name: "Milch", brand: nil)], lines: [long]).isEmpty)
    }
}
