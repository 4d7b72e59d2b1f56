import PasswordPolicy

/// Writes a policy as `pwquality.conf`: every rule libpwquality has a setting for, and a comment for each rule (or
/// part of one) it cannot express.
package enum PwqualityConfExporter {
    /// The file's text and the rules it could not express.
    package static func conf(for policy: PasswordPolicy) -> (text: String, unexpressed: [UnexpressedRule]) {
        var settings: [(String, String)] = []
        var unexpressed: [UnexpressedRule] = []
        func set(_ key: String, _ value: Int) { settings.append((key, String(value))) }
        func leaveOut(_ rule: PolicyRule, _ reason: String) {
            unexpressed.append(UnexpressedRule(ruleID: rule.id, rule: rule.kind.name, reason: reason))
        }
        var hasContext = false
        var hasPalindrome = false
        var hasDictionary = false
        var creditKeys = Set<String>()
        for rule in policy.rules {
            switch rule.kind {
            case .length(let min, let max, let credits):
                if min < 6 { leaveOut(rule, "libpwquality raises a minimum length below 6 to 6") }
                set("minlen", min)
                for (cls, credit) in credits.byClass.sorted(by: { $0.key < $1.key }) {
                    set(creditKey(cls) ?? "ocredit", credit)
                    creditKeys.insert(creditKey(cls) ?? "ocredit")
                }
                if let max { leaveOut(rule, "a maximum length (\(max)) cannot be expressed") }
            case .require(.named(let cls), let min):
                guard let key = creditKey(cls), !creditKeys.contains(key) else {
                    leaveOut(rule, "requiring \(cls.rawValue) characters cannot be expressed")
                    continue
                }
                creditKeys.insert(key)
                set(key, -min)
            case .require(.chars, _):
                leaveOut(rule, "requiring custom characters cannot be expressed")
            case .classes(let min, let of):
                if of == [.upper, .lower, .digit, .special] {
                    set("minclass", min)
                } else {
                    leaveOut(rule, "classes other than upper, lower, digit, special cannot be counted")
                }
            case .maxRepeat(let max): set("maxrepeat", max)
            case .maxSequence(let max): set("maxsequence", max)
            case .maxClassRepeat(let max): set("maxclassrepeat", max)
            case .palindrome: hasPalindrome = true
            case .strength: leaveOut(rule, "libpwquality has no strength estimate")
            case .context(let fields, let minToken, let substrings):
                hasContext = true
                set("usercheck", 1)
                if let substrings { set("usersubstr", substrings) }
                if fields.contains(.email) { leaveOut(rule, "the email check cannot be expressed") }
                if minToken != 4 { leaveOut(rule, "libpwquality ignores names shorter than 4, not \(minToken)") }
            case .forbiddenWords(let words):
                // libpwquality splits on spaces, strips whitespace at both ends and cuts at "#".
                let expressible = words.filter { !$0.utf8.contains { PwqualityConfParser.isSpace($0) || $0 == 0x23 } }
                if expressible.count < words.count {
                    leaveOut(rule, "words with whitespace or \"#\" cannot be listed")
                }
                settings.append(("badwords", expressible.joined(separator: " ")))
            case .blocklist(let lists, let words, let files):
                if let builtin = BuiltinBlocklist.named(in: lists).first {
                    hasDictionary = true
                    leaveOut(rule, "\(builtin.rawValue) is written as dictcheck=1 (cracklib's dictionary check)")
                }
                if !words.isEmpty || !files.isEmpty { leaveOut(rule, "a list of whole passwords cannot be expressed") }
            case .breached: leaveOut(rule, "a breach corpus cannot be expressed")
            case .bannedTerms: leaveOut(rule, "banned terms cannot be expressed")
            case .allowed: leaveOut(rule, "an allowed character set cannot be expressed")
            case .pattern: leaveOut(rule, "a pattern cannot be expressed")
            }
        }
        if !hasContext { set("usercheck", 0) }
        set("dictcheck", hasDictionary ? 1 : 0)
        for (key, value) in policy.pwqualitySettings.sorted(by: { $0.key < $1.key }) { set(key, value) }
        var lines = ["# pwquality.conf for policy \(policy.name), written by pwaudit"]
        if policy.evaluation != .pwquality {
            lines.append("# The policy is evaluated in \(policy.evaluation.rawValue) mode; libpwquality counts bytes.")
        }
        if !hasPalindrome { lines.append("# libpwquality always rejects palindromes; this policy does not.") }
        for item in unexpressed {
            lines.append("# not expressed: rule \(item.ruleID) (\(item.rule)): \(item.reason)")
        }
        lines += settings.map { "\($0.0) = \($0.1)" }
        return (lines.joined(separator: "\n") + "\n", unexpressed)
    }

    private static func creditKey(_ cls: CharacterClass) -> String? {
        switch cls {
        case .digit: return "dcredit"
        case .upper: return "ucredit"
        case .lower: return "lcredit"
        case .special: return "ocredit"
        case .letter, .space: return nil
        }
    }
}
