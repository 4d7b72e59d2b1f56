/// One pass over a password's bytes collecting what libpwquality's checks look at (compat mode).
struct PwqualityScan {
    /// Bytes per class: upper, lower, digit, other.
    var counts = (0, 0, 0, 0)
    var spaces = 0
    /// The longest run of one byte.
    var longestRepeat = 0
    /// The longest run stepping +1 or −1 in signed `char` value (`sequence()`).
    var longestMonotonic = 0
    /// The longest run of one byte class (`simple()`'s `sameclass`).
    var longestClassRun = 0
    /// Whether the ASCII-lowered bytes read the same backwards (`palindrome()`; true for an empty password).
    var isPalindrome = true

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var repeatRun = 0
        var up = 0
        var down = 0
        var classRun = 0
        var previous: Int = .min
        var previousClass = -1
        for byte in bytes {
            let cls = PwqualityBytes.byteClass(byte)
            switch cls {
            case 0: counts.0 += 1
            case 1: counts.1 += 1
            case 2: counts.2 += 1
            default: counts.3 += 1
            }
            if byte == 0x20 { spaces += 1 }
            let value = Int(Int8(bitPattern: byte))
            repeatRun = value == previous ? repeatRun + 1 : 1
            if value == previous &+ 1 {
                up += 1
                down = 1
            } else if value == previous &- 1 {
                down += 1
                up = 1
            } else {
                up = 1
                down = 1
            }
            classRun = cls == previousClass ? classRun + 1 : 1
            previous = value
            previousClass = cls
            longestRepeat = Swift.max(longestRepeat, repeatRun)
            longestMonotonic = Swift.max(longestMonotonic, up, down)
            longestClassRun = Swift.max(longestClassRun, classRun)
        }
        let count = bytes.count
        var index = 0
        while index < count / 2 {
            if PwqualityBytes.lowered(bytes[index]) != PwqualityBytes.lowered(bytes[count - 1 - index]) {
                isPalindrome = false
                break
            }
            index += 1
        }
    }

    /// How many bytes belong to a named class, read as libpwquality's classes (`special` is "other").
    func count(_ cls: CharacterClass) -> Int {
        switch cls {
        case .upper: return counts.0
        case .lower: return counts.1
        case .digit: return counts.2
        case .special: return counts.3
        case .letter: return counts.0 + counts.1
        case .space: return spaces
        }
    }
}
