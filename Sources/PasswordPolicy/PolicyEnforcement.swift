/// What a policy's rules really enforce under its evaluation mode, said in the terms standards use (code points,
/// Unicode categories): the engine's own account of its behaviour, so that no reader of a policy re-derives what a
/// mode means from the rule list.
///
/// Lengths in code points are those of the password as the length rules read it: after the policy's normalization in
/// `unicode` and `apple` modes, as typed in `pwquality` mode (which counts UTF-8 bytes). Where an exact answer would
/// need every Unicode scalar tried, a bound is given that never flatters the policy (see each property).
package struct PolicyEnforcement: Sendable, Equatable {
    /// What a `length` rule counts.
    package enum LengthUnit: String, Sendable, Equatable {
        /// Unicode scalars after normalization (`unicode` and `apple` modes).
        case codePoints = "code points"
        /// UTF-8 bytes as typed, as libpwquality counts them (`pwquality` mode).
        case utf8Bytes = "UTF-8 bytes"
    }

    /// The mode the rules are evaluated in.
    package var mode: EvaluationMode
    /// What the `length` rules count.
    package var lengthUnit: LengthUnit
    /// The most UTF-8 bytes a typed code point the policy lets through may take: 4, unless `allowed` rules over an
    /// unnormalized password admit only narrower ones.
    package var widestCodePoint: Int
    /// Whether the length rules' verdict depends on the code point count alone: they count code points, or bytes of
    /// a password whose every code point is one byte (or there is no length rule).
    package var countsCodePoints: Bool
    /// The largest `length` minimum as written, in ``lengthUnit`` (credits not subtracted); 0 without one.
    package var declaredMinimum: Int
    /// The smallest `length` maximum as written, in ``lengthUnit``; nil when no rule caps the length.
    package var declaredMaximum: Int?
    /// The length rules refuse every password of fewer code points than this: the fewest code points a password may
    /// have and pass them, each rule's credits earned in full and each code point as wide as ``widestCodePoint``.
    package var minimumCodePoints: Int
    /// Every password of at most this many code points passes the length caps; nil when nothing caps the length.
    package var permittedCodePoints: Int?
    /// Every password of more code points than this is refused by a cap; nil when nothing caps the length.
    package var refusedAboveCodePoints: Int?
    /// The normalization every rule reads the password in: the declared one, or `none` when a rule reads it as typed
    /// (pwquality mode's length, class, run, palindrome, context and forbidden-word rules).
    package var normalization: Normalization
    /// Ids of the rules that can refuse a password for its composition (``RuleKind/isComposition(in:)``), in order.
    package var compositionRuleIDs: [String]
    /// Sets of scalar kinds such that every accepted password holds a scalar of a kind in each set, from the
    /// `require` and `classes` rules as the mode counts classes (``CharacterClass/countedKinds(in:)``); a `pattern`
    /// may demand more than this says.
    package var requiredKinds: [Set<ScalarKind>]

    /// What `policy` enforces.
    package init(_ policy: PasswordPolicy) {
        mode = policy.evaluation
        lengthUnit = mode == .pwquality ? .utf8Bytes : .codePoints
        widestCodePoint = Self.widestCodePoint(policy)
        let width = lengthUnit == .codePoints ? 1 : widestCodePoint
        var declaredMinimum = 0
        var minimum = 0
        var caps: [Int] = []
        for case .length(let min, let max, let credits) in policy.rules.map(\.kind) {
            declaredMinimum = Swift.max(declaredMinimum, min)
            minimum = Swift.max(minimum, Self.shortest(min, credits, width: width, unit: lengthUnit))
            if let max { caps.append(max) }
        }
        self.declaredMinimum = declaredMinimum
        minimumCodePoints = minimum
        declaredMaximum = caps.min()
        permittedCodePoints = declaredMaximum.map { $0 / width }
        // A password of more code points than a cap has more bytes than it, too.
        refusedAboveCodePoints = declaredMaximum
        let hasLength = policy.rules.contains { if case .length = $0.kind { true } else { false } }
        countsCodePoints = lengthUnit == .codePoints || widestCodePoint == 1 || !hasLength
        normalization =
            mode == .pwquality && policy.rules.contains(where: \.kind.readsTypedBytesInPwquality)
            ? .none : policy.normalization
        compositionRuleIDs = policy.rules.filter { $0.kind.isComposition(in: policy.evaluation) }.map(\.id)
        requiredKinds = policy.rules.flatMap { Self.requiredKinds($0.kind, policy) }
    }

    /// Whether every accepted password holds a scalar of one of `kinds` (a letter, a digit, a non-letter).
    package func guarantees(oneOf kinds: Set<ScalarKind>) -> Bool {
        requiredKinds.contains { !$0.isEmpty && $0.isSubset(of: kinds) }
    }

    /// The fewest code points that pass a `length` of `min` with `credits` when each code point counts `width` units.
    ///
    /// A code point counts `width` units and earns at most as many credits, from a pool: in code points (width 1)
    /// every credit, one per character of its class; in pwquality's bytes a wide code point's bytes are all "other",
    /// so only the `special` credit, and the ASCII credits are no better than another wide code point. The fewest
    /// `k` with `k·width + min(k·width, pool) ≥ min`. pwquality refuses an empty password whatever the minimum.
    private static func shortest(_ min: Int, _ credits: LengthCredits, width: Int, unit: LengthUnit) -> Int {
        let pool =
            width == 1 ? credits.byClass.values.reduce(0, +) : credits.byClass[.special] ?? 0
        func reached(_ count: Int) -> Int { count * width + Swift.min(count * width, pool) }
        let doubled = Swift.max(0, (min + 2 * width - 1) / (2 * width))
        let count = reached(doubled) >= min ? doubled : (min - pool + width - 1) / width
        return unit == .utf8Bytes ? Swift.max(count, 1) : Swift.max(count, 0)
    }

    /// The most UTF-8 bytes of a typed code point every `allowed` rule admits (4 without one). Under NFC or NFKC a
    /// wide code point may normalize into an admitted one (`𝐀` becomes `A`), so only an unnormalized policy's rules
    /// narrow it.
    private static func widestCodePoint(_ policy: PasswordPolicy) -> Int {
        guard policy.normalization == .none else { return 4 }
        var widest = 4
        for case .allowed(let classes, let chars) in policy.rules.map(\.kind) {
            let fromClasses = classes.map { Self.widest(of: $0, mode: policy.evaluation) }.max() ?? 0
            let fromChars = chars.unicodeScalars.map { UTF8.width($0) }.max() ?? 0
            widest = Swift.min(widest, Swift.max(fromClasses, fromChars))
        }
        return Swift.max(widest, 1)
    }

    /// The widest UTF-8 encoding of a scalar an `allowed` rule's `cls` admits: Apple's classes are ASCII; of the
    /// general categories, `space` (Zs) reaches U+3000, three bytes, and every other class has four-byte members.
    private static func widest(of cls: CharacterClass, mode: EvaluationMode) -> Int {
        if mode == .apple { return 1 }
        return cls == .space ? 3 : 4
    }

    /// The kind sets a `require` or `classes` rule makes every accepted password hold.
    private static func requiredKinds(_ kind: RuleKind, _ policy: PasswordPolicy) -> [Set<ScalarKind>] {
        switch kind {
        case .require(.named(let cls), _):
            return [cls.countedKinds(in: policy.evaluation)]
        case .require(.chars(let chars), _):
            // Custom characters are matched as normalized scalars in every mode.
            return [Set(normalized(chars, policy.normalization).unicodeScalars.map(ScalarKind.init))]
        case .classes(let min, let of):
            // Of n listed classes at least `min` are present, so any n − min + 1 of them include a present one.
            let listed = CharacterClass.allCases.filter(of.contains)
            let size = listed.count - min + 1
            guard size > 0 else { return [] }
            return (0..<(1 << listed.count)).filter { $0.nonzeroBitCount == size }.map { subset in
                listed.indices.filter { subset & (1 << $0) != 0 }.reduce(into: Set<ScalarKind>()) {
                    $0.formUnion(listed[$1].countedKinds(in: policy.evaluation))
                }
            }
        default:
            return []
        }
    }
}

extension PasswordPolicy {
    /// What the policy's rules enforce under its evaluation mode.
    package var enforcement: PolicyEnforcement { PolicyEnforcement(self) }
}

extension CompiledPolicy {
    /// What the compiled rules enforce under the policy's evaluation mode.
    package var enforcement: PolicyEnforcement { PolicyEnforcement(policy) }
}
