extension BlocklistTable {
    /// Builds the set from LF-terminated canonical entries (``BlocklistEntries/joinedUTF8``) as `normalization`
    /// compares them: ASCII entries as they are, others normalized and case-folded; no array per entry, and for an
    /// all-ASCII list no buffer beyond the table's own (a million entries: the bytes, 8 MiB of offsets, 8 MiB of
    /// slots).
    convenience init(joined: UnsafeBufferPointer<UInt8>, normalization: Normalization) {
        var count = 0
        var ascii = true
        for byte in joined {
            if byte == 0x0A { count += 1 }
            ascii = ascii && byte < 0x80
        }
        guard ascii else {
            self.init(generalJoined: joined, normalization: normalization)
            return
        }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(joined.count - count, 1))
        let offsets = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
        var written = 0
        var index = 0
        offsets[0] = 0
        for byte in joined {
            if byte == 0x0A {
                index += 1
                offsets[index] = written
            } else {
                storage[written] = byte
                written += 1
            }
        }
        self.init(adopting: storage, offsets: offsets, count: count)
    }

    /// The path for lists with non-ASCII entries, normalized one by one.
    private convenience init(generalJoined joined: UnsafeBufferPointer<UInt8>, normalization: Normalization) {
        var storage: [UInt8] = []
        var offsets = [0]
        for entry in joined.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if entry.allSatisfy({ $0 < 0x80 }) {
                storage += entry
            } else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: entry), as: UTF8.self)
                storage += CompiledPolicy.folded(PasswordNormalizer.normalized(text, normalization)).utf8
            }
            offsets.append(storage.count)
        }
        self.init(storage: storage, offsets: offsets)
    }
}
