/// An immutable open-addressing hash set of byte strings, looked up without allocating or retaining.
///
/// The contents live in buffers owned by the instance and are never mutated after `init`, so sharing across
/// threads is safe.
final class BlocklistTable: @unchecked Sendable {
    /// All entries' bytes, back to back.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Start of entry `i` in `storage` is `offsets[i]`, its end `offsets[i + 1]`.
    private let offsets: UnsafeMutableBufferPointer<Int>
    /// Entry index + 1 per slot; 0 marks an empty slot.
    private let slots: UnsafeMutableBufferPointer<Int32>
    private let mask: Int
    private let shortest: Int
    private let longest: Int

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
            var slot = entry.withUnsafeBufferPointer { Int(truncatingIfNeeded: Self.hash($0)) } & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.storage = .allocate(capacity: Swift.max(storage.count, 1))
        _ = self.storage.initialize(from: storage)
        self.offsets = .allocate(capacity: offsets.count)
        _ = self.offsets.initialize(from: offsets)
        self.slots = .allocate(capacity: slots.count)
        _ = self.slots.initialize(from: slots)
        self.mask = capacity - 1
        self.shortest = unique.map(\.count).min() ?? 0
        self.longest = unique.map(\.count).max() ?? -1
    }

    /// Whether `bytes` equals one of the entries.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= shortest, bytes.count <= longest else { return false }
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return false }
            let start = offsets[entry - 1]
            if offsets[entry] - start == bytes.count, memoryEqual(start, bytes) { return true }
            slot = (slot + 1) & mask
        }
    }

    deinit {
        storage.deallocate()
        offsets.deallocate()
        slots.deallocate()
    }

    private func memoryEqual(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<bytes.count where storage[start + index] != bytes[index] { return false }
        return true
    }

    /// FNV-1a, 64 bit.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}
