/// Strict UTF-8 validation of raw field bytes, with an eight-bytes-at-a-time path for ASCII.
///
/// Follows the Unicode well-formedness table (Unicode 15, table 3-7): overlong forms, UTF-16 surrogates
/// (`ED A0..BF`), code points above U+10FFFF and truncated sequences are all invalid.
package enum CSVUTF8 {
    /// Whether `bytes` is well-formed UTF-8.
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let raw = bytes.baseAddress else { return true }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xED:
                length = 3
                high = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF4:
                length = 4
                high = 0x8F
            case 0xF1...0xF3: length = 4
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base[index + 1]
            guard second >= low && second <= high else { return false }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
