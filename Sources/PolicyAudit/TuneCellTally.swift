import AuditRepositories
import PasswordPolicy

/// One version's tuning cells while a run is scored: candidates counted by (failure mask, length, classes, strength
/// score), in an open-addressing table with a multiplicative hash, so the per-row cost is one probe, not a
/// `Dictionary` lookup.
struct TuneCellTally: Sendable {
    /// Keys: the mask, and the other features packed (`pack`), with bit 31 set in a used slot.
    private var masks: [UInt64]
    private var rests: [UInt32]
    private var counts: [Int]
    private var used = 0
    private var shift: UInt64

    /// An empty table.
    init() {
        let capacity = 64
        masks = [UInt64](repeating: 0, count: capacity)
        rests = [UInt32](repeating: 0, count: capacity)
        counts = [Int](repeating: 0, count: capacity)
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
        let slots = masks.count
        var slot = Int(
            truncatingIfNeeded: ((mask ^ UInt64(rest) << 40 ^ UInt64(rest)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let key = rests[slot]
            if key == rest, masks[slot] == mask {
                counts[slot] &+= count
                return
            }
            if key == 0 { break }
            slot = (slot &+ 1) & (slots &- 1)
        }
        masks[slot] = mask
        rests[slot] = rest
        counts[slot] = count
        used += 1
        if used * 2 > slots { grow() }
    }

    private mutating func grow() {
        let old = (masks, rests, counts)
        let capacity = masks.count * 2
        masks = [UInt64](repeating: 0, count: capacity)
        rests = [UInt32](repeating: 0, count: capacity)
        counts = [Int](repeating: 0, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        used = 0
        for index in old.1.indices where old.1[index] != 0 {
            add(mask: old.0[index], rest: old.1[index], count: old.2[index])
        }
    }

    /// Adds another table's cells to this one's.
    mutating func merge(_ other: TuneCellTally) {
        for index in other.rests.indices where other.rests[index] != 0 {
            add(mask: other.masks[index], rest: other.rests[index], count: other.counts[index])
        }
    }

    /// The cells as summary rows of version `versionID`, in key order (mask, length, classes, score).
    func rows(versionID: Int64) -> [RunTuningCellRow] {
        var rows: [RunTuningCellRow] = []
        rows.reserveCapacity(used)
        for index in rests.indices where rests[index] != 0 {
            let rest = rests[index]
            let score = Int(rest >> 16 & 0x7)
            rows.append(
                RunTuningCellRow(
                    policyVersionID: versionID, failedMask: masks[index], length: Int(rest & 0xFF),
                    classes: Int(rest >> 8 & 0x3F), strengthScore: score == 0 ? nil : score - 1, count: counts[index]))
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
