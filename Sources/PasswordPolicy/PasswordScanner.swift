/// The single pass over a password's scalars that feeds every count-based rule.
enum PasswordScanner {
    /// Scans ASCII bytes, writing their lowercase form to `lowered`; returns `nil` at the first non-ASCII byte.
    ///
    /// With `tracksSequences` false (no `max-sequence` rule) the sequence runs are skipped and
    /// `longestSequence` stays 0.
    ///
    /// `present` receives one bit per ASCII value seen (bit `b & 63` of word `b >> 6`), `loweredHash` the
    /// ``BlocklistLookup/fnv(_:)`` of the lowercase bytes.
    @inline(__always)
    static func scanASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<ASCIIInfo>,
        lowered: UnsafeMutablePointer<UInt8>, present: inout (UInt64, UInt64), loweredHash: inout UInt64,
        tracksSequences: Bool
    ) -> ScanSummary? {
        if tracksSequences {
            var tracker = RunTracker()
            var runs = ScanSummary()
            guard
                var summary = scanBytes(
                    bytes, table: table, lowered: lowered, present: &present, loweredHash: &loweredHash,
                    each: { byte, info in
                        tracker.add(
                            scalar: UInt32(byte), alphabet: info.alphabet, digit: info.digit, keyboard: info.keyboard,
                            into: &runs)
                    })
            else { return nil }
            (summary.longestRepeat, summary.longestSequence) = (runs.longestRepeat, runs.longestSequence)
            return summary
        }
        // The repeat run alone: no track positions read.
        var previous: UInt8 = 0xFF  // no ASCII byte
        var (run, longest) = (0, 0)
        guard
            var summary = scanBytes(
                bytes, table: table, lowered: lowered, present: &present, loweredHash: &loweredHash,
                each: { byte, _ in
                    run = byte == previous ? run &+ 1 : 1
                    longest = Swift.max(longest, run)
                    previous = byte
                })
        else { return nil }
        summary.longestRepeat = longest
        return summary
    }

    /// The pass ``scanASCII(_:table:lowered:present:loweredHash:tracksSequences:)`` makes: length, class counts,
    /// lowercase bytes, presence bits and hash, with `each` given every byte and its facts for the runs; nil at the
    /// first non-ASCII byte.
    @inline(__always)
    private static func scanBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<ASCIIInfo>,
        lowered: UnsafeMutablePointer<UInt8>, present: inout (UInt64, UInt64), loweredHash: inout UInt64,
        each: (UInt8, ASCIIInfo) -> Void
    ) -> ScanSummary? {
        var summary = ScanSummary()
        summary.length = bytes.count
        var (low, high): (UInt64, UInt64) = (0, 0)
        var hash = BlocklistLookup.fnvStart
        var chunkStart = 0
        while chunkStart < bytes.count {
            // Packed counters: one 8-bit lane per kind, flushed every 255 bytes so no lane overflows.
            var packed: UInt64 = 0
            let chunkEnd = Swift.min(chunkStart &+ 255, bytes.count)
            for index in chunkStart..<chunkEnd {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                let info = table[Int(byte)]
                lowered[index] = info.lower
                hash = BlocklistLookup.fnvStep(hash, info.lower)
                low |= info.presentLow
                high |= info.presentHigh
                packed &+= info.countIncrement
                each(byte, info)
            }
            summary.addPacked(packed)
            chunkStart = chunkEnd
        }
        present = (low, high)
        loweredHash = BlocklistLookup.fnvFinished(hash)
        return summary
    }

    /// Scans any normalized scalars (the general path). Without `tracksSequences` only the repeat run is tracked and
    /// `longestSequence` stays 0, as on the ASCII path.
    static func scan(_ scalars: [Unicode.Scalar], tracksSequences: Bool = true) -> ScanSummary {
        var summary = ScanSummary()
        var tracker = RunTracker()
        var (previous, run): (UInt32, Int) = (.max, 0)
        summary.length = scalars.count
        let (table, off) = (ASCIIInfo.table, ASCIIInfo.offTrack)
        for scalar in scalars {
            let info = scalar.value < 0x80 ? table[Int(scalar.value)] : nil
            summary.add(info?.kind ?? ScalarFacts.kind(scalar))
            if tracksSequences {
                tracker.add(
                    scalar: scalar.value, alphabet: info?.alphabet ?? off, digit: info?.digit ?? off,
                    keyboard: info?.keyboard ?? off, into: &summary)
            } else {
                run = scalar.value == previous ? run &+ 1 : 1
                summary.longestRepeat = Swift.max(summary.longestRepeat, run)
                previous = scalar.value
            }
        }
        return summary
    }
}
