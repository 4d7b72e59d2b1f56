/// One pass over a password's bytes collecting what libpwquality's checks look at (compat mode).
struct PwqualityScan {
    /// Bytes per class: upper, lower, digit, other.
    var counts = (0, 0, 0, 0)
    /// The password, for the rare question the counts do not answer (how many spaces).
    let bytes: UnsafeBufferPointer<UInt8>
    /// The longest run of one byte.
    var longestRepeat = 0
    /// The longest run stepping +1 or −1 in signed `char` value (`sequence()`).
    var longestMonotonic = 0
    /// The longest run of one byte class (`simple()`'s `sameclass`).
    var longestClassRun = 0
    /// Whether the ASCII-lowered bytes read the same backwards (`palindrome()`; true for an empty password).
    var isPalindrome = true

    /// Which runs a policy's rules need; the counts and the palindrome flag are always collected.
    struct Needs: Sendable {
        var repeats = true
        var sequences = true
        var classRuns = true
    }

    /// Scans `bytes`, tracking only the runs `needs` names.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, needs: Needs = Needs()) {
        self.bytes = bytes
        // Four 16-bit lanes (upper, lower, digit, other) plus spaces in the top lane, flushed every 65,535 bytes.
        var packed: UInt64 = 0
        var start = 0
        while start < bytes.count {
            let end = Swift.min(start + 0xFFFF, bytes.count)
            packed = 0
            for index in start..<end { packed &+= Self.increments[Int(bytes[index])] }
            counts.0 += Int(packed & 0xFFFF)
            counts.1 += Int((packed >> 16) & 0xFFFF)
            counts.2 += Int((packed >> 32) & 0xFFFF)
            counts.3 += Int(packed >> 48)
            start = end
        }
        if needs.repeats || needs.sequences || needs.classRuns, !bytes.isEmpty { scanRuns(bytes, needs) }
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

    private mutating func scanRuns(_ bytes: UnsafeBufferPointer<UInt8>, _ needs: Needs) {
        var repeatRun = 1
        var up = 1
        var down = 1
        var classRun = 1
        var previous = Int(Int8(bitPattern: bytes[0]))
        var previousClass = PwqualityBytes.byteClass(bytes[0])
        longestRepeat = 1
        longestMonotonic = 1
        longestClassRun = 1
        for index in 1..<bytes.count {
            let value = Int(Int8(bitPattern: bytes[index]))
            if needs.repeats {
                repeatRun = value == previous ? repeatRun + 1 : 1
                longestRepeat = Swift.max(longestRepeat, repeatRun)
            }
            if needs.sequences {
                if value == previous + 1 {
                    up += 1
                    down = 1
                } else if value == previous - 1 {
                    down += 1
                    up = 1
                } else {
                    up = 1
                    down = 1
                }
                longestMonotonic = Swift.max(longestMonotonic, up, down)
            }
            if needs.classRuns {
                let cls = PwqualityBytes.byteClass(bytes[index])
                classRun = cls == previousClass ? classRun + 1 : 1
                previousClass = cls
                longestClassRun = Swift.max(longestClassRun, classRun)
            }
            previous = value
        }
    }

    /// Per byte value, one added to its class's lane.
    private static let increments: [UInt64] = (0..<256).map {
        1 << (16 * UInt64(PwqualityBytes.byteClass(UInt8($0))))
    }

    /// How many bytes belong to a named class, read as libpwquality's classes (`special` is "other").
    func count(_ cls: CharacterClass) -> Int {
        switch cls {
        case .upper: return counts.0
        case .lower: return counts.1
        case .digit: return counts.2
        case .special: return counts.3
        case .letter: return counts.0 + counts.1
        case .space: return counts.3 == 0 ? 0 : bytes.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) }
        }
    }
}
