import PasswordPolicy

extension ClauseCheck {
    /// Evaluates the check against `facts`.
    package func evaluate(_ facts: PolicyFacts) -> ClauseOutcome {
        switch self {
        case .minLength(let sole, let multi): return Self.minLength(facts, sole: sole, multi: multi)
        case .lengthOrMFA(let alone, let withBlocklist, let withMFA):
            let required = "MFA with ≥ \(withMFA), or ≥ \(alone), or ≥ \(withBlocklist) with a blocklist"
            let value =
                "\(facts.minLength)\(Self.unitNote(facts))\(facts.blocklistRuleIDs.isEmpty ? "" : " with a blocklist"), usage "
                + (facts.usage?.rawValue ?? "not declared")
            let met =
                (facts.usage == .multiFactor && facts.minLength >= withMFA) || facts.minLength >= alone
                || (facts.minLength >= withBlocklist && !facts.blocklistRuleIDs.isEmpty)
            let evidence: EvidenceRequest? =
                facts.usage == .multiFactor ? nil : .candidatesShorterThan(minimum: alone)
            return ClauseOutcome(met ? .pass : .fail, policy: value, required: required, evidence: evidence)
        case .minLengthUnlessUnsupported(let minimum, let fallback):
            return Self.minLengthUnlessUnsupported(facts, minimum: minimum, fallback: fallback)
        case .maxLengthAtLeast(let minimum):
            return ClauseOutcome(
                facts.maxLength.map { $0 >= minimum } ?? true ? .pass : .fail, policy: Self.cap(facts),
                required: "no cap, or a cap ≥ \(minimum)")
        case .maxLengthBetween(let lower, let upper):
            // Every password of `lower` code points permitted, every one of more than `upper` denied.
            let met = (facts.maxLength.map { $0 >= lower } ?? false) && (facts.lengthCap.map { $0 <= upper } ?? false)
            return ClauseOutcome(met ? .pass : .fail, policy: Self.cap(facts), required: "a cap in \(lower)…\(upper)")
        case .noMaxLength:
            return ClauseOutcome(facts.lengthCap == nil ? .pass : .fail, policy: Self.cap(facts), required: "no cap")
        case .lengthInCodePoints:
            return ClauseOutcome(
                facts.countsCodePoints ? .pass : .fail, policy: Self.lengthCounting(facts),
                required: "each code point counts as one")
        case .printableASCIIAndSpace:
            return Self.characters(
                facts, met: facts.acceptsPrintableASCII && facts.acceptsSpace, required: "all printable ASCII and space"
            )
        case .unicodeAccepted:
            return Self.characters(facts, met: facts.acceptsUnicode, required: "Unicode characters accepted")
        case .anyPrintableUnicode:
            return Self.characters(
                facts,
                met: facts.acceptsPrintableASCII && facts.acceptsSpace && facts.acceptsUnicode && facts.acceptsEmoji,
                required: "any printable Unicode, spaces and emoji")
        case .noForbiddenCharacters:
            return Self.characters(
                facts,
                met: facts.acceptsPrintableASCII && facts.acceptsSpace && facts.acceptsUnicode
                    && facts.acceptsEmoji, required: "no forbidden character types")
        case .normalization(let forms):
            let required = forms.map { $0.rawValue.uppercased() }.joined(separator: " or ")
            let value =
                facts.normalization == facts.declaredNormalization
                ? facts.normalization.rawValue.uppercased()
                : "NONE for the length and class rules (evaluation \(facts.evaluation.rawValue) reads the bytes as "
                    + "typed), \(facts.declaredNormalization.rawValue.uppercased()) for the others"
            guard facts.acceptsUnicode else {
                return ClauseOutcome(.notApplicable, policy: "\(value) (Unicode refused)", required: required)
            }
            return ClauseOutcome(forms.contains(facts.normalization) ? .pass : .fail, policy: value, required: required)
        case .noTruncation:
            return ClauseOutcome(.pass, policy: "whole password checked", required: "no truncation")
        case .verifiedExactly:
            // NFKC folds compatibility characters (ﬁ to fi, full-width to ASCII): a modification the clause forbids;
            // NFC only picks one spelling of canonically equivalent text.
            let folds = facts.declaredNormalization == .nfkc
            return ClauseOutcome(
                folds ? .fail : .pass,
                policy: folds
                    ? "normalization NFKC folds compatibility characters (ﬁ to fi, full-width to ASCII) before "
                        + "checking"
                    : "no truncation, case change or compatibility folding (normalization "
                        + "\(facts.declaredNormalization.rawValue.uppercased()))",
                required: "exactly as received: no truncation, case transformation or folding")
        case .noCompositionRules:
            let ids = facts.compositionRuleIDs
            return ClauseOutcome(
                ids.isEmpty ? .pass : .fail, policy: ids.isEmpty ? "none" : ids.joined(separator: ", "),
                required: "no composition rules")
        case .noCompositionOrCharacterLimits:
            var limits = facts.compositionRuleIDs
            let everyCharacter =
                facts.acceptsPrintableASCII && facts.acceptsSpace && facts.acceptsUnicode && facts.acceptsEmoji
            if let allowed = facts.allowedRuleID, !everyCharacter {
                limits.append("\(allowed) (limits the characters)")
            }
            return ClauseOutcome(
                limits.isEmpty ? .pass : .fail, policy: limits.isEmpty ? "none" : limits.joined(separator: ", "),
                required: "no composition rules, no limit on the characters permitted")
        case .requiresLetterAndDigit:
            let value = [facts.requiresLetter ? "letter" : nil, facts.requiresDigit ? "digit" : nil].compactMap { $0 }
            return ClauseOutcome(
                facts.requiresLetter && facts.requiresDigit ? .pass : .fail,
                policy: value.isEmpty ? "neither required" : value.joined(separator: " and ") + " required",
                required: "letters and digits required")
        case .requiresNonLetterWhenSoleFactor:
            guard facts.isSoleFactor else {
                return ClauseOutcome(
                    .notApplicable, policy: "usage multi-factor", required: "a non-letter (password-only)")
            }
            return ClauseOutcome(
                facts.requiresNonLetter ? .pass : .fail,
                policy: facts.requiresNonLetter ? "a non-letter required" : "no non-letter required",
                required: "a non-letter (password-only)")
        case .blocklistPresent, .blocklistWholePassword, .blocklistSize, .blocklistMatchingPolicy,
            .breachedPasswordList,
            .contextWordCheck, .contextWordList:
            return evaluateLists(facts)
        case .noPeriodicExpiry, .maxAgeWhenSoleFactor, .expiryBackstop, .historyAtLeast, .noRotationNoHistory,
            .lockoutAtMost, .lockoutConfigured, .multiFactorRequired, .bruteForceOneOf, .evidence:
            return evaluateLifecycle(facts)
        case .strengthGuidance(let what):
            return Self.strengthGuidance(facts, what)
        }
    }

