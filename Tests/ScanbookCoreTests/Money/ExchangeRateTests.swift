import Testing
@testable import ScanbookCore

@Suite struct ExchangeRateTests {
    @Test func aTypedRateIsKeptInMillionthsAndConvertsHalfAwayFromZero() throws {
        let euro = try #require(ExchangeRate(typed: "0.9412"))
        #expect(euro.millionths == 941_200 && euro.description == "0.9412")
        // 45.50 EUR × 0.9412 = 42.8246 → 42.82 CHF; 0.50 × 0.9412 = 0.4706 → 0.47.
        #expect(euro.convert(4_550) == 4_282 && euro.convert(50) == 47)
        // Exactly half a cent rounds away from zero, either sign.
        let half = try #require(ExchangeRate(typed: "1.005"))
        #expect(half.convert(100) == 101 && half.convert(-100) == -101)
        #expect(ExchangeRate(typed: "1,0834", mark: .comma)?.millionths == 1_083_400)
    }

    @Test func whatIsNotARateIsRefused() {
        for text in ["", "abc", "0", "-1.2", "0.0000001", "2000000", "1.2.3"] {
            #expect(ExchangeRate(typed: text) == nil, "\(text)")
        }
    }

    @Test func aCrossRateComesFromTwoRatesAgainstOneBase() throws {
        // 1 EUR = 1.08 USD and 1 CHF = 1.125 USD, so 1 EUR = 0.96 CHF.
        let euroInDollars = try #require(ExchangeRate(typed: "1.08")), francInDollars = try #require(ExchangeRate(typed: "1.125"))
        #expect(euroInDollars.over(francInDollars)?.description == "0.96")
    }

    @Test func theLargestAmountsNeverTrap() throws {
        let top = try #require(ExchangeRate(millionths: ExchangeRate.bounds.upperBound))
        #expect(top.convert(Int.max) == nil && top.convert(Amount.bookable.upperBound) == nil)
        let bottom = try #require(ExchangeRate(millionths: 1))
        #expect(bottom.convert(Amount.bookable.upperBound) == 100_000 && bottom.over(top) == nil)
    }
}

@Suite struct ExchangeRatesCSVTests {
    let franc = CurrencyCode("CHF")!

    @Test func aRateTableIsReadWithGermanHeadersAndSemicolons() throws {
        let rows = try ExchangeRatesCSV.decode("Datum;Währung;Kurs\n01.11.2026;eur;0.9350\n2026-11-10;USD;0.8805\n", base: franc)
        #expect(rows.map(\.currency.code) == ["EUR", "USD"] && rows.map(\.rate.millionths) == [935_000, 880_500])
        #expect(rows.first?.date.description == "2026-11-01")
    }

    @Test func everyBadRowIsNamedAndNoneIsTaken() {
        do {
            _ = try ExchangeRatesCSV.decode("date,currency,rate\n2026-11-01,EUR,abc\nsoon,USD,1\n2026-11-01,CHF,1\n2026-11-02,EURO,1\n2026-11-03,EUR,1\n2026-11-03,EUR,1.1\n", base: franc)
            Issue.record("a table with bad rows was taken")
        } catch let problems as CSVTable.Problems {
            #expect(problems.list.map(\.line) == [2, 3, 4, 5, 7])
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: CSVTable.ParseError.self) { try ExchangeRatesCSV.decode("day,code,value\n", base: franc) }
    }
}
