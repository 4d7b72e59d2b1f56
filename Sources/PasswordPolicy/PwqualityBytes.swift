/// libpwquality's view of a password: its UTF-8 bytes, each classified by `isdigit`, `isupper`, `islower` in a
/// C or UTF-8 locale (so every byte of a non-ASCII character is "other") and lowered by `tolower` (ASCII only).
enum PwqualityBytes {
    /// The byte's class: 0 upper, 1 lower, 2 digit, 3 other (the order of ``LengthCredits/creditableClasses``).
    @inline(__always)
    static func byteClass(_ byte: UInt8) -> Int {
        switch byte {
        case 0x41...0x5A: return 0
        case 0x61...0x7A: return 1
        case 0x30...0x39: return 2
        default: return 3
        }
    }

    /// `tolower` of one byte.
    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// How many bytes fall in each class (upper, lower, digit, other).
    static func counts(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int, Int) {
        var counts = (0, 0, 0, 0)
        for byte in bytes {
            switch byteClass(byte) {
            case 0: counts.0 += 1
            case 1: counts.1 += 1
            case 2: counts.2 += 1
            default: counts.3 += 1
            }
        }
        return counts
    }

    /// How many bytes belong to a named class, read as libpwquality's classes (`special` is "other").
    static func count(_ cls: CharacterClass, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let counts = counts(bytes)
        switch cls {
        case .upper: return counts.0
        case .lower: return counts.1
        case .digit: return counts.2
        case .special: return counts.3
        case .letter: return counts.0 + counts.1
        case .space: return bytes.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) }
        }
    }

    /// Whether the lowered `haystack` contains `needle` (already lowered), as `strstr` finds it.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: ArraySlice<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        let first = needle[needle.startIndex]
        for start in 0...(haystack.count - needle.count) where lowered(haystack[start]) == first {
            var offset = 1
            while offset < needle.count,
                lowered(haystack[start + offset]) == needle[needle.startIndex + offset]
            {
                offset += 1
            }
            if offset == needle.count { return true }
        }
        return false
    }

    /// libpwquality's `wordcheck`: a word of at least `minimum` bytes, or its byte reversal, occurs in the password.
    static func containsWord(
        _ password: UnsafeBufferPointer<UInt8>, _ word: ArraySlice<UInt8>, minimum: Int
    ) -> Bool {
        guard word.count >= minimum else { return false }
        return contains(password, word) || contains(password, ArraySlice(word.reversed()))
    }
}
