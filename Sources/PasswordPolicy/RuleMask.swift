/// A set of rule indices (0…63), one bit per rule; bit `i` set means `rules[i]` failed.
public struct RuleMask: Sendable, Hashable, Sequence {
    /// The bits; bit `i` stands for rule index `i`.
    public var rawValue: UInt64

    /// Creates a mask from its bits.
    public init(rawValue: UInt64 = 0) {
        self.rawValue = rawValue
    }

    /// Whether no rule failed, that is, the candidate unlocks the reset.
    public var isEmpty: Bool { rawValue == 0 }

    /// The number of failed rules.
    public var count: Int { rawValue.nonzeroBitCount }

    /// Whether rule `index` failed.
    public func contains(_ index: Int) -> Bool {
        index >= 0 && index < 64 && rawValue & (1 << UInt64(index)) != 0
    }

    /// Marks rule `index` (0…63) as failed.
    public mutating func insert(_ index: Int) {
        precondition(index >= 0 && index < 64, "rule index out of range")
        rawValue |= 1 << UInt64(index)
    }

    /// Iterates the set indices in ascending order.
    public func makeIterator() -> Iterator {
        Iterator(remaining: rawValue)
    }

    /// Yields the indices of set bits, lowest first.
    public struct Iterator: IteratorProtocol {
        var remaining: UInt64

        /// The next failed rule index.
        public mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index
        }
    }
}