    /// The blocklist, lifecycle and evidence checks.
    private func evaluateLists(_ facts: PolicyFacts) -> ClauseOutcome {
        if let outcome = evaluateBreachCorpus(facts) { return outcome }
        let refusals = EvidenceRequest.blocklistRefusals(ruleIDs: facts.blocklistRuleIDs)
        let present = !facts.blocklistRuleIDs.isEmpty && facts.blocklistEntries > 0
        let listValue = present ? "\(facts.blocklistEntries) entries" : "no blocklist"
        switch self {
        case .blocklistPresent:
            return ClauseOutcome(
                present ? .pass : .fail, policy: listValue, required: "a blocklist", evidence: refusals)
        case .blocklistWholePassword:
            return ClauseOutcome(
                present ? .pass : .fail, policy: present ? "whole password compared" : "no blocklist",
                required: "the whole password compared", evidence: refusals)
        case .blocklistSize(let minimum):
            return ClauseOutcome(
                facts.blocklistEntries >= minimum ? .pass : .fail, policy: listValue, required: "≥ \(minimum) entries",
                evidence: refusals)
        case .blocklistMatchingPolicy(let minimum):
            return ClauseOutcome(
                facts.blocklistEntriesMatchingPolicy >= minimum ? .pass : .fail,
                policy: "\(facts.blocklistEntriesMatchingPolicy) of \(facts.blocklistEntries) entries match the policy",
                required: "≥ \(minimum) entries the policy would accept", evidence: refusals)
        case .breachedPasswordList:
            let required = "a breached-password list"
            if facts.usesBuiltinCommon {
                let named = facts.builtinLists.map(\.rawValue).joined(separator: ", ")
                return ClauseOutcome(.pass, policy: named, required: required, evidence: refusals)
            }
            if facts.usesFileList {
                return ClauseOutcome(
                    .needsEvidence, policy: "file list (provenance to attest)", required: required, evidence: refusals)
            }
            return ClauseOutcome(.fail, policy: listValue, required: required)
        case .contextWordCheck:
            let fields = facts.contextFields.map(\.rawValue).joined(separator: ", ")
            return ClauseOutcome(
                fields.isEmpty ? .fail : .pass, policy: fields.isEmpty ? "no context rule" : "context: \(fields)",
                required: "user and service context words refused")
        case .contextWordList:
            return ClauseOutcome(
                facts.inlineWords > 0 ? .pass : .fail, policy: "\(facts.inlineWords) inline words",
                required: "a documented list of context words")
        default:
            preconditionFailure("evaluate(_:) routes only the blocklist checks here")
        }
    }

