/// What one pass over a normalized password collects for the count-based rules.
struct ScanSummary: Sendable, Equatable {
    var length = 0
    var upper = 0
    var lower = 0
    var otherLetter = 0
    var digit = 0
    var special = 0
    var space = 0
    var mark = 0
    var other = 0
    /// The longest run of one identical scalar.
    var longestRepeat = 0
    /// The longest alphabetic, numeric or keyboard-row run stepping by +1 or −1.
    var longestSequence = 0

    /// How many scalars fall in a named class.
    func count(of cls: CharacterClass) -> Int {
        switch cls {
        case .upper: return upper
        case .lower: return lower
        case .digit: return digit
        case .special: return special
        case .letter: return upper + lower + otherLetter
        case .space: return space
        }
    }

    /// Adds counts packed as 8-bit lanes indexed by ``ScalarKind`` raw value.
    @inline(__always)
    mutating func addPacked(_ packed: UInt64) {
        upper += Int(packed & 0xFF)
        lower += Int((packed >> 8) & 0xFF)
        otherLetter += Int((packed >> 16) & 0xFF)
        digit += Int((packed >> 24) & 0xFF)
        special += Int((packed >> 32) & 0xFF)
        space += Int((packed >> 40) & 0xFF)
        mark += Int((packed >> 48) & 0xFF)
        other += Int(packed >> 56)
    }

    mutating func add(_ kind: ScalarKind) {
        switch kind {
        case .upper: upper += 1
        case .lower: lower += 1
        case .otherLetter: otherLetter += 1
        case .digit: digit += 1
        case .special: special += 1
        case .space: space += 1
        case .mark: mark += 1
        case .other: other += 1
        }
    }
}

/// Tracks repeat and sequence runs while scanning scalars one by one.
struct RunTracker {
    private var previousScalar: UInt32 = .max
    private var previous = ASCIIInfo.offTrack
    private var previousAlphabet = ASCIIInfo.offTrack
    private var previousDigit = ASCIIInfo.offTrack
    private var previousKeyboard = ASCIIInfo.offTrack
    private var repeatRun = 0
    private var runs: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)

    /// Feeds one scalar; `alphabet`, `digit`, `keyboard` are its track positions or `ASCIIInfo.offTrack`.
    @inline(__always)
    mutating func add(scalar: UInt32, alphabet: Int16, digit: Int16, keyboard: Int16, into summary: inout ScanSummary) {
        repeatRun = scalar == previousScalar ? repeatRun + 1 : 1
        previousScalar = scalar
        runs.0 = alphabet == previousAlphabet &+ 1 ? runs.0 + 1 : 1
        runs.1 = alphabet == previousAlphabet &- 1 ? runs.1 + 1 : 1
        runs.2 = digit == previousDigit &+ 1 ? runs.2 + 1 : 1
        runs.3 = digit == previousDigit &- 1 ? runs.3 + 1 : 1
        runs.4 = keyboard == previousKeyboard &+ 1 ? runs.4 + 1 : 1
        runs.5 = keyboard == previousKeyboard &- 1 ? runs.5 + 1 : 1
        previousAlphabet = alphabet
        previousDigit = digit
        previousKeyboard = keyboard
        let sequence = max(max(max(runs.0, runs.1), max(runs.2, runs.3)), max(runs.4, runs.5))
        summary.longestSequence = max(summary.longestSequence, sequence)
        summary.longestRepeat = max(summary.longestRepeat, repeatRun)
    }
}
