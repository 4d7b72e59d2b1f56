/// Tells when a candidate's user inputs cannot change zxcvbn's estimate of its password, so that the estimate may be
/// reused for the same password whoever typed it (`StrengthEstimateCache`, keyed then by the fingerprint alone).
///
/// zxcvbn reads the user inputs in one place only: they are a ranked list of their own, lower-cased, and a match
/// against it is a substring of the password equal to a whole input — lower-cased (the dictionary matcher), of the
/// reversed password (the reversed matcher), or of the password with some characters read as the letters zxcvbn's l33t
/// table gives them (the l33t matcher); the repeat matcher estimates a substring again with the same lists. Without
/// such a substring every match, and so the estimate, is the one made with no user inputs. This screen looks, more
/// broadly, for any window of the password where each character, lower-cased or read through the l33t table, equals
/// the input's character at that place, forwards or backwards: when there is none for any input, no matcher can
/// produce a user-input match (`StrengthInputScreenTests` checks it against the estimator).
///
/// It answers for all-ASCII passwords only (the import's fast path; the fingerprint identifies those as typed): every
/// text the matchers derive from them is ASCII, so an input whose lower-case form holds a non-ASCII scalar matches
/// none of it.
enum StrengthInputScreen {
    /// Whether no user input can change the estimate of the all-ASCII `password` (false: it may).
    static func inputsCannotMatch(
        password: UnsafeRawBufferPointer, username: UnsafeRawBufferPointer?, email: UnsafeRawBufferPointer?
    ) -> Bool {
        for input in [username, email] {
            guard let input else { continue }
            if input.allSatisfy({ $0 < 0x80 }) {
                // Lower-cased byte by byte as it is read: an ASCII input keeps its length, and needs no copy.
                let matches = mayMatch(password, count: input.count) { offset in
                    let byte = input[offset]
                    return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                }
                if matches { return false }
            } else if let lowered = lowercasedASCII(input), mayMatch(password, count: lowered.count, { lowered[$0] }) {
                return false
            }
        }
        return true
    }

    /// Whether some window of `password` reads as the input of `count` lower-case ASCII bytes `input(0)`,
    /// `input(1)`, …, forwards or backwards.
    @inline(__always)
    private static func mayMatch(
        _ password: UnsafeRawBufferPointer, count m: Int, _ input: (Int) -> UInt8
    ) -> Bool {
        let n = password.count
        guard m > 0, m <= n else { return false }
        for start in 0...(n - m) {
            var forwards = true
            var backwards = true
            var offset = 0
            // Most windows fail at their first scalar both ways: the loop stops as soon as both have.
            while offset < m && (forwards || backwards) {
                let wanted = input(offset)
                if forwards && !reads(password[start + offset], as: wanted) { forwards = false }
                if backwards && !reads(password[start + m - 1 - offset], as: wanted) { backwards = false }
                offset += 1
            }
            if forwards || backwards { return true }
        }
        return false
    }

    /// Whether the ASCII byte `typed`, lower-cased or through the l33t table, can be read as `wanted`.
    @inline(__always)
    private static func reads(_ typed: UInt8, as wanted: UInt8) -> Bool {
        let lower = typed >= 0x41 && typed <= 0x5A ? typed + 0x20 : typed
        if lower == wanted { return true }
        guard wanted >= 0x61 && wanted <= 0x7A, typed < 0x80 else { return false }
        return l33tLetters[Int(typed)] >> UInt32(wanted - 0x61) & 1 != 0
    }

    /// The input, which holds a non-ASCII scalar, lower-cased as zxcvbn lower-cases it (each scalar's full
    /// lower-case mapping), as ASCII bytes; nil when that holds a non-ASCII scalar (it then matches no text derived
    /// from an ASCII password).
    private static func lowercasedASCII(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        var lowered: [UInt8] = []
        for scalar in String(decoding: input, as: UTF8.self).unicodeScalars {
            for mapped in scalar.properties.lowercaseMapping.unicodeScalars {
                guard mapped.isASCII else { return nil }
                lowered.append(UInt8(mapped.value))
            }
        }
        return lowered
    }

    /// Per ASCII byte, the letters (bit 0 = a) zxcvbn's l33t table lets it stand for: 4 @ → a, 8 → b, ( { [ < → c,
    /// 3 → e, 6 9 → g, 1 ! | → i, 1 | 7 → l, 0 → o, $ 5 → s, + 7 → t, % → x, 2 → z.
    static let l33tLetters: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 128)
        let substitutions: [(letter: Character, typed: String)] = [
            ("a", "4@"), ("b", "8"), ("c", "({[<"), ("e", "3"), ("g", "69"), ("i", "1!|"), ("l", "1|7"), ("o", "0"),
            ("s", "$5"), ("t", "+7"), ("x", "%"), ("z", "2"),
        ]
        for (letter, typed) in substitutions {
            let bit = UInt32(1) << UInt32(letter.asciiValue! - 0x61)
            for character in typed { table[Int(character.asciiValue!)] |= bit }
        }
        return table
    }()
}
