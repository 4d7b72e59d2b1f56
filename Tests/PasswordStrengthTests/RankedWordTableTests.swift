import Testing

@testable import PasswordStrength

/// The trie walk: every listed word reaches a node with its entry, every prefix of one is never `absent` (the matchers
/// stop there), and a substring that is no listed word never answers an entry.
struct RankedWordTableTests {
    private static let prefixOnly = -2

    /// The word's entry, `prefixOnly` for a prefix of a listed word, `absent` when no listed word starts with it.
    private func probe(_ table: RankedWordTable, _ text: String) -> Int {
        var node = RankedWordTable.root
        for byte in text.utf8 {
            node = table.child(of: node, byte)
            if node == RankedWordTable.absent { return RankedWordTable.absent }
        }
        return table.entry(at: node) ?? Self.prefixOnly
    }

    @Test func probeAnswersWordsPrefixesAndAbsentSubstrings() {
        let table = RankedWordTable.embedded
        var words: Set<String> = []
        var prefixes: Set<String> = []
        for (_, list) in EmbeddedFrequencyLists.all {
            for word in list.split(separator: "\n") {
                words.insert(String(word))
                for length in 1...word.utf8.count {
                    prefixes.insert(String(decoding: word.utf8.prefix(length), as: UTF8.self))
                }
            }
        }
        var wrong: [String] = []
        for prefix in prefixes {
            let found = probe(table, prefix)
            if words.contains(prefix) {
                if found < 0 || table.word(entry: found) != prefix { wrong.append(prefix) }
            } else if found != Self.prefixOnly {
                wrong.append(prefix)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) prefixes answered wrongly, e.g. \(wrong.prefix(5))")
        // Substrings no word starts with, short and long: never an entry, and the walk stops (absent).
        var absent = 0
        var tried = 0
        for first in UInt8(33)...UInt8(126) {
            for second in [UInt8(0x7E), UInt8(0x21), UInt8(0x71)] {
                for tail in ["", "q", "qx~", "~~~~~~~~~~"] {
                    let text = String(decoding: [first, second], as: UTF8.self) + tail
                    guard !prefixes.contains(text) else { continue }
                    tried += 1
                    let found = probe(table, text)
                    #expect(found < 0, "\(text) is not a listed word")
                    if found == RankedWordTable.absent { absent += 1 }
                }
            }
        }
        #expect(tried > 1000 && absent == tried)
    }
}
