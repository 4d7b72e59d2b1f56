/// A set of Unicode scalars with a bitmap for ASCII.
struct ScalarSet: Sendable {
    /// ASCII members, bit `b & 63` of word `b >> 6`.
    private(set) var ascii: (UInt64, UInt64) = (0, 0)
    private var others = Set<UInt32>()

    init(_ scalars: some Sequence<Unicode.Scalar>) {
        for scalar in scalars { insert(scalar.value) }
    }

    mutating func insert(_ value: UInt32) {
        if value < 64 {
            ascii.0 |= 1 << UInt64(value)
        } else if value < 128 {
            ascii.1 |= 1 << UInt64(value - 64)
        } else {
            others.insert(value)
        }
    }

    func contains(_ value: UInt32) -> Bool {
        if value < 64 { return ascii.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return ascii.1 & (1 << UInt64(value - 64)) != 0 }
        return others.contains(value)
    }
}
