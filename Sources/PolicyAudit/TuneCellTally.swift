import AuditRepositories
import PasswordPolicy

/// A run's tuning cells while it is scored: candidates counted by (version, failure mask, length, classes, strength
/// score), every version in one open-addressing table of one array of slots with a multiplicative hash, so a row's
/// cost is one probe per version under one uniqueness check, not a `Dictionary` lookup.
struct TuneCellTally: Sendable {
    /// One slot: the mask, the other key fields packed (`key`; 0 when empty), the count.
    private struct Slot {
        var mask: UInt64 = 0
        var key: UInt64 = 0
        var count = 0
    }

    /// A power of two of slots, at most half used between rows (a row adds at most `versionCount`, a quarter).
    private var slots: [Slot]
    private var used = 0
    private var shift: UInt64

    /// An empty table for `versionCount` versions.
    init(versionCount: Int) {
        let capacity = Swift.max(64, 1 << (Int.bitWidth - (versionCount * 4).leadingZeroBitCount))
        slots = [Slot](repeating: Slot(), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// The packed key of a cell: length (clamped to `RunTuningCellRow.maximumLength`) in bits 0-7, classes in 8-13,
    /// the strength score plus one (0: none) in 16-18, bit 31 marking a used slot, the version's index in 32-63.
    @inline(__always)
    static func pack(version: Int, _ features: TuningFeatures, score: Int?) -> UInt64 {
        let length = UInt64(Swift.min(Swift.max(features.length, 0), RunTuningCellRow.maximumLength))
        let scoreBits = UInt64((score ?? -1) + 1) << 16
        return UInt64(version) << 32 | 1 << 31 | length | UInt64(features.classes & 0x3F) << 8 | scoreBits
    }

    /// Counts one candidate under every version: its failure mask and features there (one of each per version, in
    /// order) and its strength score.
    @inline(__always)
    mutating func add(masks: UnsafeBufferPointer<UInt64>, features: UnsafeBufferPointer<TuningFeatures>, score: Int?) {
        let shift = shift
        let added = slots.withUnsafeMutableBufferPointer { slots -> Int in
            var added = 0
            for version in 0..<masks.count {
                let key = Self.pack(version: version, features[version], score: score)
                added &+= Self.add(mask: masks[version], key: key, count: 1, into: slots, shift: shift) ? 1 : 0
            }
            return added
        }
        guard added > 0 else { return }
        used += added
        if used * 2 > slots.count { grow() }
    }

    /// Counts `count` candidates of `mask` with the packed key `key` (`pack`).
    mutating func add(mask: UInt64, key: UInt64, count: Int) {
        let shift = shift
        let added = slots.withUnsafeMutableBufferPointer {
            Self.add(mask: mask, key: key, count: count, into: $0, shift: shift)
        }
        guard added else { return }
        used += 1
        if used * 2 > slots.count { grow() }
    }

    /// One probe: adds `count` to the cell's slot, or fills an empty one (true).
    @inline(__always)
    private static func add(
        mask: UInt64, key: UInt64, count: Int, into slots: UnsafeMutableBufferPointer<Slot>, shift: UInt64
    ) -> Bool {
        let hash = (mask ^ key << 24 ^ key) &* 0x9E37_79B9_7F4A_7C15
        let last = slots.count &- 1
        var index = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let stored = slots[index].key
            if stored == key, slots[index].mask == mask {
                slots[index].count &+= count
                return false
            }
            if stored == 0 { break }
            index = (index &+ 1) & last
        }
        slots[index] = Slot(mask: mask, key: key, count: count)
        return true
    }

    private mutating func grow() {
        let old = slots
        let capacity = slots.count * 2
        slots = [Slot](repeating: Slot(), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        used = 0
        for slot in old where slot.key != 0 { add(mask: slot.mask, key: slot.key, count: slot.count) }
    }

    /// Adds another table's cells (of the same versions) to this one's.
    mutating func merge(_ other: TuneCellTally) {
        for slot in other.slots where slot.key != 0 { add(mask: slot.mask, key: slot.key, count: slot.count) }
    }

    /// The cells of version `index` as summary rows of version `versionID`, in key order (mask, length, classes,
    /// score).
    func rows(ofVersion index: Int, versionID: Int64) -> [RunTuningCellRow] {
        var rows: [RunTuningCellRow] = []
        for slot in slots where slot.key != 0 && slot.key >> 32 == UInt64(index) {
            let score = Int(slot.key >> 16 & 0x7)
            rows.append(
                RunTuningCellRow(
                    policyVersionID: versionID, failedMask: slot.mask, length: Int(slot.key & 0xFF),
                    classes: Int(slot.key >> 8 & 0x3F), strengthScore: score == 0 ? nil : score - 1,
                    count: slot.count))
        }
        return rows.sorted(by: Self.keyOrder)
    }

    /// The stores' order of tuning rows: version, mask (as the stored signed integer), length, classes, score (none
    /// first).
    static func keyOrder(_ a: RunTuningCellRow, _ b: RunTuningCellRow) -> Bool {
        let left = (a.policyVersionID, Int64(bitPattern: a.failedMask), a.length, a.classes, a.strengthScore ?? -1)
        let right = (b.policyVersionID, Int64(bitPattern: b.failedMask), b.length, b.classes, b.strengthScore ?? -1)
        return left < right
    }
}
