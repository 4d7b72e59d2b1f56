/// Owns the buffers of an immutable open-addressing hash set of byte strings; look up through ``lookup``.
///
/// The contents are never mutated after `init`, so sharing across threads is safe.
final class BlocklistTable: @unchecked Sendable {
    /// A plain-value view of the buffers; valid while this table is alive.
    let lookup: BlocklistLookup

    /// All entries' bytes, back to back.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Start of entry `i` in `storage` is `offsets[i]`, its end `offsets[i + 1]`.
    private let offsets: UnsafeMutableBufferPointer<Int>
    /// Entry index + 1 per slot; 0 marks an empty slot.
    private let slots: UnsafeMutableBufferPointer<Int32>

    /// Builds the set from entries given as UTF-8 bytes; duplicates are kept once.
    convenience init(_ entries: [[UInt8]]) {
        var storage: [UInt8] = []
        var offsets = [0]
        for entry in entries {
            storage += entry
            offsets.append(storage.count)
        }
        self.init(storage: storage, offsets: offsets)
    }

    /// Builds the set from entries back to back in `storage`, entry `i` at `offsets[i]..<offsets[i + 1]`; an entry
    /// equal to an earlier one is not inserted again.
    init(storage: [UInt8], offsets: [Int]) {
        let count = offsets.count - 1
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var shortest = Int.max
        var longest = -1
        storage.withUnsafeBufferPointer { bytes in
            for index in 0..<count {
                let entry = UnsafeBufferPointer(rebasing: bytes[offsets[index]..<offsets[index + 1]])
                var slot = Int(truncatingIfNeeded: BlocklistLookup.fnv(entry)) & (capacity - 1)
                var duplicate = false
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if offsets[other + 1] - offsets[other] == entry.count,
                        bytes[offsets[other]..<offsets[other + 1]].elementsEqual(entry)
                    {
                        duplicate = true
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
                guard !duplicate else { continue }
                slots[slot] = Int32(index + 1)
                shortest = Swift.min(shortest, entry.count)
                longest = Swift.max(longest, entry.count)
            }
        }
        let storageBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(storage.count, 1))
        _ = storageBuffer.initialize(from: storage)
        let offsetBuffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: offsets.count)
        _ = offsetBuffer.initialize(from: offsets)
        let slotBuffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: slots.count)
        _ = slotBuffer.initialize(from: slots)
        self.storage = storageBuffer
        self.offsets = offsetBuffer
        self.slots = slotBuffer
        self.lookup = BlocklistLookup(
            storage: UnsafeBufferPointer(storageBuffer), offsets: UnsafeBufferPointer(offsetBuffer),
            slots: UnsafeBufferPointer(slotBuffer), mask: capacity - 1, shortest: count == 0 ? 0 : shortest,
            longest: longest)
    }

    deinit {
        storage.deallocate()
        offsets.deallocate()
        slots.deallocate()
    }
}
