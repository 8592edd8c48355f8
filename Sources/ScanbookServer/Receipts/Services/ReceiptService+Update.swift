import Fluent
import Foundation
import ScanbookCore
import Vapor

extension ReceiptService {
    static let maximumNoteLength = 2000

    /// What an update did besides saving: a keyword learned from a corrected total.
    struct UpdateOutcome: Sendable {
        var learnedKeyword: String?
    }

    /// Validates every field first (nothing is saved if one is wrong), then saves, confirms the
    /// receipt, books the category, remembers it for the merchant and learns from a corrected total.
    static func update(_ receipt: Receipt, with changes: ReceiptChanges, on context: ServiceContext) async throws -> UpdateOutcome {
        guard receipt.state != .reading else { throw UserFacingError(.conflict, "receipts_stillReading") }
        let ownerID = receipt.$owner.id
        var problems: [LocalizedProblem] = []

        func invalid(_ key: String) -> (String) -> LocalizedProblem {
            { LocalizedProblem(key: key, arguments: ["value": $0]) }
        }
        let total = changed(changes.total, current: receipt.total, into: &problems, invalid("receipts_invalidTotal")) { Amount(typed: $0, mark: context.decimalMark) }
        let date = changed(changes.date, current: receipt.purchasedOn, into: &problems, invalid("receipts_invalidDate"), isoDate)
        let warranty = changed(changes.warrantyUntil, current: receipt.warrantyUntil, into: &problems, invalid("receipts_invalidDate"), isoDate)
        let currency = changed(changes.currency, current: receipt.currency, into: &problems, invalid("receipts_invalidCurrency")) { text in
            let code = text.uppercased()
            return (2...3).contains(code.count) && code.allSatisfy({ $0.isASCII && $0.isLetter }) ? code : nil
        }
        let rate = changed(changes.rate, current: receipt.rateMillionths.flatMap(ExchangeRate.init(millionths:)), into: &problems, invalid("receipts_invalidRate")) {
            ExchangeRate(typed: $0, mark: context.decimalMark)
        }
        if total != nil, currency == nil, !problems.contains(where: { $0.key == "receipts_invalidCurrency" }) {
            problems.append(LocalizedProblem(key: "receipts_currencyUnknown"))
        }
        let note = changed(changes.note, current: receipt.note, into: &problems, { _ in
            LocalizedProblem(key: "receipts_noteTooLong", arguments: ["maximum": String(maximumNoteLength)])
        }) { $0.count <= maximumNoteLength ? $0 : nil }
        // nil: unchanged; .some(nil): no category.
        var chosenCategory: UUID??
        if let text = changes.category?.trimmingCharacters(in: .whitespaces) {
            if text.isEmpty { chosenCategory = .some(nil) } else if let id = try await CategoryService.owned(text, ownerID: ownerID, on: context.db) { chosenCategory = .some(id) } else {
                problems.append(LocalizedProblem(key: "receipts_unknownCategory"))
            }
        }
        let category = chosenCategory
        let bookings = try await ReceiptAllocation.query(on: context.db).filter(\.$receipt.$id == receipt.requireID()).all()
        if category == nil, bookings.count > 1, let total, bookings.reduce(0, { $0 + $1.amountHundredths }) != total.hundredths {
            problems.append(LocalizedProblem(key: "receipts_splitMismatch"))
        }
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }

        let receiptID = try receipt.requireID()
        return try await context.db.writeTransaction { database in
            var outcome = UpdateOutcome()
            if let name = changes.merchant {
                let chosen = try await MerchantDirectory.resolve(name, ownerID: ownerID, on: database)?.requireID()
                // A merchant other than the one OCR's reading led to: remember that spelling.
                if let chosen, chosen != receipt.$merchant.id, let read = receipt.merchantRead {
                    try await MerchantDirectory.remember(read, for: chosen, ownerID: ownerID, on: database)
                }
                receipt.$merchant.id = chosen
            }
            let bookedCategory: UUID? = switch category {
            case .some(let chosen): chosen
            case .none: bookings.count == 1 ? bookings[0].$category.id : nil
            }
            if category != nil || bookings.count <= 1 {
                // One category (or none) takes the whole total. Without a total yet, the booking of
                // nothing keeps the chosen category until the total is typed.
                try await ReceiptAllocation.query(on: database).filter(\.$receipt.$id == receiptID).delete()
                if let bookedCategory {
                    let amount = max(total?.hundredths ?? 0, 0)
                    try await ReceiptAllocation(receiptID: receiptID, categoryID: bookedCategory, amountHundredths: amount).create(on: database)
                }
            } else if total == nil {
                try await ReceiptAllocation.query(on: database).filter(\.$receipt.$id == receiptID).delete()
            }
            if let merchantID = receipt.$merchant.id, let bookedCategory, let merchant = try await Merchant.find(merchantID, on: database) {
                merchant.$lastCategory.id = bookedCategory
                try await merchant.save(on: database)
            }
            // Only a change of the total teaches; saving the same value again does not.
            if let total, receipt.total.map({ !$0.sameValue(as: total) }) ?? true {
                outcome.learnedKeyword = try await learnKeyword(total: total, ocrText: receipt.ocrText, ownerID: ownerID, on: database)
            }
            receipt.total = total
            receipt.purchasedOn = date
            receipt.warrantyUntil = warranty
            receipt.currency = currency
            receipt.rateMillionths = rate?.millionths
            receipt.note = note
            receipt.state = .confirmed
            try await receipt.save(on: database)
            return outcome
        }
    }

    /// One field of a change: absent keeps `current`, an empty text clears it, anything else must
    /// parse, or its problem is collected and `current` kept.
    private static func changed<Value>(
        _ raw: String?, current: Value?, into problems: inout [LocalizedProblem],
        _ problem: (String) -> LocalizedProblem, _ parse: (String) -> Value?
    ) -> Value? {
        guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines) else { return current }
        if text.isEmpty { return nil }
        if let value = parse(text) { return value }
        problems.append(problem(text))
        return current
    }

    /// "2025-06-26" or anything `DateParser` reads ("26.06.2025"), stored as ISO.
    private static func isoDate(_ text: String) -> String? {
        (CalendarDate(iso: text) ?? DateParser.parse(text))?.description
    }

    /// The words on the line showing the corrected total become one of the user's keywords.
    private static func learnKeyword(total: Amount, ocrText: String?, ownerID: UUID, on database: any Database) async throws -> String? {
        guard let lines = ocrText?.split(separator: "\n").map(String.init),
              let line = TotalKeywords.line(showing: total, in: lines),
              let phrase = TotalKeywords.learnablePhrase(fromLine: lines[line]) else { return nil }
        let known = try await TotalKeyword.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$phrase == phrase).count()
        guard known == 0 else { return nil }
        try await TotalKeyword(ownerID: ownerID, phrase: phrase, weight: TotalKeywords.learnedWeight, learned: true).create(on: database)
        return phrase
    }

    /// Divides the total over several categories; the parts must add up to it exactly.
    static func split(_ receipt: Receipt, _ form: ReceiptSplitForm, on context: ServiceContext) async throws {
        guard receipt.state != .reading else { throw UserFacingError(.conflict, "receipts_stillReading") }
        guard let total = receipt.total else { throw UserFacingError(.unprocessableEntity, "receipts_splitNeedsTotal") }
        let ownerID = receipt.$owner.id
        var parts: [SplitPlan<UUID>.Part] = []
        for (categoryText, amountText) in zip(form.categories, form.amounts) {
            let amountText = amountText.trimmingCharacters(in: .whitespaces)
            guard !categoryText.isEmpty || !amountText.isEmpty else { continue }
            guard let category = try await CategoryService.owned(categoryText, ownerID: ownerID, on: context.db) else {
                throw UserFacingError(.unprocessableEntity, "receipts_unknownCategory")
            }
            guard let amount = Amount(typed: amountText, mark: context.decimalMark) else {
                throw UserFacingError(.unprocessableEntity, "receipts_invalidTotal", ["value": amountText])
            }
            parts.append(.init(category: category, hundredths: amount.hundredths))
        }
        let plan: SplitPlan<UUID>
        do {
            plan = try SplitPlan(parts: parts, total: total.hundredths)
        } catch {
            switch error {
            case .empty: throw UserFacingError(.unprocessableEntity, "receipts_splitEmpty")
            case .notPositive: throw UserFacingError(.unprocessableEntity, "receipts_splitNotPositive")
            case .repeatedCategory: throw UserFacingError(.unprocessableEntity, "receipts_splitRepeated")
            case .doesNotAddUp(let sum, let expected):
                throw UserFacingError(.unprocessableEntity, "receipts_splitSum", [
                    "sum": Amount(hundredths: sum).description, "total": Amount(hundredths: expected).description,
                ])
            }
        }
        let receiptID = try receipt.requireID()
        try await context.db.writeTransaction { database in
            try await ReceiptAllocation.query(on: database).filter(\.$receipt.$id == receiptID).delete()
            for part in plan.parts {
                try await ReceiptAllocation(receiptID: receiptID, categoryID: part.category, amountHundredths: part.hundredths).create(on: database)
            }
        }
    }
}
