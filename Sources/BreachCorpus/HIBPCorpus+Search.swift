extension HIBPCorpus {
    /// Below this many bytes a range is scanned line by line instead of probed.
    private static let scanBytes = 384
    /// Interpolation steps before the search falls back to bisection (a file far from uniform, such as a test's).
    private static let interpolationSteps = 6

    /// The count on the line whose hash is `key`, or 0 when no line has it.
    ///
    /// An interpolation search over byte offsets, from the stretch between two of the samples taken at open: hashes
    /// are uniform, so a probe lands near its line and a 100-million-line file takes about two probes. Each probe reads
    /// the line around its offset; every line read must be well formed and sort strictly between the lines already
    /// known below and above it.
    /// - Throws: `CorpusError.malformed` or `.unsorted` for the first bad line met (by byte offset).
    func search(_ key: CorpusKey) throws(CorpusError) -> Int {
        let start = samples.bounds(key, size: bytes.count)
        if let exact = start.exact { return try line(at: exact).count }
        var low = start.low  // a line start; every line before it sorts below `key`
        var high = start.high  // a line start or the end; every line from it on sorts above `key`
        var below = start.below
        var above = start.above
        var steps = 0
        while high - low > Self.scanBytes {
            let probe = probeOffset(
                key, low: low, high: high, below: below, above: above, bisect: steps >= Self.interpolationSteps)
            steps += 1
            let start = try lineStart(containing: probe, notBefore: low)
            let found = try line(at: start)
            try checkOrder(found.key, below: below, above: above, at: start)
            if found.key == key { return found.count }
            if found.key < key {
                low = found.end
                below = found.key
            } else {
                high = start
                above = found.key
            }
        }
        return try scan(key, from: low, to: high, below: below, above: above)
    }

    /// Reads the lines in `low..<high` in order until one reaches `key`.
    private func scan(
        _ key: CorpusKey, from low: Int, to high: Int, below: CorpusKey?, above: CorpusKey?
    ) throws(CorpusError) -> Int {
        var start = low
        var previous = below
        var previousStart: Int?  // where the line holding `previous` starts, once this scan has read one
        while start < high {
            let found = try line(at: start)
            try checkOrder(found.key, below: previous, above: above, at: start)
            if found.key == key { return found.count }
            if key < found.key {
                try checkNeighbours(lowerStart: previousStart, low: low, upper: found)
                return 0
            }
            previous = found.key
            previousStart = start
            start = found.end
        }
        let upper: CorpusLine? = high < bytes.count ? try line(at: high) : nil
        try checkNeighbours(lowerStart: previousStart, low: low, upper: upper)
        return 0
    }

    /// Before a lookup answers "absent", the lines either side of the key's place must sort with their own outer
    /// neighbours: the line after the first one above the key, and the line before the last one below it. A line
    /// swapped with another across the key's place (the key's own line moved among them) shows there. A lookup
    /// proves only the lines it reads; `corpus verify` proves the file.
    /// `lowerStart` is the last line below the key when the scan read one, else it is the line ending at `low`.
    /// Each neighbour is first compared by its leading 16 digits alone, which settle the order of almost every
    /// pair; only a tie or a non-hex digit takes the full parse, which checks the line and names what is wrong.
    private func checkNeighbours(lowerStart: Int?, low: Int, upper: CorpusLine?) throws(CorpusError) {
        // A missing word (a non-hex digit) compares as 0, so the full parse names what is wrong with the line.
        if let upper, upper.end < bytes.count, (leadingWord(at: upper.end) ?? 0) <= upper.key.high {
            try checkOrder(try line(at: upper.end).key, below: upper.key, above: nil, at: upper.end)
        }
        let lower: Int?
        if let lowerStart { lower = lowerStart } else { lower = try lineBefore(low) }
        guard let lowerStart = lower, let before = try lineBefore(lowerStart) else { return }
        if let previous = leadingWord(at: before), let last = leadingWord(at: lowerStart), previous < last { return }
        try checkOrder(try line(at: before).key, below: nil, above: try line(at: lowerStart).key, at: before)
    }

    /// The first 16 hex digits of the line at `start` as a number; nil when one of them is not a hex digit.
    @inline(__always)
    private func leadingWord(at start: Int) -> UInt64? {
        guard start + 16 <= bytes.count else { return nil }
        var value: UInt64 = 0
        for index in start..<(start + 16) {
            let nibble = hex[Int(bytes[index])]
            if nibble == 0xFF { return nil }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }

    /// The start of the line that ends where the line at `start` begins; nil for the first line.
    private func lineBefore(_ start: Int) throws(CorpusError) -> Int? {
        start > 0 ? try lineStart(containing: start - 1, notBefore: 0) : nil
    }

    /// Where to probe next: the offset `key` would have if hashes were spread evenly between the known bounds, or the
    /// middle once interpolation has had its steps.
    @inline(__always)
    private func probeOffset(
        _ key: CorpusKey, low: Int, high: Int, below: CorpusKey?, above: CorpusKey?, bisect: Bool
    ) -> Int {
        let span = high - low
        guard !bisect else { return low + span / 2 }
        let from = below.map { Double($0.high) } ?? 0
        let to = above.map { Double($0.high) } ?? 18_446_744_073_709_551_616.0
        guard to > from else { return low + span / 2 }
        let fraction = (Double(key.high) - from) / (to - from)
        let offset = low + Int(fraction * Double(span))
        return Swift.min(Swift.max(offset, low), high - 1)
    }

    /// The start of the line holding byte `offset`, looking back no further than `floor` (itself a line start).
    @inline(__always)
    private func lineStart(containing offset: Int, notBefore floor: Int) throws(CorpusError) -> Int {
        var start = offset
        let limit = Swift.max(floor, offset - 256)
        while start > limit, bytes[start - 1] != 0x0A { start -= 1 }
        guard start == floor || bytes[start - 1] == 0x0A else {
            throw .malformed(path: path, line: nil, byteOffset: start, reason: "is longer than 256 bytes")
        }
        return start
    }

    @inline(__always)
    private func checkOrder(_ key: CorpusKey, below: CorpusKey?, above: CorpusKey?, at start: Int) throws(CorpusError) {
        if let below, !(below < key) { throw .unsorted(path: path, line: nil, byteOffset: start) }
        if let above, !(key < above) { throw .unsorted(path: path, line: nil, byteOffset: start) }
    }
}
