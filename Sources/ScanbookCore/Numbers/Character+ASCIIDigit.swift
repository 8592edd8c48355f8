extension Character {
    /// 0–9 only: `isNumber` also takes other scripts' digits, and `Int()` a leading sign.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
