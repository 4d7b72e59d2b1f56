import Foundation
import PasswordPolicy

/// Turns Apple password rules into a pwaudit policy evaluated with Apple's classes (`"evaluation": "apple"`).
package enum PasswordRulesImporter {
    /// The policy that `text` describes, validated, with the parser's warnings and the importer's own.
    ///
    /// Each `required` becomes a `require` rule (one named class), a `classes` rule with `min` 1 (several named
    /// classes) or a `require` of custom `chars`; `allowed` becomes an `allowed` rule (none for `unicode`);
    /// `minlength`/`maxlength` a `length` rule (two when they conflict, so the policy stays as unsatisfiable as the
    /// text); `max-consecutive` a `max-repeat` rule.
    ///
    /// - Throws: ``PolicyError`` when the result is not a valid policy (e.g. `name` is not an identifier).
    package static func policy(from text: String, name: String) throws(PolicyError) -> (
        policy: PasswordPolicy, warnings: [String]
    ) {
        let (descriptor, parserWarnings) = PasswordRulesParser.parse(text)
        var warnings = parserWarnings
        let policy = try policy(from: descriptor, name: name, warnings: &warnings)
        return (policy, warnings)
    }

    /// The policy for an already parsed descriptor.
    package static func policy(
        from descriptor: PasswordRulesDescriptor, name: String, warnings: inout [String]
    ) throws(PolicyError) -> PasswordPolicy {
        func limited(_ value: Int?, _ property: String) -> Int? {
            guard let value, value > maximum else { return value }
            warnings.append("\(property) \(value) is above pwaudit's limit; \(maximum) is used")
            return maximum
        }
        var rules: [PolicyRule] = []
        let minLength = limited(descriptor.minLength, "minlength") ?? 0
        let maxLength = limited(descriptor.maxLength, "maxlength")
        if let maxLength, maxLength < minLength {
            warnings.append("minlength \(minLength) is above maxlength \(maxLength): no password can satisfy both")
            rules.append(PolicyRule(kind: .length(min: minLength, max: nil)))
            rules.append(PolicyRule(kind: .length(min: 0, max: maxLength)))
        } else if minLength > 0 || maxLength != nil {
            rules.append(PolicyRule(kind: .length(min: minLength, max: maxLength)))
        }
        for set in descriptor.required {
            rules.append(PolicyRule(kind: requiredKind(set, warnings: &warnings)))
        }
        let requiredUnion = descriptor.required.reduce(PasswordRulesCharacterSet()) { $0.union($1) }
        if !descriptor.required.isEmpty, !descriptor.allowed.isUnicode, descriptor.allowed == requiredUnion,
            requiredUnion != .asciiPrintable
        {
            // Apple's reading: without an `allowed` that adds to them, the required classes are all that is allowed.
            warnings.append(
                "these rules allow only the characters they require (\(describe(requiredUnion))), as Safari and "
                    + "AutoFill read them: a password with any other character is refused; add \"allowed: "
                    + "ascii-printable;\" (or the classes meant) to allow the rest")
        }
        if !descriptor.allowed.isUnicode {
            let (classes, chars) = split(descriptor.allowed)
            rules.append(PolicyRule(kind: .allowed(classes: classes, chars: chars)))
        }
        if let maxConsecutive = limited(descriptor.maxConsecutive, "max-consecutive") {
            rules.append(PolicyRule(kind: .maxRepeat(max: maxConsecutive)))
        }
        if rules.isEmpty { rules.append(PolicyRule(kind: .length(min: 0, max: nil))) }
        let draft = PasswordPolicy(
            name: name, description: "Imported from Apple password rules", normalization: .none,
            rules: uniquelyIdentified(rules), evaluation: .apple)
        return try PasswordPolicy(json: Data(draft.canonicalJSON().utf8))
    }

    private static let maximum = 1_000_000

    private static let classOrder: [(CharacterClass, PasswordRulesCharacterSet)] = [
        (.upper, .upper), (.lower, .lower), (.digit, .digit), (.special, .special),
    ]

    private static func requiredKind(_ set: PasswordRulesCharacterSet, warnings: inout [String]) -> RuleKind {
        if set.isUnicode {
            warnings.append("\"required: unicode\" needs any one character: imported as a minimum length of 1")
            return .length(min: 1, max: nil)
        }
        let (classes, chars) = split(set)
        if chars.isEmpty, classes.count == 1 { return .require(.named(classes[0]), min: 1) }
        if chars.isEmpty { return .classes(min: 1, of: classes) }
        return .require(.chars(String(decoding: set.members, as: UTF8.self)), min: 1)
    }

    /// `upper, digit and "-!"`: the named classes of `set`, then its other characters.
    private static func describe(_ set: PasswordRulesCharacterSet) -> String {
        let (classes, chars) = split(set)
        let names = classes.map(\.rawValue) + (chars.isEmpty ? [] : ["\"\(chars)\""])
        return names.count <= 1
            ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The complete named classes of `set` and its remaining characters.
    private static func split(_ set: PasswordRulesCharacterSet) -> ([CharacterClass], String) {
        var rest = set
        var classes: [CharacterClass] = []
        for (cls, named) in classOrder where set.isSuperset(of: named) {
            classes.append(cls)
            rest = PasswordRulesCharacterSet(rest.members.filter { !named.contains($0) })
        }
        return (classes, String(decoding: rest.members, as: UTF8.self))
    }

    /// The rules with the ids the policy format derives (`length`, `length-2`, …).
    private static func uniquelyIdentified(_ rules: [PolicyRule]) -> [PolicyRule] {
        var taken = Set<String>()
        return rules.map { rule in
            var id = rule.kind.defaultID
            var suffix = 2
            while taken.contains(id) {
                id = "\(rule.kind.defaultID)-\(suffix)"
                suffix += 1
            }
            taken.insert(id)
            return PolicyRule(id: id, kind: rule.kind)
        }
    }
}