    /// The `max-age-days`, `history`, `lockout-threshold`, `usage` and evidence checks.
    private func evaluateLifecycle(_ facts: PolicyFacts) -> ClauseOutcome {
        let age = facts.maxAgeDays.map { $0 == 0 ? "0 (no expiry)" : "\($0) days" } ?? "max-age-days not declared"
        switch self {
        case .noPeriodicExpiry:
            return ClauseOutcome(
                Self.verdict(facts.maxAgeDays) { $0 == 0 }, policy: age, required: "no periodic expiry")
        case .maxAgeWhenSoleFactor(let days):
            let required = "≤ \(days) days (password-only), or a dynamic analysis of the security posture"
            guard facts.isSoleFactor else {
                return ClauseOutcome(.notApplicable, policy: "usage multi-factor", required: required)
            }
            if let analysis = facts.declared.dynamicRiskAnalysis {
                return ClauseOutcome(
                    .pass, policy: "dynamic analysis declared (compliance.dynamic-risk-analysis: \(analysis))",
                    required: required)
            }
            if let maxAge = facts.maxAgeDays, maxAge > 0, maxAge <= days {
                return ClauseOutcome(.pass, policy: Self.soleFactor(facts, age), required: required)
            }
            // The text's other branch (a dynamic analysis) cannot be seen in a policy file unless it is declared.
            return ClauseOutcome(
                .needsEvidence,
                policy: Self.soleFactor(facts, age)
                    + "; no dynamic analysis declared (compliance.dynamic-risk-analysis)",
                required: required)
        case .expiryBackstop(let days):
            return ClauseOutcome(
                Self.verdict(facts.maxAgeDays) { $0 > 0 && $0 <= days }, policy: age, required: "1…\(days) days")
        case .historyAtLeast(let depth):
            return ClauseOutcome(
                Self.verdict(facts.history) { $0 >= depth }, policy: facts.history.map(String.init) ?? "not declared",
                required: "≥ \(depth)")
        case .noRotationNoHistory:
            let verdict: ComplianceVerdict =
                switch (facts.maxAgeDays, facts.history) {
                case (.some(let days), _) where days > 0: .fail
                case (_, .some(let depth)) where depth > 0: .fail
                case (.some, .some): .pass
                default: .unknown
                }
            return ClauseOutcome(
                verdict, policy: "\(age); history \(facts.history.map(String.init) ?? "not declared")",
                required: "no expiry, no history")
        case .lockoutAtMost(let attempts):
            return ClauseOutcome(
                Self.verdict(facts.lockoutThreshold) { $0 <= attempts },
                policy: facts.lockoutThreshold.map { "\($0) attempts" } ?? "not declared",
                required: "≤ \(attempts) attempts")
        case .lockoutConfigured:
            return ClauseOutcome(
                Self.verdict(facts.lockoutThreshold) { _ in true },
                policy: facts.lockoutThreshold.map { "\($0) attempts" } ?? "not declared",
                required: "a lockout threshold")
        case .bruteForceOneOf(let lockoutAtMost, let throttleAttempts, let minutes):
            let required =
                "one of: MFA, lockout ≤ \(lockoutAtMost) attempts, ≤ \(throttleAttempts) guesses in \(minutes) minutes"
            var value = [
                "usage \(facts.usage?.rawValue ?? "not declared")",
                facts.lockoutThreshold.map { "lockout \($0) attempts" } ?? "lockout not declared",
            ]
            let throttle = facts.declared.throttling
            value.append(
                throttle.map { "throttling \($0.attempts) per \($0.minutes) minutes (compliance.throttling)" }
                    ?? "throttling not declared")
            let met =
                facts.usage == .multiFactor || facts.lockoutThreshold.map { $0 <= lockoutAtMost } ?? false
                || throttle.map { $0.attempts <= throttleAttempts && $0.minutes >= minutes } ?? false
            let known = facts.usage != nil || facts.lockoutThreshold != nil || throttle != nil
            return ClauseOutcome(
                met ? .pass : known ? .fail : .unknown, policy: value.joined(separator: ", "), required: required)
        case .multiFactorRequired:
            return ClauseOutcome(
                Self.verdict(facts.usage) { $0 == .multiFactor }, policy: facts.usage?.rawValue ?? "not declared",
                required: "multi-factor")
        case .evidence(let what):
            return ClauseOutcome(.needsEvidence, policy: "not in a policy file", required: what)
        default:
            preconditionFailure("evaluate(_:) routes only the lifecycle and evidence checks here")
        }
    }

