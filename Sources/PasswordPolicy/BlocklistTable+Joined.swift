extension BlocklistTable {
    /// Builds the set from LF-terminated canonical entries (``BlocklistEntries/joinedUTF8``) as `normalization`
    /// compares them: ASCII entries as they are, others normalized and case-folded; no array per entry.
    convenience init(joined: UnsafeBufferPointer<UInt8>, normalization: Normalization) {
        var storage: [UInt8] = []
        storage.reserveCapacity(joined.count)
        var offsets = [0]
        var start = 0
        while start < joined.count {
            var end = start
            var ascii = true
            while joined[end] != 0x0A {
                ascii = ascii && joined[end] < 0x80
                end += 1
            }
            if ascii {
                storage += joined[start..<end]
            } else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: joined[start..<end]), as: UTF8.self)
                storage += CompiledPolicy.folded(PasswordNormalizer.normalized(text, normalization)).utf8
            }
            offsets.append(storage.count)
            start = end + 1
        }
        self.init(storage: storage, offsets: offsets)
    }
}
