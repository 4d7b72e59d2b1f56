import PasswordStrength

extension RuleEvaluator {
    /// Runs one compiled rule against a prepared password; `scan` is the password's pwquality scan in that mode
    /// (`pwqualityScan(of:)`, made once per password), else nil.
    @inline(__always)
    func check(
        _ rule: CompiledRule, _ prepared: PreparedPassword, _ candidate: CandidateBytes,
        _ contexts: inout ContextAnswers, _ scan: PwqualityScan?
    ) -> RuleCheck {
        if let scan, let check = pwqualityCheck(rule, candidate, scan) { return check }
        let summary = prepared.summary
        switch rule {
        case .length(let min, let max):
            let length = summary.length
            if length < min { return RuleCheck(failed: true, variant: 1, actual: length) }
            if length > max { return RuleCheck(failed: true, variant: 2, actual: length) }
            return RuleCheck(failed: false, variant: 0, actual: length)
        case .creditedLength(let min, let max, let credits):
            return creditedLengthCheck(min: min, max: max, credits: credits, prepared)
        case .require(let cls, let min):
            let count = classCount(cls, prepared)
            return RuleCheck(failed: count < min, variant: count < min ? 1 : 0, actual: count)
        case .requireChars(let set, let min):
            let count = countMembers(of: scalarSets[set], in: prepared)
            return RuleCheck(failed: count < min, variant: count < min ? 1 : 0, actual: count)
        case .classes(let min, let of):
            var present = 0
            for (bit, cls) in CharacterClass.allCases.enumerated() where of & (1 << UInt8(bit)) != 0 {
                if classCount(cls, prepared) > 0 { present += 1 }
            }
            return RuleCheck(failed: present < min, variant: present < min ? 1 : 0, actual: present)
        case .maxRepeat(let max):
            let run = summary.longestRepeat
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .maxSequence(let max):
            let run = summary.longestSequence
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .allowed(let kinds, let extra, let asciiLow, let asciiHigh):
            let count = countDisallowed(
                kinds: kinds, extra: scalarSets[extra], ascii: (asciiLow, asciiHigh), in: prepared)
            return RuleCheck(failed: count > 0, variant: count > 0 ? 1 : 0, actual: count)
        case .blocklist(let builtin, let custom, let count):
            let variant = blocklistVariant(builtin: builtin, custom: custom, count: count, prepared)
            return RuleCheck(failed: variant != 0, variant: variant, actual: variant != 0 ? 1 : 0)
        case .breached(let source, let minCount):
            let seen = occurrences(in: sources[source].source, prepared)
            return RuleCheck(failed: seen >= minCount, variant: seen >= minCount ? 1 : 0, actual: seen)
        case .bannedTerms(let index):
            let matcher = bannedTerms[index].matcher
            let verdict = matcher.verdict(prepared.folded, username: candidate.username, email: candidate.email)
            if matcher.rule.nameMatch == .reject, verdict.userNameFound || verdict.organizationFound {
                return RuleCheck(
                    failed: true, variant: verdict.userNameFound ? 2 : 3, actual: verdict.score,
                    detail: verdict.firstTerm)
            }
            let failed = verdict.score < matcher.rule.minScore
            return RuleCheck(failed: failed, variant: failed ? 1 : 0, actual: verdict.score, detail: verdict.firstTerm)
        case .context(let username, let email, let minToken, let substrings):
            let variant = contextVariant(
                username: username, email: email, minToken: minToken, substrings: substrings, prepared, candidate,
                &contexts)
            return variant == 0 ? .pass : RuleCheck(failed: true, variant: variant, actual: 1)
        case .pattern(let matcher, let must):
            let matched =
                if let general = prepared.general {
                    general.pointee.scalars.withUnsafeBufferPointer { patterns[matcher].matches($0) }
                } else {
                    patterns[matcher].matches(ascii: prepared.asciiBytes)
                }
            let failed = matched != (must == .match)
            return RuleCheck(failed: failed, variant: failed ? 1 : 0, actual: matched ? 1 : 0)
        case .maxClassRepeat(let max):
            let run = longestClassRun(prepared)
            return RuleCheck(failed: run > max, variant: run > max ? 1 : 0, actual: run)
        case .palindrome:
            let isPalindrome = isFoldedPalindrome(prepared)
            return RuleCheck(failed: isPalindrome, variant: isPalindrome ? 1 : 0, actual: isPalindrome ? 1 : 0)
        case .forbiddenWords(let list):
            let matched = wordLists[list].matchesFolded(prepared.folded)
            return RuleCheck(failed: matched, variant: matched ? 1 : 0, actual: matched ? 1 : 0)
        case .strength(let minScore, let minLog10):
            let organization = organization.pointee
            let estimate = contexts.strength(organization: organization) {
                strengthEstimate(organization: organization, candidate)
            }
            return strengthCheck(minScore: minScore, minLog10: minLog10, estimate)
        }
    }

