/// The embedded ranked lists as one open-addressing hash table over ASCII bytes, built once per process: a
/// lookup of a word gives its rank in every list at once (0 where it is absent). Every listed word is lower-case
/// ASCII of at most `maximumWordLength` bytes, so the matcher can hash a password's substrings incrementally
/// and stop at the first non-ASCII scalar or past that length.
final class RankedWordTable: Sendable {
    /// The process's table of zxcvbn's lists.
    static let embedded = RankedWordTable(lists: EmbeddedFrequencyLists.all)

    /// List names in zxcvbn's order (the order in which its matches of one token appear).
    let names: [String]
    /// Longest word of any list, in bytes.
    let maximumWordLength: Int
    private let bytes: [UInt8]
    private let wordStart: [Int32]
    private let ranks: [Int32]
    private let slots: [Int32]
    private let mask: Int
    /// The FNV-1a hash of every prefix of every word (open addressing, 0 = empty slot): a walk that extends a
    /// substring whose hash is absent here cannot reach a word. A collision only keeps a walk going longer.
    private let prefixes: [UInt64]
    private let prefixMask: Int

    init(lists: [(name: String, words: String)]) {
        names = lists.map(\.name)
        var positions: [String: Int] = [:]
        var bytes: [UInt8] = []
        var wordStart: [Int32] = []
        var ranks: [Int32] = []
        var longest = 0
        for (listIndex, list) in lists.enumerated() {
            var rank: Int32 = 0
            for word in list.words.split(separator: "\n", omittingEmptySubsequences: false) {
                rank += 1
                let key = String(word)
                let entry: Int
                if let known = positions[key] {
                    entry = known
                } else {
                    entry = wordStart.count
                    positions[key] = entry
                    wordStart.append(Int32(bytes.count))
                    bytes.append(contentsOf: word.utf8)
                    ranks.append(contentsOf: repeatElement(0, count: lists.count))
                    longest = max(longest, word.utf8.count)
                }
                ranks[entry * lists.count + listIndex] = rank
            }
        }
        wordStart.append(Int32(bytes.count))
        var capacity = 1
        while capacity < positions.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        for entry in 0..<(wordStart.count - 1) {
            var hash = Self.seed
            for byte in bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])] { hash = Self.step(hash, byte) }
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(entry)
        }
        var prefixCapacity = 1
        while prefixCapacity < bytes.count * 2 { prefixCapacity <<= 1 }
        var prefixes = [UInt64](repeating: 0, count: prefixCapacity)
        for entry in 0..<(wordStart.count - 1) {
            var hash = Self.seed
            for byte in bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])] {
                hash = Self.step(hash, byte)
                let key = hash == 0 ? 1 : hash
                var slot = Int(truncatingIfNeeded: key) & (prefixCapacity - 1)
                while prefixes[slot] != 0 && prefixes[slot] != key { slot = (slot + 1) & (prefixCapacity - 1) }
                prefixes[slot] = key
            }
        }
        self.prefixes = prefixes
        self.prefixMask = prefixCapacity - 1
        self.bytes = bytes
        self.wordStart = wordStart
        self.ranks = ranks
        self.slots = slots
        self.mask = capacity - 1
        self.maximumWordLength = longest
    }

    /// FNV-1a, fed one byte at a time so a matcher extends a substring's hash by its next scalar.
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The entry of the word whose bytes are `word` (hashed to `hash`), or nil.
    func entry(hash: UInt64, word: ArraySlice<UInt8>) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            let from = Int(wordStart[entry])
            let to = Int(wordStart[entry + 1])
            if to - from == word.count && bytes[from..<to].elementsEqual(word) { return entry }
            slot = (slot + 1) & mask
        }
    }

    /// Whether some word may start with the bytes hashed to `hash` (never false for a real prefix).
    @inline(__always) func mayBePrefix(hash: UInt64) -> Bool {
        let key = hash == 0 ? 1 : hash
        var slot = Int(truncatingIfNeeded: key) & prefixMask
        while true {
            let stored = prefixes[slot]
            if stored == key { return true }
            if stored == 0 { return false }
            slot = (slot + 1) & prefixMask
        }
    }

    /// The rank of `entry` in list `list`, 0 when absent.
    func rank(entry: Int, list: Int) -> Int { Int(ranks[entry * names.count + list]) }

    /// The whole text of list `list` as embedded, for tests.
    func word(entry: Int) -> String {
        String(decoding: bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])], as: UTF8.self)
    }
}
