/// A `forbidden-words` rule's words, prepared for both readings of the password.
struct ForbiddenWordList: Sendable {
    /// Per word, its case-folded UTF-8 and the UTF-8 of its folded scalars reversed (the Unicode reading).
    let folded: [(forward: [UInt8], reversed: [UInt8])]
    /// Per word, its bytes lowered as `tolower` does (libpwquality's reading; it reverses bytes itself).
    let lowered: [[UInt8]]

    /// Prepares normalized words.
    init(_ words: [String]) {
        folded = words.map { word in
            let text = CompiledPolicy.folded(word)
            var reversed = String.UnicodeScalarView()
            reversed.append(contentsOf: text.unicodeScalars.reversed())
            return (Array(text.utf8), Array(String(reversed).utf8))
        }
        lowered = words.map { $0.utf8.map(PwqualityBytes.lowered) }
    }

    /// Whether a case-folded password (UTF-8) contains a word, forwards or reversed.
    func matchesFolded(_ password: UnsafeBufferPointer<UInt8>) -> Bool {
        folded.contains { word in
            word.forward.withUnsafeBufferPointer { PwqualityBytes.contains(password, $0, reversed: false) }
                || word.reversed.withUnsafeBufferPointer { PwqualityBytes.contains(password, $0, reversed: false) }
        }
    }

    /// libpwquality's `badwords` check: a word of at least 4 bytes, or its byte reversal, in the lowered password.
    func matchesLowered(_ password: UnsafeBufferPointer<UInt8>) -> Bool {
        lowered.contains { word in
            word.withUnsafeBufferPointer { PwqualityBytes.containsWord(password, $0, minimum: 4) }
        }
    }
}