    /// Whether `rule` fails: ``check(_:_:_:_:_:)``'s verdict, with the blocklist and context rules (the ones a
    /// Unicode-mode policy's counted checks leave) answered without building a ``RuleCheck``.
    @inline(__always)
    func fails(
        _ rule: CompiledRule, _ prepared: PreparedPassword, _ candidate: CandidateBytes,
        _ contexts: inout ContextAnswers
    ) -> Bool {
        switch rule {
        case .blocklist(let builtin, let custom, let count):
            return blocklistVariant(builtin: builtin, custom: custom, count: count, prepared) != 0
        case .context(let username, let email, let minToken, let substrings):
            return contextVariant(
                username: username, email: email, minToken: minToken, substrings: substrings, prepared, candidate,
                &contexts) != 0
        default:
            return check(rule, prepared, candidate, &contexts, nil).failed
        }
    }

    /// A blocklist rule's failure: 1 on a built-in list, 2 on a custom one, 0 when the password is on none.
    @inline(__always)
    private func blocklistVariant(builtin: Int, custom: Int, count: Int, _ prepared: PreparedPassword) -> UInt8 {
        let (folded, hash) = (prepared.folded, prepared.foldedHash)
        if builtin == 1, self.builtin.contains(folded, hash: hash) { return 1 }
        if builtin == 2, builtinTop.contains(folded, hash: hash) { return 1 }
        if custom >= 0 {
            for table in custom..<(custom + count) where blocklists[table].contains(folded, hash: hash) { return 2 }
        }
        return 0
    }

    /// A context rule's failure: 1 on the username, 2 on the email, 0 when the password contains neither.
    @inline(__always)
    private func contextVariant(
        username: Bool, email: Bool, minToken: Int, substrings: Int, _ prepared: PreparedPassword,
        _ candidate: CandidateBytes, _ contexts: inout ContextAnswers
    ) -> UInt8 {
        // No closure here: one capturing `self` and `prepared` copied both (some 500 bytes) per candidate.
        if username, let value = candidate.username,
            contextFound(value, field: .username, minToken: minToken, prepared, &contexts)
                || (substrings > 0 && substringsContained(value, field: .username, width: substrings, prepared))
        {
            return 1
        }
        if email, let value = candidate.email,
            contextFound(value, field: .email, minToken: minToken, prepared, &contexts)
                || (substrings > 0 && substringsContained(value, field: .email, width: substrings, prepared))
        {
            return 2
        }
        return 0
    }

    /// zxcvbn's estimate of the password as typed (its UTF-8 bytes, in every mode) with the candidate's username and
    /// e-mail and `organization` as user inputs.
    private func strengthEstimate(organization: String?, _ candidate: CandidateBytes) -> StrengthEstimate {
        var inputs: [String] = []
        if let username = candidate.username { inputs.append(String(decoding: username, as: UTF8.self)) }
        if let email = candidate.email { inputs.append(String(decoding: email, as: UTF8.self)) }
        if let organization { inputs.append(organization) }
        StrengthEstimateCount.current?.add()
        return StrengthEstimator().estimate(String(decoding: candidate.password, as: UTF8.self), userInputs: inputs)
    }

    /// The check of a `strength` rule against `estimate`; `actual` is the score, `detail` the warning's index in
    /// ``StrengthFeedback/Warning/allCases`` plus 100 × the guesses' log10 in tenths.
    private func strengthCheck(minScore: Int, minLog10: Int, _ estimate: StrengthEstimate) -> RuleCheck {
        let failed = estimate.score < minScore || estimate.guessesLog10 < Double(minLog10)
        let warning = StrengthFeedback.Warning.allCases.firstIndex(of: estimate.feedback.warning) ?? 0
        let tenths = Int((estimate.guessesLog10 * 10).rounded(.down))
        return RuleCheck(
            failed: failed, variant: failed ? 1 : 0, actual: estimate.score, detail: warning + 100 * tenths)
    }

    /// The corpus's count for the normalized (not case-folded) password.
    private func occurrences(in source: any BlocklistSource, _ prepared: PreparedPassword) -> Int {
        guard let general = prepared.general else { return source.occurrences(of: prepared.asciiBytes) }
        return source.occurrences(of: general.pointee.normalizedUTF8)
    }

