extension String {
    /// FNV-1a (64 bits) of the UTF-8 bytes: the same in every process, instance and machine, unlike
    /// `hashValue` (Swift seeds `Hasher` per process). For names that must agree across runs.
    public var stableHash: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