    /// A strength rule is the guidance: each refusal names zxcvbn's warning and the checklist shows the meter. Without
    /// one the clause needs an attestation; a run's stored strength is figured beside it either way.
    private static func strengthGuidance(_ facts: PolicyFacts, _ what: String) -> ClauseOutcome {
        guard !facts.strengthRules.isEmpty else {
            return ClauseOutcome(
                .needsEvidence, policy: "no strength rule (attest what is offered)", required: what,
                evidence: .strengthScores)
        }
        let rules = facts.strengthRules.count == 1 ? "strength rule" : "strength rules"
        return ClauseOutcome(
            .pass,
            policy:
                "\(rules) \(facts.strengthRules.joined(separator: ", ")): a refusal names zxcvbn's warning, and the "
                + "checklist shows the score meter, warning and suggestions",
            required: what, evidence: .strengthScores)
    }

    private static func minLengthUnlessUnsupported(_ facts: PolicyFacts, minimum: Int, fallback: Int) -> ClauseOutcome {
        let value = "\(facts.minLength)\(unitNote(facts))"
        guard let limit = facts.declared.systemMaxLength, limit.length < minimum else {
            return ClauseOutcome(
                facts.minLength >= minimum ? .pass : .fail, policy: value, required: "≥ \(minimum)",
                evidence: .candidatesShorterThan(minimum: minimum))
        }
        return ClauseOutcome(
            facts.minLength >= fallback ? .pass : .fail,
            policy:
                "\(value); the system supports \(limit.length) (compliance.system-max-length: \(limit.justification))",
            required: "≥ \(fallback) where the system does not support \(minimum)",
            evidence: .candidatesShorterThan(minimum: fallback))
    }

    private static func minLength(_ facts: PolicyFacts, sole: Int?, multi: Int?) -> ClauseOutcome {
        let applicable = facts.isSoleFactor ? sole : multi
        let side = facts.isSoleFactor ? "single-factor" : "multi-factor"
        let value = soleFactor(facts, "\(facts.minLength)\(unitNote(facts))")
        guard let minimum = applicable else {
            let other = sole.map { "≥ \($0) single-factor" } ?? multi.map { "≥ \($0) multi-factor" } ?? ""
            return ClauseOutcome(.notApplicable, policy: value, required: other)
        }
        let required = sole == multi ? "≥ \(minimum)" : "≥ \(minimum) (\(side))"
        return ClauseOutcome(
            facts.minLength >= minimum ? .pass : .fail, policy: value, required: required,
            evidence: .candidatesShorterThan(minimum: minimum))
    }

