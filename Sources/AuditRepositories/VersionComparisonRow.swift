/// Two policy versions on the same candidates of a run: the 2×2 unlock table and, for candidates unlocked under A
/// but not under B, how often each rule of B blocks them.
package struct VersionComparisonRow: Sendable, Equatable {
    package var bothUnlocked = 0
    package var onlyA = 0
    package var onlyB = 0
    package var neither = 0
    /// Rule bit of version B → candidates newly blocked (unlocked under A) that fail it.
    package var newlyBlockedByBit: [Int: Int] = [:]

    /// An empty comparison.
    package init() {}
}
