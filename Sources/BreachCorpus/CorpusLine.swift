/// A hash as three words, compared in order: SHA-1's 20 bytes or NTLM's 16 (the last word 0).
struct CorpusKey: Comparable {
    var high: UInt64
    var middle: UInt64
    var low: UInt64

    static func < (lhs: CorpusKey, rhs: CorpusKey) -> Bool {
        if lhs.high != rhs.high { return lhs.high < rhs.high }
        if lhs.middle != rhs.middle { return lhs.middle < rhs.middle }
        return lhs.low < rhs.low
    }

    /// The key of a binary digest of 16 or 20 bytes.
    init(digest: UnsafeRawBufferPointer) {
        func word(_ start: Int, _ count: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start..<(start + count) { value = value << 8 | UInt64(digest[index]) }
            return value << (8 * UInt64(8 - count))
        }
        high = word(0, 8)
        middle = word(8, 8)
        low = digest.count > 16 ? word(16, digest.count - 16) : 0
    }

    init(high: UInt64, middle: UInt64, low: UInt64) {
        self.high = high
        self.middle = middle
        self.low = low
    }
}

/// One line of a corpus, parsed where it starts: its hash, its count and where the next line starts.
struct CorpusLine {
    var key: CorpusKey
    var count: Int
    /// Offset of the next line (or the file's size).
    var end: Int

    /// Why a line could not be parsed; never holds the line's text.
    enum Problem: Error {  // internal: `HIBPCorpus` turns it into a `CorpusError`
        case malformed(String)
        case hashDigits(Int)
    }

    /// The values of the hex digits `0-9a-fA-F`, 0xFF for every other byte.
    static let hexValues: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x30...0x39: UInt8(byte - 0x30)
        case 0x41...0x46: UInt8(byte - 0x41 + 10)
        case 0x61...0x66: UInt8(byte - 0x61 + 10)
        default: 0xFF
        }
    }

    /// Parses the line starting at `start` of `bytes`, whose hashes have `digits` hex digits (40 or 32).
    @inline(__always)
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, digits: Int, hex: UnsafePointer<UInt8>
    ) throws(Problem) -> CorpusLine {
        let size = bytes.count
        guard start + digits < size else { throw problem(bytes, start: start, digits: digits) }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var index = start
        for word in 0..<3 {
            let count = Swift.min(16, digits - word * 16)
            guard count > 0 else { break }
            var value: UInt64 = 0
            for _ in 0..<count {
                let nibble = hex[Int(bytes[index])]
                if nibble == 0xFF { throw problem(bytes, start: start, digits: digits) }
                value = value << 4 | UInt64(nibble)
                index += 1
            }
            value <<= UInt64(4 * (16 - count))
            switch word {
            case 0: words.0 = value
            case 1: words.1 = value
            default: words.2 = value
            }
        }
        guard bytes[index] == 0x3A else { throw problem(bytes, start: start, digits: digits) }
        index += 1
        var count = 0
        let digitsStart = index
        while index < size, bytes[index] &- 0x30 < 10 {
            count = count &* 10 &+ Int(bytes[index] &- 0x30)
            index += 1
        }
        guard index > digitsStart else { throw .malformed("has no count after the hash (expected HASH:COUNT)") }
        guard index - digitsStart <= 18 else { throw .malformed("has a count of more than 18 digits") }
        if index < size, bytes[index] == 0x0D { index += 1 }
        if index < size {
            guard bytes[index] == 0x0A else { throw .malformed("has something other than a line end after the count") }
            index += 1
        }
        return CorpusLine(key: CorpusKey(high: words.0, middle: words.1, low: words.2), count: count, end: index)
    }

    /// Describes a line whose hash is not `digits` hex digits then `:`: another hash length (an NTLM line in a
    /// SHA-1 file) or stray bytes.
    private static func problem(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, digits: Int
    ) -> Problem {
        var run = start
        while run < bytes.count, run - start < 128, hexValues[Int(bytes[run])] != 0xFF { run += 1 }
        let next = run < bytes.count ? bytes[run] : 0x0A
        if next == 0x3A, run - start != digits { return .hashDigits(run - start) }
        if next == 0x0A || next == 0x0D {
            if run == start { return .malformed("is empty") }
            if run - start == digits { return .malformed("has no count after the hash (expected HASH:COUNT)") }
            return .malformed("is too short for a \(digits)-digit hash (expected HASH:COUNT)")
        }
        return .malformed("is not \(digits) hex digits, ':' and a count")
    }
}
