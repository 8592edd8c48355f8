/// One option of a `<select>` on any page.
struct SelectOption: Encodable, Sendable {
    let value: String
    let label: String
    let selected: Bool
}
