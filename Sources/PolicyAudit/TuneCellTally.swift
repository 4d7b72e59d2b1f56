import AuditRepositories
import PasswordPolicy

/// One version's tuning cells while a run is scored: candidates counted by (failure mask, length, classes, strength
/// score), in an open-addressing table of one array of slots with a multiplicative hash, so the per-row cost is one probe, not a
/// `Dictionary` lookup.
struct TuneCellTally: Sendable {
    /// One slot: the mask, the other features packed (`pack`, bit 31 set in a used slot; 0 when empty), the count.
    private struct Slot {
        var mask: UInt64 = 0
        var rest: UInt32 = 0
        var count = 0
    }

    /// A power of two of slots, at most half used.
    private var slots: [Slot]
    private var used = 0
    private var shift: UInt64

    /// An empty table.
    init() {
        let capacity = 64
        slots = [Slot](repeating: Slot(), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// The packed key of a cell: length (clamped to `RunTuningCellRow.maximumLength`) in bits 0-7, classes in 8-13,
    /// the strength score plus one (0: none) in 16-18, and bit 31 marking a used slot.
    @inline(__always)
    static func pack(_ features: TuningFeatures, score: Int?) -> UInt32 {
        let length = UInt32(Swift.min(Swift.max(features.length, 0), RunTuningCellRow.maximumLength))
        let scoreBits = UInt32((score ?? -1) + 1) << 16
        return 1 << 31 | length | UInt32(features.classes & 0x3F) << 8 | scoreBits
    }

    /// Counts `count` candidates of `mask` with the packed key `rest`.
    @inline(__always)
    mutating func add(mask: UInt64, rest: UInt32, count: Int = 1) {
        let hash = (mask ^ UInt64(rest) << 40 ^ UInt64(rest)) &* 0x9E37_79B9_7F4A_7C15
        let shift = shift
        let added = slots.withUnsafeMutableBufferPointer { slots -> Bool in
            let last = slots.count &- 1
            var index = Int(truncatingIfNeeded: hash >> shift)
            while true {
                let key = slots[index].rest
                if key == rest, slots[index].mask == mask {
                    slots[index].count &+= count
                    return false
                }
                if key == 0 { break }
                index = (index &+ 1) & last
            }
            slots[index] = Slot(mask: mask, rest: rest, count: count)
            return true
        }
        guard added else { return }
        used += 1
        if used * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        let capacity = slots.count * 2
        slots = [Slot](repeating: Slot(), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        used = 0
        for slot in old where slot.rest != 0 { add(mask: slot.mask, rest: slot.rest, count: slot.count) }
    }

    /// Adds another table's cells to this one's.
    mutating func merge(_ other: TuneCellTally) {
        for slot in other.slots where slot.rest != 0 { add(mask: slot.mask, rest: slot.rest, count: slot.count) }
    }

    /// The cells as summary rows of version `versionID`, in key order (mask, length, classes, score).
    func rows(versionID: Int64) -> [RunTuningCellRow] {
        var rows: [RunTuningCellRow] = []
        rows.reserveCapacity(used)
        for slot in slots where slot.rest != 0 {
            let score = Int(slot.rest >> 16 & 0x7)
            rows.append(
                RunTuningCellRow(
                    policyVersionID: versionID, failedMask: slot.mask, length: Int(slot.rest & 0xFF),
                    classes: Int(slot.rest >> 8 & 0x3F), strengthScore: score == 0 ? nil : score - 1,
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
