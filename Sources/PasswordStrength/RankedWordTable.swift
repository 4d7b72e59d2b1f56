/// The embedded ranked lists as one trie over the words' ASCII bytes, built once per process: walking a password's
/// substring byte by byte from the root says at each step whether any listed word still starts with it (the
/// matchers stop there) and, at a node that spells a word, its rank in every list at once (0 where it is absent).
///
/// Every listed word is lower-case ASCII over an alphabet of at most 64 bytes (55 in zxcvbn 4.5.0), so a node is
/// 16 bytes: a 64-bit set of the alphabet codes of its children, the index of its first child (children are stored
/// together, in code order, so a child's index is the first child's plus the number of smaller codes present), and
/// the entry of the word it spells. Nodes are numbered breadth first: the short prefixes every scan starts with sit
/// together at the front and stay in cache.
final class RankedWordTable: Sendable {
    /// The process's table of zxcvbn's lists.
    static let embedded = RankedWordTable(lists: EmbeddedFrequencyLists.all)

    /// One trie node.
    struct Node: Sendable {
        /// Bit c set: a child for the byte of alphabet code c.
        var children: UInt64
        /// Index of the child of the smallest code.
        var firstChild: Int32
        /// The entry of the word spelt from the root to here, or -1.
        var entry: Int32
    }

    /// List names in zxcvbn's order (the order in which its matches of one token appear).
    let names: [String]
    /// `names` and then `user_inputs`, the name of the user's inputs as a list.
    let allNames: [String]
    /// Longest word of any list, in bytes.
    let maximumWordLength: Int
    /// The trie, root first.
    let nodes: [Node]
    /// Byte → alphabet code, `noCode` for a byte no word has (every byte ≥ 128).
    let codes: [UInt8]
    static let noCode: UInt8 = 0xFF
    /// Each entry's rank in each list, `names.count` a row (every list has fewer than 65,536 words).
    private let ranks: [UInt16]
    /// Each word as read (for tests), `bytes[wordStart[w]..<wordStart[w + 1]]`, and each entry's word `w`.
    private let bytes: [UInt8]
    private let wordStart: [Int32]
    private let wordOf: [Int32]

    /// The root's index, where every walk starts.
    static let root = 0
    /// What `child` answers when no listed word continues with the byte.
    static let absent = -1

    init(lists: [(name: String, words: String)]) {
        names = lists.map(\.name)
        allNames = names + ["user_inputs"]
        var bytes: [UInt8] = []
        var wordStart: [Int32] = []
        var ranks: [Int32] = []
        var longest = 0
        // The entry of each distinct word so far, by an FNV-1a hash of its bytes (open addressing, -1 empty): the
        // lists are read as bytes, one newline-separated word after another; Character-wise splitting and a
        // `Substring` dictionary cost a quarter of a second at start-up.
        var slots = [Int32](repeating: -1, count: 1 << 18)
        for (listIndex, list) in lists.enumerated() {
            var rank: Int32 = 0
            var text = list.words
            text.withUTF8 { utf8 in
                var start = 0
                for end in 0...utf8.count where end == utf8.count || utf8[end] == UInt8(ascii: "\n") {
                    let word = UnsafeBufferPointer(rebasing: utf8[start..<end])
                    start = end + 1
                    rank += 1
                    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                    for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
                    var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                    var entry = -1
                    while slots[slot] >= 0 {
                        let known = Int(slots[slot])
                        let from = Int(wordStart[known])
                        let to = known + 1 < wordStart.count ? Int(wordStart[known + 1]) : bytes.count
                        if bytes[from..<to].elementsEqual(word) {
                            entry = known
                            break
                        }
                        slot = (slot + 1) & (slots.count - 1)
                    }
                    if entry < 0 {
                        entry = wordStart.count
                        precondition(entry * 2 < slots.count, "more words than the start-up table holds")
                        slots[slot] = Int32(entry)
                        wordStart.append(Int32(bytes.count))
                        bytes.append(contentsOf: word)
                        ranks.append(contentsOf: repeatElement(0, count: lists.count))
                        longest = max(longest, word.count)
                    }
                    precondition(rank <= Int32(UInt16.max), "a list of 65,536 words or more")
                    ranks[entry * lists.count + listIndex] = rank
                }
            }
        }
        wordStart.append(Int32(bytes.count))
        let entryCount = wordStart.count - 1
        var present = [Bool](repeating: false, count: 256)
        for byte in bytes {
            precondition(byte < 128, "a listed word outside ASCII")
            present[Int(byte)] = true
        }
        var codes = [UInt8](repeating: Self.noCode, count: 256)
        var alphabet = 0
        for byte in 0..<256 where present[byte] {
            codes[byte] = UInt8(alphabet)
            alphabet += 1
        }
        precondition(alphabet <= 64, "the lists' alphabet exceeds 64 bytes")
        func length(_ entry: Int) -> Int { Int(wordStart[entry + 1] - wordStart[entry]) }
        func byte(_ entry: Int, _ offset: Int) -> UInt8 { bytes[Int(wordStart[entry]) + offset] }
        // Words sorted by their bytes (= by codes, which follow byte order): a node's words are one range, its
        // children the distinct bytes at its depth in that range, in order. Compared first by their first eight
        // bytes as one big-endian integer (zero past a word's end: every listed byte is above zero, so a word sorts
        // before the longer words it starts), and byte by byte only when those are equal: half of start-up's time
        // went to comparing bytes one at a time.
        let sorted = bytes.withUnsafeBufferPointer { all in
            wordStart.withUnsafeBufferPointer { starts in
                let prefixes = (0..<entryCount).map { entry in
                    let (from, to) = (Int(starts[entry]), Int(starts[entry + 1]))
                    var prefix: UInt64 = 0
                    for offset in 0..<8 { prefix = prefix << 8 | UInt64(from + offset < to ? all[from + offset] : 0) }
                    return prefix
                }
                return prefixes.withUnsafeBufferPointer { prefixes in
                    (0..<entryCount).sorted { a, b in
                        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
                        let (fromA, toA) = (Int(starts[a]), Int(starts[a + 1]))
                        let (fromB, toB) = (Int(starts[b]), Int(starts[b + 1]))
                        let common = min(toA - fromA, toB - fromB)
                        for offset in 8..<max(common, 8) where all[fromA + offset] != all[fromB + offset] {
                            return all[fromA + offset] < all[fromB + offset]
                        }
                        return toA - fromA < toB - fromB
                    }
                }
            }
        }
        var nodes = [Node(children: 0, firstChild: 0, entry: -1)]
        var wordOf: [Int32] = []
        wordOf.reserveCapacity(entryCount)
        // Breadth first: (node, depth, range of `sorted` whose words start with the node's prefix).
        var queue: [(node: Int, depth: Int, from: Int, to: Int)] = [(0, 0, 0, entryCount)]
        var head = 0
        while head < queue.count {
            let (node, depth, from, to) = queue[head]
            head += 1
            var at = from
            // The word equal to the prefix sorts first in its range. Entries are numbered in node order, so the
            // ranks of the short words most scans reach sit together too.
            if at < to && length(sorted[at]) == depth {
                nodes[node].entry = Int32(wordOf.count)
                wordOf.append(Int32(sorted[at]))
                at += 1
            }
            nodes[node].firstChild = Int32(nodes.count)
            while at < to {
                let next = byte(sorted[at], depth)
                var end = at + 1
                while end < to && byte(sorted[end], depth) == next { end += 1 }
                nodes[node].children |= 1 << UInt64(codes[Int(next)])
                queue.append((nodes.count, depth + 1, at, end))
                nodes.append(Node(children: 0, firstChild: 0, entry: -1))
                at = end
            }
        }
        var nodeOrderRanks = [UInt16](repeating: 0, count: ranks.count)
        for (entry, word) in wordOf.enumerated() {
            for list in 0..<lists.count {
                nodeOrderRanks[entry * lists.count + list] = UInt16(ranks[Int(word) * lists.count + list])
            }
        }
        self.nodes = nodes
        self.codes = codes
        self.bytes = bytes
        self.wordStart = wordStart
        self.wordOf = wordOf
        self.ranks = nodeOrderRanks
        self.maximumWordLength = longest
    }

