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
        contains(bytes, hash: Self.fnv(bytes))
    }

    /// Whether `bytes`, whose ``fnv(_:)`` is `hash`, equals one of the entries: every table hashes alike, so a
    /// password is hashed once for all of a policy set's lists.
    @inline(__always)
    func contains(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        guard bytes.count >= shortest, bytes.count <= longest else { return false }
        var slot = Int(truncatingIfNeeded: hash) & mask
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

    /// FNV-1a, 64 bit, with a final mix: ``fnvFinished(_:)`` of ``fnvStep(_:_:)`` over the bytes from ``fnvStart``.
    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = fnvStart
        for byte in bytes { hash = fnvStep(hash, byte) }
        return fnvFinished(hash)
    }

    static let fnvStart: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func fnvStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    @inline(__always)
    static func fnvFinished(_ hash: UInt64) -> UInt64 {
        hash ^ (hash >> 29)
    }
}
