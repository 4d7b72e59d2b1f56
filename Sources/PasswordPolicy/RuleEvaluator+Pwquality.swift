/// libpwquality's reading of the rules it has (`src/check.c` of 1.4.5, the version Debian 12 ships): over the
/// password's UTF-8 bytes as typed, with ``PwqualityBytes``' classes. Rules libpwquality has no counterpart for
/// (`allowed`, `require` of custom characters, `blocklist`, `pattern`) keep their Unicode reading.
extension RuleEvaluator {
    /// The rule's libpwquality verdict, or `nil` when libpwquality has no such check.
    func pwqualityCheck(_ rule: CompiledRule, _ candidate: CandidateBytes) -> RuleCheck? {
        let bytes = candidate.password
        switch rule {
        case .length(let min, let max):
            return Self.pwqualityLength(bytes.count, required: min, max: max)
        case .creditedLength(let min, let max, let credits):
            let counts = PwqualityBytes.counts(bytes)
            let required = CreditLanes.requiredLength(min, credits) { cls in
                switch cls {
                case .upper: return counts.0
                case .lower: return counts.1
                case .digit: return counts.2
                default: return counts.3
                }
            }
            return Self.pwqualityLength(bytes.count, required: required, max: max)
        case .require(let cls, let min):
            let count = PwqualityBytes.count(cls, bytes)
            return RuleCheck(failed: count < min, variant: count < min ? 1 : 0, actual: count)
        case .classes(let min, let of):
            var present = 0
            for (bit, cls) in CharacterClass.allCases.enumerated() where of & (1 << UInt8(bit)) != 0 {
                if PwqualityBytes.count(cls, bytes) > 0 { present += 1 }
            }
            return RuleCheck(failed: present < min, variant: present < min ? 1 : 0, actual: present)
        case .maxRepeat(let max):
            let run = Self.longestRun(bytes) { $0 == $1 }
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .maxSequence(let max):
            let run = Self.longestMonotonicRun(bytes)
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .maxClassRepeat(let max):
            // 1.4.5 checks only when maxclassrepeat > 1 (libpwquality PR #77 made 1 count later).
            let run = Self.longestRun(bytes) { PwqualityBytes.byteClass($0) == PwqualityBytes.byteClass($1) }
            let failed = max > 1 && run > max
            return RuleCheck(failed: failed, variant: failed ? 1 : 0, actual: run)
        case .palindrome:
            let isPalindrome = (0..<(bytes.count / 2)).allSatisfy {
                PwqualityBytes.lowered(bytes[$0]) == PwqualityBytes.lowered(bytes[bytes.count - 1 - $0])
            }
            return RuleCheck(failed: isPalindrome, variant: isPalindrome ? 1 : 0, actual: isPalindrome ? 1 : 0)
        case .context(let username, let email, let minToken, let substrings):
            if username, let value = candidate.username,
                Self.pwqualityUserCheck(bytes, value, minimum: minToken, substrings: substrings)
            {
                return RuleCheck(failed: true, variant: 1, actual: 1)
            }
            if email, let value = candidate.email,
                Self.pwqualityUserCheck(
                    bytes, ContextMatcher.localPart(value, at: UInt8(ascii: "@")), minimum: minToken,
                    substrings: substrings)
            {
                return RuleCheck(failed: true, variant: 2, actual: 1)
            }
            return .pass
        case .forbiddenWords(let list):
            let matched = wordLists[list].matchesLowered(bytes)
            return RuleCheck(failed: matched, variant: matched ? 1 : 0, actual: matched ? 1 : 0)
        default:
            return nil
        }
    }

    /// `simple()`'s length test (an empty password fails too, as `pwquality_check` refuses it first).
    private static func pwqualityLength(_ length: Int, required: Int, max: Int) -> RuleCheck {
        if length == 0 || required > length { return RuleCheck(failed: true, variant: 1, actual: length) }
        if length > max { return RuleCheck(failed: true, variant: 2, actual: length) }
        return RuleCheck(failed: false, variant: 0, actual: length)
    }

    /// The longest run of neighbouring bytes that `same` pairs up.
    private static func longestRun(_ bytes: UnsafeBufferPointer<UInt8>, _ same: (UInt8, UInt8) -> Bool) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var longest = 1
        var run = 1
        for index in 1..<bytes.count {
            run = same(bytes[index - 1], bytes[index]) ? run + 1 : 1
            longest = Swift.max(longest, run)
        }
        return longest
    }

    /// `sequence()`: the longest run stepping +1 or −1 in (signed) `char` value.
    private static func longestMonotonicRun(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var longest = 1
        var up = 1
        var down = 1
        for index in 1..<bytes.count {
            let previous = Int(Int8(bitPattern: bytes[index - 1]))
            let current = Int(Int8(bitPattern: bytes[index]))
            if current == previous + 1 {
                up += 1
                down = 1
            } else if current == previous - 1 {
                down += 1
                up = 1
            } else {
                up = 1
                down = 1
            }
            longest = Swift.max(longest, up, down)
        }
        return longest
    }

    /// `usercheck()`: with `substrings` of at least `minimum` and a longer value, any run of that many bytes of
    /// the lowered value, else the whole lowered value (when at least `minimum` bytes), forwards or byte-reversed.
    private static func pwqualityUserCheck(
        _ password: UnsafeBufferPointer<UInt8>, _ value: some Collection<UInt8>, minimum: Int, substrings: Int
    ) -> Bool {
        let lowered = ArraySlice(value.map(PwqualityBytes.lowered))
        guard !lowered.isEmpty else { return false }
        if substrings >= minimum, lowered.count > substrings {
            for start in lowered.startIndex...(lowered.endIndex - substrings) {
                let window = lowered[start..<(start + substrings)]
                if PwqualityBytes.containsWord(password, window, minimum: minimum) { return true }
            }
            return false
        }
        return PwqualityBytes.containsWord(password, lowered, minimum: minimum)
    }
}