    /// The child of `node` for `byte`, or `absent` when no listed word continues with it.
    @inline(__always) func child(of node: Int, _ byte: UInt8) -> Int {
        let code = codes[Int(byte)]
        if code == Self.noCode { return Self.absent }
        let current = nodes[node]
        let bit: UInt64 = 1 << UInt64(code)
        if current.children & bit == 0 { return Self.absent }
        return Int(current.firstChild) + (current.children & (bit &- 1)).nonzeroBitCount
    }

    /// The trie's nodes and byte codes as buffers, for a scan's inner loop (`child(of:_:nodes:codes:)`).
    @inline(__always) func withTrie<R>(
        _ body: (_ nodes: UnsafeBufferPointer<Node>, _ codes: UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        nodes.withUnsafeBufferPointer { nodes in codes.withUnsafeBufferPointer { codes in body(nodes, codes) } }
    }

    /// `child(of:_:)` on `withTrie`'s buffers.
    @inline(__always) static func child(
        of node: Int, _ byte: UInt8, nodes: UnsafeBufferPointer<Node>, codes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let code = codes[Int(byte)]
        if code == noCode { return absent }
        let current = nodes[node]
        let bit: UInt64 = 1 << UInt64(code)
        if current.children & bit == 0 { return absent }
        return Int(current.firstChild) + (current.children & (bit &- 1)).nonzeroBitCount
    }

    /// The entry of the word `node` spells, or nil when it is only a prefix.
    @inline(__always) func entry(at node: Int) -> Int? {
        let entry = nodes[node].entry
        return entry >= 0 ? Int(entry) : nil
    }

    /// The entry of the word whose bytes are `word`, or nil.
    func entry(of word: some Sequence<UInt8>) -> Int? {
        var node = Self.root
        for byte in word {
            node = child(of: node, byte)
            if node == Self.absent { return nil }
        }
        return entry(at: node)
    }

    /// The rank of `entry` in list `list`, 0 when absent.
    @inline(__always) func rank(entry: Int, list: Int) -> Int { Int(ranks[entry * names.count + list]) }

    /// The word of `entry`, for tests.
    func word(entry: Int) -> String {
        let word = Int(wordOf[entry])
        return String(decoding: bytes[Int(wordStart[word])..<Int(wordStart[word + 1])], as: UTF8.self)
    }
}
