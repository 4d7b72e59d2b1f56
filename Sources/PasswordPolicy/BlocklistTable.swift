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
    init(_ entries: [[UInt8]]) {
        let unique = Array(Set(entries))
        var storage: [UInt8] = []
        var offsets = [0]
        for entry in unique {
            storage += entry
            offsets.append(storage.count)
        }
        var capacity = 16
        while capacity < unique.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (index, entry) in unique.enumerated() {
            var slot =
                entry.withUnsafeBufferPointer { Int(truncatingIfNeeded: BlocklistLookup.fnv($0)) } & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
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
            slots: UnsafeBufferPointer(slotBuffer), mask: capacity - 1, shortest: unique.map(\.count).min() ?? 0,
            longest: unique.map(\.count).max() ?? -1)
    }

    deinit {
        storage.deallocate()
        offsets.deallocate()
        slots.deallocate()
    }
}
