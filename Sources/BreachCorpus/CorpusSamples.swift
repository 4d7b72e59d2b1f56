/// Lines sampled at evenly spaced offsets when a corpus opens: the first step of every search, so that a lookup's
/// interpolation starts from a stretch of about 1/1,024 of the file instead of the whole, saving a probe.
///
/// A fixed number of lines whatever the file's size (1,024, 40 KiB), read at open (a few milliseconds warm, one page
/// fault each; a cold file reads 1,024 pages from disk); each is checked for format and order like any line a search
/// reads. 4,096 samples gained little more (the target's own page is read anyway) and opened in up to 19 ms.
struct CorpusSamples {
    /// One sampled line.
    struct Sample {
        var key: CorpusKey
        var start: Int
        var end: Int
    }

    /// Samples at most this many lines.
    static let capacity = 1024
    /// In file order, strictly increasing keys; empty for a file too small to need them.
    let samples: [Sample]

    /// No samples: every search starts from the whole file.
    static let empty = CorpusSamples(samples: [])

    private init(samples: [Sample]) { self.samples = samples }

    /// Samples `corpus`, which must be mapped and have its first and last lines checked.
    init(_ corpus: HIBPCorpus) throws(CorpusError) {
        let size = corpus.bytes.count
        let count = Swift.min(Self.capacity, size / 4096)
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            var start = index * (size / Swift.max(count, 1))
            while start > 0, start < size, corpus.bytes[start - 1] != 0x0A { start += 1 }
            guard start < size, samples.last.map({ $0.start < start }) ?? true else { continue }
            let line = try corpus.line(at: start)
            if let previous = samples.last, !(previous.key < line.key) {
                throw .unsorted(path: corpus.path, line: nil, byteOffset: start)
            }
            samples.append(Sample(key: line.key, start: start, end: line.end))
        }
        self.samples = samples
    }

    /// The stretch to search for `key`: the lines between the sample at or below it and the next one above it, with
    /// their keys as bounds; or, when a sample's line holds `key`, that line's start as `exact`.
    @inline(__always)
    func bounds(
        _ key: CorpusKey, size: Int
    ) -> (low: Int, high: Int, below: CorpusKey?, above: CorpusKey?, exact: Int?) {
        guard !samples.isEmpty else { return (0, size, nil, nil, nil) }
        var lower = 0
        var upper = samples.count  // first sample above `key` is in lower..<upper... found by bisection
        while lower < upper {
            let middle = (lower + upper) / 2
            if key < samples[middle].key { upper = middle } else { lower = middle + 1 }
        }
        // samples[lower - 1] <= key < samples[lower]
        let above = lower < samples.count ? samples[lower] : nil
        guard lower > 0 else { return (0, above?.start ?? size, nil, above?.key, nil) }
        let below = samples[lower - 1]
        if below.key == key { return (below.start, below.end, nil, nil, below.start) }
        return (below.end, above?.start ?? size, below.key, above?.key, nil)
    }
}
