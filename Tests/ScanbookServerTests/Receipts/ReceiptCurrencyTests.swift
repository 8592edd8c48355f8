import Fluent
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Receipts keep the currency printed on them (as ISO codes); the month's budget adds only the
/// owner's currency and shows the rest apart (issue 25).
@Suite struct ReceiptCurrencyServerTests {
    @Test(arguments: TestDatabase.available)
    func aForeignReceiptStaysOutOfTheBudget(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let swiss = try await anna.addReceipt(["Migros", "Datum 03.03.2025", "Total CHF 20.00"], ocr: ocr)
            let malaysian = try await anna.addReceipt(["KEDAI SDN BHD", "03/03/2025", "TOTAL RM 14.10", "CASH RM 20.00", "CHANGE RM 5.90"], ocr: ocr)
            #expect(try await Receipt.find(malaysian, on: app.db)?.currency == "MYR")
            for id in [swiss, malaysian] {
                let saved = try await anna.post(ReceiptsURL.receipt(id: id).path, ["date": "2025-03-03"])
                #expect(saved.status == .seeOther, "\(saved.body.string)")
            }
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let month = try await api.send(.GET, ReceiptsAPIRoute.month("2025-03")).content.decode(BudgetMonthDTO.self)
            #expect(month.currency == "CHF" && month.totalSpent == "20.00")
            #expect(month.otherCurrencies.map(\.currency) == ["MYR"] && month.otherCurrencies.first?.total == "14.10")
            let page = try await anna.get(ReceiptsURL.budget.path + "?month=2025-03").body.string
            #expect(page.contains("id=\"other-currencies\"") && page.contains("MYR"))
        }
    }
}

@Suite struct ReceiptUnsureTotalTests {
    @Test(arguments: TestDatabase.available)
    func aGuessedTotalIsMarkedUnsureAndAConfirmedOneIsNot(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            // No keyword: the largest amount is a guess.
            let guessed = try await anna.addReceipt(["Kiosk", "Datum 03.03.2025", "Zeitung CHF 3.50", "Kaffee 4.20", "7.70"], ocr: ocr)
            // Total, cash and change agree.
            let backed = try await anna.addReceipt(["KEDAI SDN BHD", "03/03/2025", "ITEM 14.10", "TOTAL RM 14.10", "CASH RM 20.00", "CHANGE RM 5.90"], ocr: ocr)
            let guessedPage = try await anna.get(ReceiptsURL.receipt(id: guessed).path).body.string
            #expect(guessedPage.contains("id=\"total-unsure\""))
            // The model's next choice is offered: another amount on the receipt.
            let runnerUp = try #require(try await Receipt.find(guessed, on: app.db)?.runnerUpHundredths)
            #expect([350, 420].contains(runnerUp))
            #expect(guessedPage.contains("id=\"total-runner-up\"") && guessedPage.contains(Amount(hundredths: runnerUp).description))
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let guessedDTO = try await api.send(.GET, ReceiptsAPIRoute.receipt(id: guessed)).content.decode(ReceiptDTO.self)
            #expect(guessedDTO.runnerUp == Amount(hundredths: runnerUp).description)
            let backedDTO = try await api.send(.GET, ReceiptsAPIRoute.receipt(id: backed)).content.decode(ReceiptDTO.self)
            #expect(backedDTO.runnerUp == nil, "a sure total offers no second choice")
            #expect(!(try await anna.get(ReceiptsURL.receipt(id: backed).path).body.string.contains("id=\"total-unsure\"")))
        }
    }
}

@Suite struct CurrencyTotalTests {
    @Test func onlyOtherCurrenciesAreSummedApart() {
        let apart = CurrencyTotal.apart(from: "CHF", [("CHF", 1000), (nil, 50), ("myr", 1410), ("MYR", 90), ("EUR", 500)])
        #expect(apart == [
            CurrencyTotal(currency: "EUR", hundredths: 500, receipts: 1),
            CurrencyTotal(currency: "MYR", hundredths: 1500, receipts: 2),
        ])
        #expect(CurrencyTotal.belongs(nil, in: "CHF") && CurrencyTotal.belongs("chf", in: "CHF") && !CurrencyTotal.belongs("EUR", in: "CHF"))
    }
}

/// A merchant the user corrected wins the next time OCR spells it the same way (issue 25).
@Suite struct MerchantSpellingTests {
    @Test(arguments: TestDatabase.available)
    func aCorrectedSpellingGoesToTheChosenMerchantNextTime(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let lines = ["TESC0 STORE5 SDN BHD", "Datum 03.03.2025", "Total CHF 20.00"]
            let first = try await anna.addReceipt(lines, ocr: ocr)
            let read = try #require(try await Receipt.query(on: app.db).filter(\.$id == first).with(\.$merchant).first())
            #expect(read.merchant?.name == "TESC0 STORE5 SDN BHD" && read.merchantRead == "TESC0 STORE5 SDN BHD")
            let saved = try await anna.post(ReceiptsURL.receipt(id: first).path, ["merchant": "Tesco", "currency": "CHF"])
            #expect(saved.status == .seeOther, "\(saved.body.string)")

            let second = try await anna.addReceipt(lines, ocr: ocr)
            let next = try #require(try await Receipt.query(on: app.db).filter(\.$id == second).with(\.$merchant).first())
            #expect(next.merchant?.name == "Tesco", "the correction wins over the misspelled merchant")

            // Another user's receipts keep their own reading.
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let bens = try await ben.addReceipt(lines, ocr: ocr)
            let other = try #require(try await Receipt.query(on: app.db).filter(\.$id == bens).with(\.$merchant).first())
            #expect(other.merchant?.name == "TESC0 STORE5 SDN BHD")
        }
    }
}
