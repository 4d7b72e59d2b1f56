import PasswordStrength

extension CompiledPolicy {
    /// Turns a raw check into a full outcome with reason code, parameters and message.
    func outcome(_ index: Int, _ check: RuleCheck) -> RuleOutcome {
        let rule = policy.rules[index]
        if case .strength(let threshold) = rule.kind { return strengthOutcome(index, rule, threshold, check) }
        let (code, required, actualKey, message) =
            if case .bannedTerms(let banned) = rule.kind {
                describeBannedTerms(banned, check, term: bannedTerm(ofRule: index, check.detail))
            } else {
                describe(rule.kind, check)
            }
        return RuleOutcome(
            ruleIndex: index, ruleID: rule.id, label: rule.label, passed: !check.failed,
            code: check.failed ? "\(rule.kind.name).\(code)" : "\(rule.kind.name).ok", required: required,
            actual: [actualKey: check.actual], message: check.failed ? message : rule.label + ".")
    }

    // swiftlint:disable:next cyclomatic_complexity
    private func describe(_ kind: RuleKind, _ check: RuleCheck)
        -> (code: String, required: [String: Int], actualKey: String, message: String)
    {
        let has = check.actual
        switch kind {
        case .length(let min, let max, _):
            var required = ["min": min]
            if let max { required["max"] = max }
            if check.variant == 2, let max {
                return ("too-long", required, "length", "Use at most \(max) characters (has \(has)).")
            }
            return ("too-short", required, "length", "Use at least \(min) characters (has \(has)).")
        case .require(.named(let cls), let min):
            let message =
                min == 1 ? "Add \(cls.singularPhrase)." : "Add at least \(min) \(cls.pluralNoun) (has \(has))."
            return ("missing-\(cls.rawValue)", ["min": min], "count", message)
        case .require(.chars(let chars), let min):
            let message =
                min == 1
                ? "Add one of these characters: \(chars)."
                : "Add at least \(min) of these characters: \(chars) (has \(has))."
            return ("missing-chars", ["min": min], "count", message)
        case .classes(let min, let of):
            let names = of.map(\.pluralNoun).joined(separator: ", ")
            return (
                "too-few", ["min": min, "of": of.count], "classes", "Use at least \(min) of: \(names) (has \(has))."
            )
        case .maxRepeat(let max):
            return (
                "exceeded", ["max": max], "longest-repeat",
                "Don't repeat a character more than \(max) \(PolicyRule.plural("time", max)) in a row (has \(has))."
            )
        case .maxSequence(let max):
            return (
                "exceeded", ["max": max], "longest-sequence",
                "Avoid sequences like abcd, 4321 or qwer longer than \(max) characters (has \(has))."
            )
        case .allowed:
            return ("disallowed-character", [:], "disallowed", "Remove characters that are not allowed (has \(has)).")
        case .blocklist:
            if check.variant == 1 {
                return (
                    "common", [:], "listed", "This is one of the most commonly used; choose something less predictable."
                )
            }
            return ("listed", [:], "listed", "This one is on the blocklist; choose something else.")
        case .breached(_, let minCount):
            let times = has == 1 ? "once" : "\(has) times"
            return (
                "breached", ["min-count": minCount], "seen",
                "This password has appeared in data breaches (seen \(times)); choose another."
            )
        case .bannedTerms(let banned):
            return describeBannedTerms(banned, check, term: nil)
        case .context(_, let minToken, _):
            if check.variant == 2 {
                return ("contains-email", ["min-token": minToken], "matched", "Don't include your email address.")
            }
            return ("contains-username", ["min-token": minToken], "matched", "Don't include your username.")
        case .pattern(_, let must, let message):
            let code = must == .match ? "not-matched" : "matched"
            if !message.isEmpty { return (code, [:], "matched", message.hasSuffix(".") ? message : message + ".") }
            let fallback = must == .match ? "Doesn't match the required pattern." : "Matches a forbidden pattern."
            return (code, [:], "matched", fallback)
        case .maxClassRepeat(let max):
            return (
                "exceeded", ["max": max], "longest-class-run",
                "Don't use more than \(max) \(PolicyRule.plural("character", max)) of one class in a row (has \(has))."
            )
        case .palindrome:
            return ("palindrome", [:], "palindrome", "Don't use a password that reads the same backwards.")
        case .forbiddenWords:
            return ("contains-word", [:], "matched", "Don't include a forbidden word.")
        case .strength:
            return ("too-guessable", [:], "score", "")  // described by describeStrength
        }
    }
}

extension CompiledPolicy {
    /// The normalized text of the banned term `detail` of rule `index`'s matcher, or `nil`.
    fileprivate func bannedTerm(ofRule index: Int, _ detail: Int) -> String? {
        guard detail >= 0, index < evaluator.rules.count, case .bannedTerms(let matcher) = evaluator.rules[index] else {
            return nil
        }
        let scalars = program.bannedTerms[matcher].terms[detail].compactMap(Unicode.Scalar.init)
        return String(String.UnicodeScalarView(scalars))
    }

    /// A `banned-terms` outcome: the score and the first banned term it found, never the password.
    fileprivate func describeBannedTerms(_ banned: BannedTerms, _ check: RuleCheck, term: String?)
        -> (code: String, required: [String: Int], actualKey: String, message: String)
    {
        let required = ["min-score": banned.minScore]
        switch check.variant {
        case 2:
            return ("name", required, "score", "Don't include your name.")
        case 3:
            return ("organization", required, "score", "Don't include the organization's name.")
        default:
            let found = term.map { " it contains the banned term \"\($0)\"," } ?? ""
            return (
                "score", required, "score",
                "Scores \(check.actual) of the \(banned.minScore) points needed:\(found) add more of your own."
            )
        }
    }
}

extension CompiledPolicy {
    /// A `strength` outcome: the score, the guesses' log10 in tenths and zxcvbn's warning code (in `actual` as
    /// `warning-CODE: 1` and in the message), never the password.
    fileprivate func strengthOutcome(
        _ index: Int, _ rule: PolicyRule, _ threshold: StrengthThreshold, _ check: RuleCheck
    )
        -> RuleOutcome
    {
        let warnings = StrengthFeedback.Warning.allCases
        let warning = warnings[max(0, min(warnings.count - 1, check.detail % 100))]
        var actual = ["score": check.actual, "guesses-log10-tenths": max(0, check.detail / 100)]
        if warning != .none { actual["warning-\(warning.rawValue)"] = 1 }
        let needs =
            switch threshold {
            case .minScore(let score): "a score of \(score)"
            case .minGuessesLog10(let log10): "10^\(log10) guesses"
            }
        let said = warning == .none ? "" : " \(warning.text) [\(warning.rawValue)]"
        return RuleOutcome(
            ruleIndex: index, ruleID: rule.id, label: rule.label, passed: !check.failed,
            code: check.failed ? "strength.too-guessable" : "strength.ok", required: [threshold.key: threshold.value],
            actual: actual,
            message: check.failed
                ? "Too easy to guess (strength score \(check.actual) of 4, needs \(needs)).\(said)" : rule.label + ".")
    }
}
