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

    /// Whether `byte` counts towards `cls` as ``PwqualityScan/count(_:)`` counts (`special` is "other", every byte
    /// of a non-ASCII character among them; `space` is U+0020 only).
    static func counts(_ byte: UInt8, toward cls: CharacterClass) -> Bool {
        switch cls {
        case .upper: return byteClass(byte) == 0
        case .lower: return byteClass(byte) == 1
        case .digit: return byteClass(byte) == 2
        case .special: return byteClass(byte) == 3
        case .letter: return byteClass(byte) <= 1
        case .space: return byte == 0x20
        }
    }

    /// `tolower` of one byte.
    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `haystack` contains `needle` (read backwards when `reversed`), both lowered by `tolower`, as
    /// `strstr` over lowered copies finds it; allocates nothing.
    @inline(__always)
    static func contains(
        _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, reversed: Bool
    ) -> Bool {
        let width = needle.count
        guard width > 0 else { return true }
        guard haystack.count >= width else { return false }
        @inline(__always) func at(_ offset: Int) -> UInt8 {
            lowered(needle[reversed ? width - 1 - offset : offset])
        }
        let first = at(0)
        for start in 0...(haystack.count - width) where lowered(haystack[start]) == first {
            var offset = 1
            while offset < width, lowered(haystack[start + offset]) == at(offset) { offset += 1 }
            if offset == width { return true }
        }
        return false
    }

    /// libpwquality's `wordcheck`: a word of at least `minimum` bytes, or its byte reversal, occurs in the password.
    @inline(__always)
    static func containsWord(
        _ password: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, minimum: Int
    ) -> Bool {
        guard word.count >= minimum else { return false }
        return contains(password, word, reversed: false) || contains(password, word, reversed: true)
    }
}
