/// The character classes and case mappings zxcvbn's Python port applies, on Unicode scalars (Python's `str` is a
/// sequence of code points; Swift's `String` compares canonically equivalent text as equal, so matching works on
/// scalar arrays and never on `String` equality).
enum ScalarText {
    /// Python's `str.lower()` scalar by scalar: each scalar's full lower-case mapping (which may be longer than
    /// one scalar, as for U+0130). Python also applies the final-sigma rule; this does not (Σ → σ everywhere).
    static func lowered(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if scalar.isASCII {
                let value = scalar.value
                result.append(value >= 65 && value <= 90 ? Unicode.Scalar(value + 32)! : scalar)
            } else {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return result
    }

    /// Python's `\d` on `str`: a decimal digit of any script (category Nd).
    @inline(__always) static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 48 && scalar.value <= 57 }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// The value of a decimal digit (`int()` reads any script's).
    @inline(__always) static func digitValue(_ scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return Int(scalar.value) - 48 }
        return Int(scalar.properties.numericValue ?? 0)
    }

    /// `int()` of a run of decimal digits.
    static func integer(_ digits: ArraySlice<Unicode.Scalar>) -> Int {
        var value = 0
        for digit in digits { value = value &* 10 &+ digitValue(digit) }
        return value
    }

    /// Python's `\s` on `str` (Unicode white space).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar.value >= 9 && scalar.value <= 13) || (scalar.value >= 28 && scalar.value <= 32)
        }
        return scalar.properties.isWhitespace
    }

    @inline(__always) static func isASCIIUpper(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 65 && scalar.value <= 90
    }
    @inline(__always) static func isASCIILower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 97 && scalar.value <= 122
    }

    /// A `String` of the scalars.
    ///
    /// Encodes the UTF-8 by hand straight into the string's storage, sized exactly first (so a token of up to 15 bytes
    /// is a small string, without an allocation): appending to a `String.UnicodeScalarView` goes through
    /// unspecialised generic code scalar by scalar, and the matchers build many short tokens.
    static func string(_ scalars: some Collection<Unicode.Scalar>) -> String {
        var count = 0
        for scalar in scalars {
            let value = scalar.value
            count += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for scalar in scalars {
                let value = scalar.value
                if value < 0x80 {
                    buffer[at] = UInt8(value)
                    at += 1
                } else if value < 0x800 {
                    buffer[at] = UInt8(0xC0 | value >> 6)
                    buffer[at + 1] = UInt8(0x80 | value & 0x3F)
                    at += 2
                } else if value < 0x1_0000 {
                    buffer[at] = UInt8(0xE0 | value >> 12)
                    buffer[at + 1] = UInt8(0x80 | (value >> 6) & 0x3F)
                    buffer[at + 2] = UInt8(0x80 | value & 0x3F)
                    at += 3
                } else {
                    buffer[at] = UInt8(0xF0 | value >> 18)
                    buffer[at + 1] = UInt8(0x80 | (value >> 12) & 0x3F)
                    buffer[at + 2] = UInt8(0x80 | (value >> 6) & 0x3F)
                    buffer[at + 3] = UInt8(0x80 | value & 0x3F)
                    at += 4
                }
            }
            return at
        }
    }
}
