import Foundation
import PasswordPolicy

/// Turns libpwquality settings into a pwaudit policy evaluated as libpwquality does (`"evaluation": "pwquality"`).
package enum PwqualityImporter {
    /// The policy for a `pwquality.conf` file's bytes, validated, with the parser's and the importer's warnings.
    ///
    /// - Throws: ``InterchangeError`` for a line libpwquality refuses, ``PolicyError`` (wrapped by the caller) when
    ///   the result is not a valid policy.
    package static func policy(fromConf bytes: [UInt8], name: String) throws -> (
        policy: PasswordPolicy, warnings: [String]
    ) {
        let (settings, parserWarnings) = try PwqualityConfParser.parse(bytes)
        var warnings = parserWarnings
        let policy = try policy(from: settings, name: name, warnings: &warnings)
        return (policy, warnings)
    }

    /// The policy for `settings`: `minlen` and positive credits → `length` with `credits`; negative credits →
    /// `require`; `minclass` → `classes` of the four; `maxrepeat`, `maxsequence`, `maxclassrepeat` → their rules;
    /// always `palindrome`; `usercheck` (+ `usersubstr`) → `context` on the username; `badwords` →
    /// `forbidden-words`; `dictcheck` → `blocklist` of `builtin:common`; `difok`, `gecoscheck` and the PAM settings are
    /// recorded under `"pwquality"`.
    package static func policy(
        from settings: PwqualitySettings, name: String, warnings: inout [String]
    ) throws(PolicyError) -> PasswordPolicy {
        var rules: [PolicyRule] = []
        let credits: [(CharacterClass, Int)] = [
            (.digit, settings.dcredit), (.upper, settings.ucredit), (.lower, settings.lcredit),
            (.special, settings.ocredit),
        ]
        let positive = Dictionary(uniqueKeysWithValues: credits.filter { $0.1 > 0 }.map { ($0.0, limited($0.1)) })
        rules.append(
            PolicyRule(kind: .length(min: limited(settings.minlen), max: nil, credits: LengthCredits(positive))))
        for (cls, credit) in credits where credit < 0 {
            rules.append(PolicyRule(kind: .require(.named(cls), min: limited(-credit))))
        }
        if settings.minclass > 0 {
            rules.append(PolicyRule(kind: .classes(min: settings.minclass, of: [.upper, .lower, .digit, .special])))
        }
        if settings.maxrepeat != 0 {
            // A negative maxrepeat fails every repeat, as 1 does.
            rules.append(PolicyRule(kind: .maxRepeat(max: settings.maxrepeat < 0 ? 1 : limited(settings.maxrepeat))))
        }
        if settings.maxsequence != 0 {
            if settings.maxsequence < 2 {
                warnings.append("maxsequence \(settings.maxsequence) is stored as 2, pwaudit's smallest sequence limit")
            }
            rules.append(PolicyRule(kind: .maxSequence(max: Swift.max(2, limited(settings.maxsequence)))))
        }
        if settings.maxclassrepeat > 0 {
            if settings.maxclassrepeat == 1 {
                warnings.append("maxclassrepeat 1 has no effect in libpwquality 1.4.5 (compat mode keeps that)")
            }
            rules.append(PolicyRule(kind: .maxClassRepeat(max: limited(settings.maxclassrepeat))))
        }
        rules.append(PolicyRule(kind: .palindrome))
        if settings.usercheck != 0 {
            let substrings = settings.usersubstr >= 4 ? limited(settings.usersubstr) : nil
            rules.append(PolicyRule(kind: .context(fields: [.username], minToken: 4, substrings: substrings)))
        }
        if let badwords = settings.badwords {
            // Split on the space byte, as libpwquality does (a space before a combining mark is still a separator).
            let words = badwords.utf8.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            let kept = words.filter { $0.utf8.count >= 4 }
            if kept.count < words.count {
                warnings.append("badwords shorter than 4 bytes are ignored, as libpwquality ignores them")
            }
            if !kept.isEmpty { rules.append(PolicyRule(kind: .forbiddenWords(words: kept))) }
        }
        if settings.dictcheck != 0 {
            warnings.append(
                "dictcheck: cracklib's dictionary check is approximated by the builtin common-password list")
            rules.append(PolicyRule(kind: .blocklist(lists: ["builtin:common"], words: [])))
        }
        if settings.dictpath != nil {
            warnings.append("dictpath is ignored (pwaudit does not read cracklib dictionaries)")
        }
        var recorded: [String: Int] = [:]
        let recordable: [(String, Int)] = [
            ("difok", settings.difok), ("gecoscheck", settings.gecoscheck), ("enforcing", settings.enforcing),
            ("retry", settings.retry), ("enforce_for_root", settings.enforceForRoot),
            ("local_users_only", settings.localUsersOnly),
        ]
        for (key, value) in recordable where settings.explicitlySet.contains(key) {
            recorded[key] = limited(Swift.max(0, value))
        }
        if settings.explicitlySet.contains("difok") || settings.explicitlySet.contains("gecoscheck") {
            warnings.append(
                "difok and gecoscheck are recorded, not evaluated (they need the old password / GECOS field)")
        }
        let draft = PasswordPolicy(
            name: name, description: "Imported from pwquality.conf", normalization: .none, rules: rules,
            evaluation: .pwquality, pwqualitySettings: recorded)
        return try PasswordPolicy(json: Data(draft.canonicalJSON().utf8))
    }

    private static func limited(_ value: Int) -> Int { Swift.min(value, 1_000_000) }
}
