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
    /// The FNV-1a hash of every prefix of every word, with the entry of the word it spells (open addressing, two
    /// words a slot: the hash, 0 = empty, then 1 + the entry, 0 = only a prefix), so one probe answers both whether
    /// a walk can still reach a word and which word it has reached (checked byte for byte: a collision with a
    /// substring only keeps a walk going longer).
    private let slots: [UInt64]
    private let mask: Int
    /// Every prefix of 1 to 3 bytes exactly, as bits (`shortPrefixBase[length] + code`, code = the bytes 7 bits
    /// each): most walks end within 3 bytes, and these 260 KiB stay in cache where the
    /// hashed prefixes do not.
    private let shortPrefixes: [UInt64]
    private static let shortPrefixBase = [0, 0, 128, 128 + (1 << 14)]

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
        // More slots than bytes, so more than prefixes (words share them): a probe always ends.
        while capacity <= bytes.count { capacity <<= 1 }
        var slots = [UInt64](repeating: 0, count: capacity * 2)
        for entry in 0..<(wordStart.count - 1) {
            var hash = Self.seed
            let word = bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])]
            for (offset, byte) in word.enumerated() {
                hash = Self.step(hash, byte)
                let key = hash == 0 ? 1 : hash
                var slot = Int(truncatingIfNeeded: key) & (capacity - 1)
                while slots[2 * slot] != 0 && slots[2 * slot] != key { slot = (slot + 1) & (capacity - 1) }
                slots[2 * slot] = key
                if offset == word.count - 1 {
                    // Two listed words with one hash would need a second slot: the embedded lists have none.
                    precondition(slots[2 * slot + 1] == 0, "two listed words share a hash")
                    slots[2 * slot + 1] = UInt64(entry + 1)
                }
            }
        }
        var shortPrefixes = [UInt64](repeating: 0, count: (128 + (1 << 14) + (1 << 21)) / 64)
        for entry in 0..<(wordStart.count - 1) {
            var code = 0
            for (offset, byte) in bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])].prefix(3).enumerated() {
                code = code << 7 | Int(byte)
                let bit = Self.shortPrefixBase[offset + 1] + code
                shortPrefixes[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        self.shortPrefixes = shortPrefixes
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

    /// What `probe` answers for a substring no listed word starts with.
    static let absent = -2
    /// What `probe` answers for a prefix of a listed word that is not itself listed (or when `entry` is false).
    static let prefixOnly = -1

    /// Whether some word starts with `word` (hashed to `hash`) and, with `entry`, which listed word it is:
    /// `absent`, `prefixOnly` or the word's entry.
    @inline(__always) func probe(hash: UInt64, word: ArraySlice<UInt8>, entry: Bool) -> Int {
        let length = word.count
        if length <= 3 {
            var code = 0
            for byte in word { code = code << 7 | Int(byte) }
            let bit = Self.shortPrefixBase[length] + code
            if shortPrefixes[bit >> 6] >> UInt64(bit & 63) & 1 == 0 { return Self.absent }
            if !entry { return Self.prefixOnly }
        }
        let key = hash == 0 ? 1 : hash
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let stored = slots[2 * slot]
            if stored == key { break }
            if stored == 0 { return Self.absent }
            slot = (slot + 1) & mask
        }
        let found = Int(slots[2 * slot + 1]) - 1
        guard entry, found >= 0 else { return Self.prefixOnly }
        let from = Int(wordStart[found])
        let to = Int(wordStart[found + 1])
        return to - from == length && bytes[from..<to].elementsEqual(word) ? found : Self.prefixOnly
    }

    /// The entry of the word whose bytes are `word` (hashed to `hash`), or nil.
    func entry(hash: UInt64, word: ArraySlice<UInt8>) -> Int? {
        let found = probe(hash: hash, word: word, entry: true)
        return found >= 0 ? found : nil
    }

    /// The rank of `entry` in list `list`, 0 when absent.
    func rank(entry: Int, list: Int) -> Int { Int(ranks[entry * names.count + list]) }

    /// The whole text of list `list` as embedded, for tests.
    func word(entry: Int) -> String {
        String(decoding: bytes[Int(wordStart[entry])..<Int(wordStart[entry + 1])], as: UTF8.self)
    }
}