    /// The value with a note when usage was not declared and single-factor was assumed.
    private static func soleFactor(_ facts: PolicyFacts, _ value: String) -> String {
        facts.usage == nil ? "\(value) (usage not declared: single-factor assumed)" : value
    }

    /// The policy's cap: in code points, with what the rule counts when that differs.
    private static func cap(_ facts: PolicyFacts) -> String {
        guard let permitted = facts.maxLength, let declared = facts.declaredMaxLength else { return "no cap" }
        guard facts.lengthUnit == .utf8Bytes, !facts.countsCodePoints else { return "\(permitted)" }
        return "\(permitted) code points permitted, more than \(facts.lengthCap ?? declared) refused (\(declared) "
            + "\(facts.lengthUnit.rawValue), evaluation \(facts.evaluation.rawValue))"
    }

    /// After a minimum in code points, what the rule counts when that is not code points ("" when it is).
    private static func unitNote(_ facts: PolicyFacts) -> String {
        guard !facts.countsCodePoints else { return "" }
        return
            " code points (the length rule counts \(facts.declaredMinLength) \(facts.lengthUnit.rawValue): evaluation "
            + "\(facts.evaluation.rawValue))"
    }

    /// How the length rules count, in words.
    private static func lengthCounting(_ facts: PolicyFacts) -> String {
        switch (facts.lengthUnit, facts.countsCodePoints) {
        case (.codePoints, _): "Unicode scalars after normalization"
        case (.utf8Bytes, true): "UTF-8 bytes, and every accepted character is one byte"
        case (.utf8Bytes, false): "UTF-8 bytes as typed (evaluation \(facts.evaluation.rawValue))"
        }
    }

    private static func characters(_ facts: PolicyFacts, met: Bool, required: String) -> ClauseOutcome {
        let value =
            if let rule = facts.allowedRuleID {
                met ? "accepted (rule \(rule))" : "refused by rule \(rule)"
            } else {
                "every character accepted"
            }
        return ClauseOutcome(met ? .pass : .fail, policy: value, required: required)
    }

    private static func verdict<Value>(_ value: Value?, _ met: (Value) -> Bool) -> ComplianceVerdict {
        guard let value else { return .unknown }
        return met(value) ? .pass : .fail
    }
}

extension ClauseCheck {
    /// A list clause judged on a breach corpus the policy names (a whole-password comparison with breached
    /// passwords; its size is the file's, which a policy does not say): `nil` when there is none or the clause
    /// is not about lists, or the word lists pass it already.
    fileprivate func evaluateBreachCorpus(_ facts: PolicyFacts) -> ClauseOutcome? {
        guard !facts.breachCorpusRuleIDs.isEmpty else { return nil }
        let refusals = EvidenceRequest.blocklistRefusals(ruleIDs: facts.breachCorpusRuleIDs + facts.blocklistRuleIDs)
        let corpus = "breach corpus " + facts.breachCorpusLists.joined(separator: ", ")
        switch self {
        case .breachedPasswordList:
            return ClauseOutcome(.pass, policy: corpus, required: "a breached-password list", evidence: refusals)
        case .blocklistPresent:
            return ClauseOutcome(.pass, policy: corpus, required: "a blocklist", evidence: refusals)
        case .blocklistWholePassword:
            return ClauseOutcome(
                .pass, policy: "\(corpus): whole password compared", required: "the whole password compared",
                evidence: refusals)
        case .blocklistSize(let minimum) where facts.blocklistEntries < minimum:
            return ClauseOutcome(
                .needsEvidence, policy: "\(corpus) (its size is the file's, which the policy does not say)",
                required: "≥ \(minimum) entries", evidence: refusals)
        case .blocklistMatchingPolicy(let minimum) where facts.blocklistEntriesMatchingPolicy < minimum:
            return ClauseOutcome(
                .needsEvidence,
                policy: "\(corpus) (its size, and how many of its entries the policy would accept, are the file's, "
                    + "which the policy does not say)",
                required: "≥ \(minimum) entries the policy would accept", evidence: refusals)
        default:
            return nil
        }
    }
}
