/// The rules that came with imported policies (credits, class runs, palindromes, forbidden words, context
/// substrings), read with pwaudit's Unicode semantics or Apple's classes; libpwquality's reading is in
/// `RuleEvaluator+Pwquality.swift`.
extension RuleEvaluator {
    /// How many scalars belong to `cls` in this evaluator's mode.
    @inline(__always)
    func classCount(_ cls: CharacterClass, _ prepared: PreparedPassword) -> Int {
        mode == .apple ? AppleClasses.count(cls, in: prepared) : prepared.summary.count(of: cls)
    }

    func creditedLengthCheck(min: Int, max: Int, credits: UInt64, _ prepared: PreparedPassword) -> RuleCheck {
        let length = prepared.summary.length
        let required = CreditLanes.requiredLength(min, credits) { classCount($0, prepared) }
        if length < required { return RuleCheck(failed: true, variant: 1, actual: length) }
        if length > max { return RuleCheck(failed: true, variant: 2, actual: length) }
        return RuleCheck(failed: false, variant: 0, actual: length)
    }

    /// The longest run of scalars of one kind (Unicode mode) or of one ASCII class (Apple mode).
    func longestClassRun(_ prepared: PreparedPassword) -> Int {
        var longest = 0
        var run = 0
        var previous: UInt8 = 254
        func feed(_ key: UInt8) {
            run = key == previous ? run + 1 : 1
            previous = key
            longest = Swift.max(longest, run)
        }
        if let general = prepared.general {
            for scalar in general.pointee.scalars {
                feed(mode == .apple ? AppleClasses.runKey(scalar.value) : ScalarKind(scalar).rawValue)
            }
        } else {
            for byte in prepared.asciiBytes {
                feed(mode == .apple ? AppleClasses.runKey(UInt32(byte)) : asciiTable[Int(byte)].kind.rawValue)
            }
        }
        return longest
    }

    /// Whether the case-folded password reads the same backwards, scalar by scalar.
    func isFoldedPalindrome(_ prepared: PreparedPassword) -> Bool {
        if let general = prepared.general {
            let folded = general.pointee.foldedScalars
            return folded.elementsEqual(folded.reversed())
        }
        let folded = prepared.folded
        return folded.elementsEqual(folded.reversed())
    }

    /// Whether any run of `width` scalars of the (folded) value, forwards or reversed, occurs in the password;
    /// only for values longer than `width` (shorter ones are the whole-value check's).
    func substringsContained(
        _ value: UnsafeBufferPointer<UInt8>, field: ContextField, width: Int, _ prepared: PreparedPassword
    ) -> Bool {
        guard width > 0 else { return false }
        let folded = CompiledPolicy.folded(
            PasswordNormalizer.normalized(String(decoding: value, as: UTF8.self), normalization))
        var scalars = Array(folded.unicodeScalars)
        if field == .email, let at = scalars.lastIndex(of: "@") { scalars = Array(scalars[..<at]) }
        guard scalars.count > width else { return false }
        let haystack = prepared.general?.pointee.foldedScalars ?? prepared.folded.map { UInt32($0) }
        for start in 0...(scalars.count - width) {
            let window = scalars[start..<(start + width)].map(\.value)
            if Self.occurs(window, in: haystack) || Self.occurs(window.reversed(), in: haystack) { return true }
        }
        return false
    }

    private static func occurs(_ needle: [UInt32], in haystack: [UInt32]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
