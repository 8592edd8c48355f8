import Foundation

/// The audit log in words: what happened ("Payment changed"), to what ("Robert Schneider AG ·
/// CHF 1,949.75") and which fields changed from what to what. The stored record (JSON) stays one
/// tap away for whoever needs the exact entry.
enum AuditWording {
    /// Fields that say nothing to a person (ids, digests, links) or repeat another field.
    private static let unshown: Set<String> = ["id", "debitAccount", "contentDigest", "download", "file", "folder", "life", "createdAt", "updatedAt"]

    /// Field names as the pages call them.
    private static let labels: [String: String] = [
        "amount": "payments_field_amount", "currency": "payments_field_currency", "beneficiaryAccount": "payments_field_account",
        "account": "payments_field_account", "iban": "payments_field_account", "beneficiary.name": "payments_field_creditorName",
        "beneficiary.street": "payments_field_creditorStreet", "beneficiary.buildingNumber": "payments_field_creditorBuildingNumber",
        "beneficiary.postalCode": "payments_field_creditorPostalCode", "beneficiary.town": "payments_field_creditorTown",
        "beneficiary.country": "payments_field_creditorCountry", "reference": "payments_field_reference",
        "referenceType": "payments_field_referenceType", "message": "payments_field_message",
        "executionDate": "payments_field_executionDate", "name": "payments_account_name", "state": "payments_audit_field_state",
        "signed": "payments_audit_field_signed", "signatureRequired": "payments_audit_field_signatureRequired",
        "limit": "payments_audit_field_limit", "isDefault": "payments_default", "paymentCount": "payments_audit_field_paymentCount",
        "rejectionReason": "payments_audit_field_rejectionReason", "bookedOn": "payments_audit_field_bookedOn",
    ]

    static func action(_ action: String, _ context: ServiceContext) -> String {
        let key = "payments_audit_action_" + action.replacingOccurrences(of: ".", with: "_")
        let text = context.text(key)
        return text == key ? action : text
    }

    /// Who or what the entry is about, from the record as written (or as it was, for a deletion).
    static func subject(before: String?, after: String?, _ context: ServiceContext) -> String {
        let record = flattened(after) ?? flattened(before) ?? [:]
        let name = record["beneficiary.name"] ?? record["name"] ?? record["debtorName"] ?? record["file.messageID"]
        let amount = record["amount"].map { amount in [record["currency"], amount].compactMap { $0 }.joined(separator: " ") }
        let count = record["file.paymentCount"].map { context.text("payments_audit_paymentCount", ["count": $0]) }
        return [name, amount, count].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "Amount: 1949.75 → 1950.00", one line per field that changed; nothing for a record made or
    /// removed whole (the subject names it).
    static func changes(before: String?, after: String?, _ context: ServiceContext) -> [String] {
        guard let old = flattened(before), let new = flattened(after) else { return [] }
        return Set(old.keys).union(new.keys).sorted().compactMap { key in
            guard !unshown.contains(key), !unshown.contains(String(key.split(separator: ".").first ?? "")), old[key] != new[key] else { return nil }
            let label = labels[key].map { context.text($0) } ?? key
            return "\(label): \(shown(old[key], context)) → \(shown(new[key], context))"
        }
    }

    private static func shown(_ value: String?, _ context: ServiceContext) -> String {
        switch value {
        case nil, "": "–"
        case "true": context.text("payments_audit_yes")
        case "false": context.text("payments_audit_no")
        case let value?: value
        }
    }

    /// A stored JSON object as "key" or "outer.inner" → text; arrays are left out. nil when the
    /// text is not a JSON object (an entry written before, or none).
    static func flattened(_ json: String?) -> [String: String]? {
        guard let data = json?.data(using: .utf8), case .object(let object)? = try? JSONDecoder().decode(StoredValue.self, from: data) else { return nil }
        var flat: [String: String] = [:]
        func add(_ value: StoredValue, at key: String) {
            switch value {
            case .object(let nested): for (name, inner) in nested { add(inner, at: key.isEmpty ? name : "\(key).\(name)") }
            case .text(let text): flat[key] = text
            case .other: break
            }
        }
        add(.object(object), at: "")
        return flat
    }

    /// Just enough of JSON for the log's records: objects, and values as text.
    private indirect enum StoredValue: Decodable {
        case object([String: StoredValue])
        case text(String)
        case other

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var values: [String: StoredValue] = [:]
                for key in object.allKeys { values[key.stringValue] = try object.decode(StoredValue.self, forKey: key) }
                self = .object(values)
                return
            }
            let value = try decoder.singleValueContainer()
            if value.decodeNil() { self = .other }
            else if let flag = try? value.decode(Bool.self) { self = .text(flag ? "true" : "false") }
            else if let number = try? value.decode(Int.self) { self = .text("\(number)") }
            else if let text = try? value.decode(String.self) { self = .text(text) }
            else { self = .other }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}
