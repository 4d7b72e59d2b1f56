import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// What a clause finds about length and composition is what the engine does: boundary passwords for every length
/// and composition clause of the catalog, at and one below (or above) the threshold the clause reads, judged by
/// `CompiledPolicy.evaluate` in each evaluation mode, must get the verdicts the clause's finding implies.
@Suite("Compliance findings agree with the engine's verdicts")
struct EngineAgreementTests {
    // MARK: Length

    /// Families of boundary passwords, one per shape: each makes a password of any number of code points, none of
    /// which the policies' normalization changes except the mathematical letters (NFKC makes them ASCII), and each
    /// of its own length is the same in every normal form.
    static let lengthFamilies: [(name: String, cycle: [String])] = [
        ("ASCII letters", ["z", "q", "x", "j", "v", "k", "w", "m"]),
        ("two-byte letters", ["\u{E9}", "\u{F1}", "\u{F8}", "\u{DF}"]),
        ("three-byte letters", ["中", "文", "字", "词"]),
        ("four-byte emoji", ["😀", "🎉", "🚀", "🌍"]),
        ("mixed widths", ["a", "\u{E9}", "中", "😀"]),
        ("mathematical letters", ["\u{1D419}", "\u{1D410}", "\u{1D417}", "\u{1D409}"]),
        ("credited ASCII", ["9", "!", "%", "A", "z", "q", "x", "j"]),
        ("credited wide", ["9", "😀", "🎉", "🚀"]),
    ]

    /// The password of `count` code points that repeats `cycle`.
    static func password(_ cycle: [String], _ count: Int) -> String {
        (0..<Swift.max(count, 0)).map { cycle[$0 % cycle.count] }.joined()
    }

