/// libpwquality's reading of the rules it has (`src/check.c` of 1.4.5, the version Debian 12 ships): over the
/// password's UTF-8 bytes as typed, with ``PwqualityBytes``' classes. Rules libpwquality has no counterpart for
/// (`allowed`, `require` of custom characters, `blocklist`, breach corpora, `banned-terms`, `pattern`) keep their
/// Unicode reading.
extension RuleEvaluator {
    /// The rule's libpwquality verdict, or `nil` when libpwquality has no such check.
    @inline(__always)
    func pwqualityCheck(_ rule: CompiledRule, _ candidate: CandidateBytes, _ scan: PwqualityScan) -> RuleCheck? {
        let bytes = candidate.password
        switch rule {
        case .length(let min, let max):
            return Self.pwqualityLength(bytes.count, required: min, max: max)
        case .creditedLength(let min, let max, let credits):
            let required = CreditLanes.requiredLength(min, credits) { scan.count($0) }
            return Self.pwqualityLength(bytes.count, required: required, max: max)
        case .require(let cls, let min):
            let count = scan.count(cls)
            return RuleCheck(failed: count < min, variant: count < min ? 1 : 0, actual: count)
        case .classes(let min, let of):
            var present = 0
            for (bit, cls) in CharacterClass.allCases.enumerated() where of & (1 << UInt8(bit)) != 0 {
                if scan.count(cls) > 0 { present += 1 }
            }
            return RuleCheck(failed: present < min, variant: present < min ? 1 : 0, actual: present)
        case .maxRepeat(let max):
            let run = scan.longestRepeat
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .maxSequence(let max):
            let run = scan.longestMonotonic
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .maxClassRepeat(let max):
            let run = scan.longestClassRun
            let failed = Self.pwqualityChecksClassRuns(max: max) && run > max
            return RuleCheck(failed: failed, variant: failed ? 1 : 0, actual: run)
        case .palindrome:
            let isPalindrome = scan.isPalindrome
            return RuleCheck(failed: isPalindrome, variant: isPalindrome ? 1 : 0, actual: isPalindrome ? 1 : 0)
        case .context(let username, let email, let minToken, let substrings):
            if username, let value = candidate.username,
                Self.pwqualityUserCheck(bytes, value, minimum: minToken, substrings: substrings)
            {
                return RuleCheck(failed: true, variant: 1, actual: 1)
            }
            if email, let value = candidate.email,
                Self.pwqualityUserCheck(
                    bytes, UnsafeBufferPointer(rebasing: ContextMatcher.localPart(value, at: UInt8(ascii: "@"))),
                    minimum: minToken, substrings: substrings)
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

    /// Whether `rule` fails, for the mask path of a policy whose rules all read bytes (``isBytewise``): the same
    /// answers as ``pwqualityCheck(_:_:_:)`` without building a ``RuleCheck``.
    @inline(__always)
    func pwqualityFails(_ rule: CompiledRule, _ candidate: CandidateBytes, _ scan: PwqualityScan) -> Bool {
        switch rule {
        case .length(let min, let max):
            let length = candidate.password.count
            return length == 0 || min > length || length > max
        case .require(let cls, let min):
            return scan.count(cls) < min
        case .maxRepeat(let max):
            return scan.longestRepeat > max
        case .maxSequence(let max):
            return scan.longestMonotonic > max
        case .palindrome:
            return scan.isPalindrome
        case .context(let username, let email, let minToken, let substrings):
            if username, let value = candidate.username,
                Self.pwqualityUserCheck(candidate.password, value, minimum: minToken, substrings: substrings)
            {
                return true
            }
            guard email, let value = candidate.email else { return false }
            return Self.pwqualityUserCheck(
                candidate.password,
                UnsafeBufferPointer(rebasing: ContextMatcher.localPart(value, at: UInt8(ascii: "@"))),
                minimum: minToken, substrings: substrings)
        default:
            return pwqualityCheck(rule, candidate, scan)?.failed ?? true
        }
    }

    /// Whether libpwquality checks class runs at all for `maxclassrepeat` `max`: 1.4.5 checks only above 1
    /// (libpwquality PR #77 made 1 count later), so a `max-class-repeat` of 1 refuses nothing in pwquality mode.
    static func pwqualityChecksClassRuns(max: Int) -> Bool { max > 1 }

    /// The runs a compat-mode policy's rules look at.
    static func scanNeeds(_ rules: [CompiledRule]) -> PwqualityScan.Needs {
        var needs = PwqualityScan.Needs(repeats: false, sequences: false, classRuns: false)
        for rule in rules {
            switch rule {
            case .maxRepeat: needs.repeats = true
            case .maxSequence: needs.sequences = true
            case .maxClassRepeat: needs.classRuns = true
            default: continue
            }
        }
        return needs
    }

    /// Whether compat mode reads `rule` from the bytes alone (so the password needs no preparation); the same
    /// split as ``RuleKind/readsTypedBytesInPwquality``, which describes it to the rest of the package.
    static func isBytewise(_ rule: CompiledRule) -> Bool {
        switch rule {
        case .length, .creditedLength, .require, .classes, .maxRepeat, .maxSequence, .maxClassRepeat, .palindrome,
            .context, .forbiddenWords:
            return true
        case .requireChars, .allowed, .blocklist, .breached, .bannedTerms, .pattern, .strength:
            return false
        }
    }

    /// `simple()`'s length test (an empty password fails too, as `pwquality_check` refuses it first).
    private static func pwqualityLength(_ length: Int, required: Int, max: Int) -> RuleCheck {
        if length == 0 || required > length { return RuleCheck(failed: true, variant: 1, actual: length) }
        if length > max { return RuleCheck(failed: true, variant: 2, actual: length) }
        return RuleCheck(failed: false, variant: 0, actual: length)
    }

    /// `usercheck()`: with `substrings` of at least `minimum` and a longer value, any run of that many bytes of
    /// the lowered value, else the whole lowered value (when at least `minimum` bytes), forwards or byte-reversed.
    @inline(__always)
    private static func pwqualityUserCheck(
        _ password: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, minimum: Int, substrings: Int
    ) -> Bool {
        guard !value.isEmpty else { return false }
        if substrings >= minimum, value.count > substrings {
            for start in 0...(value.count - substrings) {
                let window = UnsafeBufferPointer(rebasing: value[start..<(start + substrings)])
                if PwqualityBytes.containsWord(password, window, minimum: minimum) { return true }
            }
            return false
        }
        return PwqualityBytes.containsWord(password, value, minimum: minimum)
    }
}