    private func countMembers(of set: ScalarSet, in prepared: PreparedPassword) -> Int {
        if let present = prepared.asciiPresent {
            guard present.0 & set.ascii.0 != 0 || present.1 & set.ascii.1 != 0 else { return 0 }
            return prepared.asciiBytes.reduce(0) { $0 + (set.contains(UInt32($1)) ? 1 : 0) }
        }
        return (prepared.general?.pointee.scalars ?? []).reduce(0) { $0 + (set.contains($1.value) ? 1 : 0) }
    }

    private func countDisallowed(
        kinds: UInt8, extra: ScalarSet, ascii: (UInt64, UInt64), in prepared: PreparedPassword
    ) -> Int {
        if let present = prepared.asciiPresent {
            guard present.0 & ~ascii.0 != 0 || present.1 & ~ascii.1 != 0 else { return 0 }
            return prepared.asciiBytes.reduce(0) { count, byte in
                let allowed = byte < 64 ? ascii.0 & (1 << UInt64(byte)) : ascii.1 & (1 << UInt64(byte - 64))
                return count + (allowed == 0 ? 1 : 0)
            }
        }
        return (prepared.general?.pointee.scalars ?? []).reduce(0) { count, scalar in
            let isAllowed = kinds & (1 << ScalarKind(scalar).rawValue) != 0 || extra.contains(scalar.value)
            return count + (isAllowed ? 0 : 1)
        }
    }

    /// ``contextContains(_:field:minToken:_:)``, answered from `contexts` when an earlier policy of the set asked it.
    @inline(__always)
    private func contextFound(
        _ value: UnsafeBufferPointer<UInt8>, field: ContextField, minToken: Int, _ prepared: PreparedPassword,
        _ contexts: inout ContextAnswers
    ) -> Bool {
        if let known = contexts.known(field: field, minToken: minToken) { return known }
        let found = contextContains(value, field: field, minToken: minToken, prepared)
        contexts.remember(found, field: field, minToken: minToken)
        return found
    }

    func contextContains(
        _ value: UnsafeBufferPointer<UInt8>, field: ContextField, minToken: Int, _ prepared: PreparedPassword
    ) -> Bool {
        // Folded UTF-8 bytes bound the folded scalar count from above.
        guard prepared.folded.count >= minToken else { return false }
        let isASCII = value.allSatisfy { $0 < 0x80 }
        let table = asciiTable
        if let present = prepared.asciiPresent, isASCII {
            // A buffer, not a slice: a slice's subscript checks its bounds on every byte read.
            let subject =
                field == .email
                ? UnsafeBufferPointer(rebasing: ContextMatcher.localPart(value, at: UInt8(ascii: "@"))) : value
            // The folded password's bytes, bit `b & 63`: its upper-case letters' bits (1…26 of the high word)
            // moved to their lower-case ones (33…58).
            let upper: UInt64 = 0x07FF_FFFE
            let foldedHigh = present.1 & ~upper | (present.1 & upper) << 32
            return ContextMatcher.containsASCII(
                prepared.folded, haystackBytes: present.0 | foldedHigh, subject, minToken: minToken, table: table)
        }
        let haystack = prepared.general?.pointee.foldedScalars ?? prepared.folded.map { UInt32($0) }
        if isASCII {
            // An ASCII value is its own NFKC and NFC, and its case folding is the table's lowercase byte (what
            // `lowercased()` does to ASCII): the general path below, without building and folding a `String`.
            let subject = field == .email ? ContextMatcher.localPart(value, at: UInt8(ascii: "@")) : value[...]
            return ContextMatcher.contains(
                haystack, subject, minToken: minToken, fold: { UInt32(table[Int($0)].lower) },
                isSeparator: { !Self.isAlphanumeric(table[Int($0)].kind) })
        }
        let foldedValue = CompiledPolicy.folded(
            PasswordNormalizer.normalized(String(decoding: value, as: UTF8.self), normalization))
        let scalars = Array(foldedValue.unicodeScalars)
        let subject = field == .email ? ContextMatcher.localPart(scalars, at: "@") : scalars[...]
        return ContextMatcher.contains(
            haystack, subject, minToken: minToken, fold: { $0.value },
            isSeparator: { !Self.isAlphanumeric(ScalarKind($0)) })
    }

    static func isAlphanumeric(_ kind: ScalarKind) -> Bool {
        switch kind {
        case .upper, .lower, .otherLetter, .digit, .mark: return true
        default: return false
        }
    }
}
