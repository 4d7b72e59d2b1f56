/// Looks byte strings up in a ``BlocklistTable``'s buffers without allocating or touching reference counts.
struct BlocklistLookup: @unchecked Sendable {
    let storage: UnsafeBufferPointer<UInt8>
    let offsets: UnsafeBufferPointer<Int>
    let slots: UnsafeBufferPointer<Int32>
    let mask: Int
    let shortest: Int
    let longest: Int

    /// Whether `bytes` equals one of the entries.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= shortest, bytes.count <= longest else { return false }
        var slot = Int(truncatingIfNeeded: BlocklistLookup.fnv(bytes)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return false }
            let start = offsets[entry - 1]
            if offsets[entry] - start == bytes.count, memoryEqual(start, bytes) { return true }
            slot = (slot + 1) & mask
        }
    }

    private func memoryEqual(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<bytes.count where storage[start + index] != bytes[index] { return false }
        return true
    }

    /// FNV-1a, 64 bit.
    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}
