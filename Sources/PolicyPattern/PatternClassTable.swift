/// An automaton's ``PatternClass``es flattened to plain values in buffers it owns, so that testing a scalar
/// against a class in the matching loop reads memory only and touches no reference count.
struct PatternClassTable {
    /// One class: its ASCII bitmap, merged property tests and its slice of ``ranges``.
    private struct Entry {
        var asciiLow: UInt64
        var asciiHigh: UInt64
        var categoryMask: UInt32
        var propertyTests: UInt8
        var negated: Bool
        var rangeStart: Int
        var rangeCount: Int
    }

    private let entries: UnsafeMutableBufferPointer<Entry>
    private let ranges: UnsafeMutableBufferPointer<ClosedRange<UInt32>>

    /// Copies `classes` into newly allocated buffers; call ``deallocate()`` once done with the table.
    init(_ classes: [PatternClass]) {
        var entries: [Entry] = []
        var ranges: [ClosedRange<UInt32>] = []
        for set in classes {
            entries.append(
                Entry(
                    asciiLow: set.ascii.0, asciiHigh: set.ascii.1, categoryMask: set.categoryMask,
                    propertyTests: set.propertyTests, negated: set.negated, rangeStart: ranges.count,
                    rangeCount: set.ranges.count))
            ranges.append(contentsOf: set.ranges)
        }
        self.entries = .allocate(capacity: entries.count)
        _ = self.entries.initialize(from: entries)
        self.ranges = .allocate(capacity: ranges.count)
        _ = self.ranges.initialize(from: ranges)
    }

    /// Frees the buffers.
    func deallocate() {
        entries.deallocate()
        ranges.deallocate()
    }

    /// Whether the scalar of `traits` belongs to class number `index` (as ``PatternClass/contains(_:)-(inout _)``).
    @inline(__always)
    func contains(_ index: Int, _ traits: inout PatternScalarTraits) -> Bool {
        let entry = entries[index]
        let value = traits.value
        if value < 64 { return entry.asciiLow & (1 << UInt64(value)) != 0 }
        if value < 128 { return entry.asciiHigh & (1 << UInt64(value - 64)) != 0 }
        return PatternClass.isMember(
            ranges: UnsafeBufferPointer(rebasing: ranges[entry.rangeStart..<entry.rangeStart + entry.rangeCount]),
            categoryMask: entry.categoryMask, propertyTests: entry.propertyTests, negated: entry.negated, &traits)
    }
}
