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
    convenience init(storage: [UInt8], offsets: [Int]) {
        let storageBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(storage.count, 1))
        _ = storageBuffer.initialize(from: storage)
        let offsetBuffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: offsets.count)
        _ = offsetBuffer.initialize(from: offsets)
        self.init(adopting: storageBuffer, offsets: offsetBuffer, count: offsets.count - 1)
    }

    /// Builds the set over buffers it takes ownership of: `count` entries, entry `i` at
    /// `storage[offsets[i]..<offsets[i + 1]]`.
    init(adopting storage: UnsafeMutableBufferPointer<UInt8>, offsets: UnsafeMutableBufferPointer<Int>, count: Int) {
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        // Eight more bits of each occupied slot's hash, for building only: a slot whose tag differs holds another
        // entry, so most probes past an occupied slot never read that entry's offsets and bytes (cache misses).
        var tags = [UInt8](repeating: 0, count: capacity)
        var shortest = Int.max
        var longest = -1
        for index in 0..<count {
            let entry = UnsafeBufferPointer(rebasing: storage[offsets[index]..<offsets[index + 1]])
            let hash = BlocklistLookup.fnv(entry)
            let tag = UInt8(truncatingIfNeeded: hash >> 56)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            var duplicate = false
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if tags[slot] == tag, offsets[other + 1] - offsets[other] == entry.count,
                    storage[offsets[other]..<offsets[other + 1]].elementsEqual(entry)
                {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
            guard !duplicate else { continue }
            slots[slot] = Int32(index + 1)
            tags[slot] = tag
            shortest = Swift.min(shortest, entry.count)
            longest = Swift.max(longest, entry.count)
        }
        self.storage = storage
        self.offsets = offsets
        self.slots = slots
        self.lookup = BlocklistLookup(
            storage: UnsafeBufferPointer(storage), offsets: UnsafeBufferPointer(offsets),
            slots: UnsafeBufferPointer(slots), mask: capacity - 1, shortest: count == 0 ? 0 : shortest,
            longest: longest)
    }

    deinit {
        storage.deallocate()
        offsets.deallocate()
        slots.deallocate()
    }
}