    /// A policy of `rules` in `mode`, with `usage` ("" for none), `normalization` and `compliance` (the members of
    /// the declared context, "" for none).
    static func policy(
        _ mode: EvaluationMode, _ rules: [String], usage: String = "", normalization: Normalization = .nfkc,
        compliance: String = ""
    ) throws -> PasswordPolicy {
        let usageMember =
            (usage.isEmpty ? "" : #""usage": "\#(usage)", "#)
            + (compliance.isEmpty ? "" : #""compliance": {\#(compliance)}, "#)
        let json =
            #"{"name": "t", "evaluation": "\#(mode.rawValue)", "normalization": "\#(normalization.rawValue)", "#
            + usageMember + #""rules": ["# + rules.joined(separator: ", ") + "]}"
        return try PasswordPolicy(json: Data(json.utf8))
    }

    /// A blocklist that refuses none of the boundary passwords (Cyber Essentials asks whether one is present).
    static let harmlessBlocklist = #"{"rule": "blocklist", "words": ["not-a-boundary-password"]}"#
    static let asciiOnly = #"{"rule": "allowed", "classes": [], "chars": "\#(asciiPrintable)"}"#
    static let asciiPrintable = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.joined()
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")

    /// The catalog's length clauses, each once.
    static let lengthClauses: [ComplianceClause] = ComplianceCatalog.standards.flatMap(\.clauses).filter {
        switch $0.check {
        case .minLength, .lengthOrMFA, .minLengthUnlessUnsupported, .maxLengthAtLeast, .maxLengthBetween, .noMaxLength,
            .lengthInCodePoints:
            true
        default: false
        }
    }

    /// Policies around every threshold the length clauses read, in every mode: minimums at the threshold and one
    /// below it in code points and at the edges of four-byte characters in bytes, caps likewise, credits, and
    /// pwquality's byte count over an ASCII-only policy with and without normalization.
    static func lengthPolicies() throws -> [PasswordPolicy] {
        var minimums: Set<Int> = []
        var caps: Set<Int> = []
        for clause in lengthClauses {
            switch clause.check {
            case .minLength(let sole, let multi): minimums.formUnion([sole, multi].compactMap { $0 })
            case .lengthOrMFA(let alone, let withBlocklist, let withMFA):
                minimums.formUnion([alone, withBlocklist, withMFA])
            case .minLengthUnlessUnsupported(let minimum, let fallback): minimums.formUnion([minimum, fallback])
            case .maxLengthAtLeast(let minimum): caps.insert(minimum)
            case .maxLengthBetween(let lower, let upper): caps.formUnion([lower, upper, upper + 1])
            default: break
            }
        }
        var policies: [PasswordPolicy] = []
        for mode in EvaluationMode.allCases {
            for threshold in minimums.sorted() {
                for min in Set([threshold - 1, threshold, 4 * (threshold - 1), 4 * threshold - 3]).sorted() {
                    let length = #"{"rule": "length", "min": \#(min)}"#
                    for usage in ["", "single-factor", "multi-factor"] {
                        policies.append(try policy(mode, [length], usage: usage))
                        policies.append(try policy(mode, [length, harmlessBlocklist], usage: usage))
                    }
                    for limit in [threshold - 1, threshold] {
                        policies.append(
                            try policy(
                                mode, [length],
                                compliance: #""system-max-length": {"length": \#(limit), "justification": "t"}"#))
                    }
                    for normalization in [Normalization.none, .nfkc] {
                        policies.append(try policy(mode, [length, asciiOnly], normalization: normalization))
                    }
                }
            }
            for cap in caps.sorted() {
                for max in Set([cap - 1, cap, 4 * cap - 1, 4 * cap]).sorted() {
                    policies.append(try policy(mode, [#"{"rule": "length", "min": 1, "max": \#(max)}"#]))
                    policies.append(
                        try policy(
                            mode, [#"{"rule": "length", "min": 1, "max": \#(max)}"#, asciiOnly], normalization: .none))
                }
            }
            for credited in [
                #"{"rule": "length", "min": 12, "credits": {"digit": 1, "special": 2}}"#,
                #"{"rule": "length", "min": 15, "credits": {"upper": 1, "lower": 1, "digit": 1, "special": 1}}"#,
                #"{"rule": "length", "min": 16, "credits": {"special": 3}}"#,
            ] {
                policies.append(try policy(mode, [credited], usage: "single-factor"))
            }
        }
        return policies
    }

    /// How the length rules judge a password: nil when another rule refuses it (so its length decides nothing).
    struct LengthVerdict: Hashable {
        var tooShort: Bool
        var tooLong: Bool
    }

    static func lengthVerdict(_ compiled: CompiledPolicy, _ password: String) -> LengthVerdict? {
        let outcomes = compiled.evaluate(Candidate(password: password)).outcomes
        let isLength = { (outcome: RuleOutcome) in outcome.code.hasPrefix("length.") }
        guard outcomes.filter({ !isLength($0) }).allSatisfy(\.passed) else { return nil }
        let codes = Set(outcomes.filter(isLength).map(\.code))
        return LengthVerdict(tooShort: codes.contains("length.too-short"), tooLong: codes.contains("length.too-long"))
    }

    /// The length verdicts of every family's password of `count` code points (those no other rule refuses).
    static func verdicts(_ compiled: CompiledPolicy, codePoints count: Int) -> [LengthVerdict] {
        lengthFamilies.compactMap { lengthVerdict(compiled, password($0.cycle, count)) }
    }

    @Test("every length clause's finding is what the engine does with passwords at and around its threshold")
    func lengthClausesAgree() throws {
        var checked = 0
        for policy in try Self.lengthPolicies() {
            let compiled = try CompiledPolicy(policy)
            let facts = PolicyFacts(policy)
            let credited = policy.rules.contains {
                if case .length(_, _, let c) = $0.kind { !c.isEmpty } else { false }
            }
            let context = "\(policy.evaluation.rawValue) \(policy.canonicalJSON())"
            var judged: [Int: [LengthVerdict]] = [:]
            func verdicts(_ count: Int) -> [LengthVerdict] {
                if let known = judged[count] { return known }
                let found = Self.verdicts(compiled, codePoints: count)
                judged[count] = found
                return found
            }
            func shortAll(_ count: Int) -> Bool { verdicts(count).allSatisfy(\.tooShort) }
            func longNone(_ count: Int) -> Bool { !verdicts(count).contains(where: \.tooLong) }
            func longAll(_ count: Int) -> Bool { verdicts(count).allSatisfy(\.tooLong) }

            // The fact itself is tight: some password of `minLength` code points passes, none one shorter does.
            #expect(!shortAll(facts.minLength), "\(context): a password of \(facts.minLength) passes")
            if facts.minLength > 0 { #expect(shortAll(facts.minLength - 1), "\(context): none shorter passes") }

            for clause in Self.lengthClauses {
                let verdict = clause.check.evaluate(facts).verdict
                let label = "\(clause.id) on \(context)"
                switch clause.check {
                case .minLength(let sole, let multi):
                    guard let threshold = facts.isSoleFactor ? sole : multi else {
                        #expect(verdict == .notApplicable, "\(label)")
                        continue
                    }
                    // One below the threshold every password is too short exactly when the clause passes; at it,
                    // some password passes exactly when the policy's minimum is no higher.
                    #expect((verdict == .pass) == shortAll(threshold - 1), "\(label)")
                    #expect(!shortAll(threshold) == (facts.minLength <= threshold), "\(label)")
                case .lengthOrMFA(let alone, let withBlocklist, let withMFA):
                    let met =
                        (facts.usage == .multiFactor && shortAll(withMFA - 1)) || shortAll(alone - 1)
                        || (!facts.blocklistRuleIDs.isEmpty && shortAll(withBlocklist - 1))
                    #expect((verdict == .pass) == met, "\(label)")
                case .minLengthUnlessUnsupported(let minimum, let fallback):
                    // The fallback counts only where the system is declared to support fewer than the minimum.
                    let unsupported = facts.declared.systemMaxLength.map { $0.length < minimum } ?? false
                    #expect((verdict == .pass) == shortAll((unsupported ? fallback : minimum) - 1), "\(label)")
                case .maxLengthAtLeast(let minimum):
                    #expect((verdict == .pass) == longNone(minimum), "\(label)")
                case .maxLengthBetween(let lower, let upper):
                    #expect((verdict == .pass) == (longNone(lower) && longAll(upper + 1)), "\(label)")
                case .noMaxLength:
                    #expect((verdict == .pass) == longNone((facts.declaredMaxLength ?? 1024) + 1), "\(label)")
                case .lengthInCodePoints:
                    // Credits make the class of a character count, by design: the composition clauses judge that.
                    guard !credited else { continue }
                    let lengths = [
                        facts.minLength - 1, facts.minLength, facts.declaredMinLength - 1, facts.declaredMinLength,
                        facts.maxLength, facts.maxLength.map { $0 + 1 }, facts.lengthCap,
                        facts.lengthCap.map { $0 + 1 },
                    ].compactMap { $0 }.filter { $0 > 0 }
                    let uniform = lengths.allSatisfy { Set(verdicts($0)).count <= 1 }
                    #expect((verdict == .pass) == uniform, "\(label)")
                default:
                    Issue.record("\(clause.id) is not a length clause")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    // MARK: Composition

    /// Boundary passwords for the composition clauses: each shape a composition rule refuses (one class, repeats,
    /// sequences, letters only) in ASCII and beyond, none a palindrome or in a list.
    static let compositionFamilies: [[String]] = [
        ["z", "q", "x", "j", "v", "k", "w", "m"], ["Z", "Q", "X", "J", "V", "K", "W", "M"],
        ["z", "Q", "x", "J", "v", "K", "w", "M"], ["9", "3", "7", "1", "5"], ["!", "%", "*", "&"],
        ["z", "9", "q", "3", "x", "7", "j", "1"], ["z", "Q", "9", "!", "x", "J", "3", "%"],
        ["z", "Q", "!", "x", "J", "%", "v", "K"], ["9", "!", "3", "%", "7", "*"], ["z", "q", " ", "x", "j", " ", "v"],
        ["q", "z", "z", "z", "z", "x", "j", "v"], ["a", "b", "c", "d", "z", "q", "x", "j"],
        ["0", "1", "2", "3", "z", "q", "x", "j"], ["3", "2", "1", "0", "z", "q", "x", "j"],
        ["q", "w", "e", "r", "z", "x", "j", "v"], ["\u{E9}", "\u{F1}", "\u{F8}", "\u{DF}"],
        ["\u{C9}", "\u{D1}", "\u{D8}", "\u{C5}"], ["中", "文", "字", "词"], ["a", "\u{E9}", "中", "b"],
        ["z", "Q", "\u{E9}", "x", "J", "\u{F1}"], ["\u{663}", "\u{667}", "\u{661}", "\u{669}"],
        ["\u{A1}", "\u{BF}", "\u{A7}", "\u{B6}"], ["😀", "🎉", "🚀", "🌍"],
        ["\u{E9}", "9", "\u{F1}", "3", "\u{F8}", "7"], ["z", "#", "q", "x", "j", "v"],
    ]

    /// Every composition family's passwords of 4 to 16 code points, palindromes left out (a palindrome rule is not
    /// a composition rule).
    static let compositionProbes: [String] = (4...16).flatMap { count in
        compositionFamilies.map { password($0, count) }
    }.filter { $0.lowercased() != String($0.lowercased().reversed()) }

    /// Composition rules and rules that are not, each after a short `length` (or as a credited one), in every mode.
    static func compositionPolicies() throws -> [PasswordPolicy] {
        let length = #"{"rule": "length", "min": 4}"#
        let sets: [[String]] = [
            [], [#"{"rule": "require", "class": "digit"}"#], [#"{"rule": "require", "class": "letter"}"#],
            [#"{"rule": "require", "class": "upper"}"#], [#"{"rule": "require", "class": "lower"}"#],
            [#"{"rule": "require", "class": "special"}"#], [#"{"rule": "require", "class": "space"}"#],
            [##"{"rule": "require", "class": {"chars": "#"}}"##],
            [#"{"rule": "require", "class": {"chars": "0123456789"}}"#],
            [#"{"rule": "require", "class": "letter"}"#, #"{"rule": "require", "class": "digit"}"#],
            [
                #"{"rule": "require", "class": "upper"}"#, #"{"rule": "require", "class": "digit"}"#,
                #"{"rule": "require", "class": "special"}"#,
            ],
            [#"{"rule": "classes", "min": 3, "of": ["upper", "lower", "digit", "special"]}"#],
            [#"{"rule": "classes", "min": 4, "of": ["upper", "lower", "digit", "special"]}"#],
            [#"{"rule": "classes", "min": 2, "of": ["letter", "digit"]}"#],
            [#"{"rule": "classes", "min": 1, "of": ["digit", "special"]}"#],
            [#"{"rule": "max-repeat", "max": 3}"#], [#"{"rule": "max-sequence", "max": 3}"#],
            [#"{"rule": "max-class-repeat", "max": 1}"#], [#"{"rule": "max-class-repeat", "max": 4}"#],
            [#"{"rule": "pattern", "regex": "[0-9]", "must": "match"}"#],
            [#"{"rule": "palindrome"}"#], [#"{"rule": "forbidden-words", "words": ["zzzzzz"]}"#],
            [#"{"rule": "context"}"#],
        ]
        var policies: [PasswordPolicy] = []
        for mode in EvaluationMode.allCases {
            for rules in sets { policies.append(try policy(mode, [length] + rules)) }
            policies.append(
                try policy(mode, [#"{"rule": "length", "min": 12, "credits": {"digit": 1, "special": 2}}"#]))
        }
        return policies
    }

    /// Whether `password` holds a scalar of general category L* (a letter), Nd (a digit), or one that is no letter.
    static func holds(_ password: String, _ test: (Unicode.GeneralCategory) -> Bool) -> Bool {
        password.unicodeScalars.contains { test($0.properties.generalCategory) }
    }
    static func isLetter(_ category: Unicode.GeneralCategory) -> Bool {
        [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(category)
    }

    @Test("every composition clause's finding is what the engine does with passwords a composition rule refuses")
    func compositionClausesAgree() throws {
        let clauses = ComplianceCatalog.standards.flatMap(\.clauses).filter {
            switch $0.check {
            case .noCompositionRules, .noCompositionOrCharacterLimits, .requiresLetterAndDigit,
                .requiresNonLetterWhenSoleFactor:
                true
            default: false
            }
        }
        var checked = 0
        for policy in try Self.compositionPolicies() {
            let compiled = try CompiledPolicy(policy)
            let facts = PolicyFacts(policy)
            // A pattern may demand a class the facts cannot see: the findings then only under-claim.
            let exact = !policy.rules.contains { if case .pattern = $0.kind { true } else { false } }
            let accepted = Dictionary(
                Self.compositionProbes.map { ($0, compiled.evaluate(Candidate(password: $0)).unlocksReset) },
                uniquingKeysWith: { first, _ in first })
            let probes = Array(accepted.keys)
            let context = "\(policy.evaluation.rawValue) \(policy.canonicalJSON())"
            for clause in clauses {
                let verdict = clause.check.evaluate(facts).verdict
                let label = "\(clause.id) on \(context)"
                switch clause.check {
                case .noCompositionRules, .noCompositionOrCharacterLimits:
                    // (None of these policies has an `allowed` rule, so the two checks agree here.)
                    // Passwords of one length in code points and in bytes are judged alike unless a rule looks at
                    // which characters they hold.
                    let groups = Dictionary(grouping: probes) { [$0.unicodeScalars.count, $0.utf8.count] }
                    let uniform = groups.values.allSatisfy { Set($0.map { accepted[$0]! }).count == 1 }
                    #expect((verdict == .pass) == uniform, "\(label)")
                case .requiresLetterAndDigit:
                    let lacking = probes.filter {
                        !Self.holds($0, Self.isLetter) || !Self.holds($0) { $0 == .decimalNumber }
                    }
                    let refused = lacking.allSatisfy { !accepted[$0]! }
                    if verdict == .pass || exact { #expect((verdict == .pass) == refused, "\(label)") }
                case .requiresNonLetterWhenSoleFactor:
                    let lettersOnly = probes.filter { !Self.holds($0) { !Self.isLetter($0) } }
                    let refused = lettersOnly.allSatisfy { !accepted[$0]! }
                    if verdict == .pass || exact { #expect((verdict == .pass) == refused, "\(label)") }
                default:
                    Issue.record("\(clause.id) is not a composition clause")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
