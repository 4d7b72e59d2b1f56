import Foundation
import Testing

@testable import PasswordPolicy
@testable import PolicyPattern

@Suite("Pattern matcher")
struct PatternMatcherTests {
    static func policy(_ regex: String, must: String = "not-match") throws -> CompiledPolicy {
        let rule: [String: Any] = ["rule": "pattern", "regex": regex, "must": must]
        let json = try JSONSerialization.data(withJSONObject: [
            "name": "p", "rules": [["rule": "length", "min": 1], rule],
        ])
        return try CompiledPolicy(PasswordPolicy(json: json))
    }

    static func loadError(_ regex: String) -> String? {
        do {
            _ = try policy(regex)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "catastrophic backtracking patterns cost at most one step per state per scalar",
        arguments: ["(a+)+$", "(a|a)*b", "(.*a){12}", "(a*)*b", "(a|aa)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "((a+)+)+b"])
    func linearSteps(pattern: String) throws {
        let matcher = try PatternMatcher(pattern)
        for length in [100, 1_000] {
            let input = String(repeating: "a", count: length) + "!"
            let (_, steps) = matcher.matchCounting(input)
            // Each position visits each state at most once while closing and once while stepping.
            #expect(steps <= 2 * (length + 2) * matcher.stateCount)
        }
    }

    @Test("(a+)+$ on 1,000 characters is answered, through the policy, with the ICU answer")
    func redosThroughPolicy() throws {
        let policy = try Self.policy("(a+)+$", must: "match")
        let long = String(repeating: "a", count: 1_000)
        #expect(policy.evaluate(Candidate(password: long + "!")).failingCodes == ["pattern.not-matched"])
        #expect(policy.evaluate(Candidate(password: "!" + long)).failingCodes.isEmpty)
    }

    @Test(
        "unsupported constructs are refused at load, naming the key and the construct",
        arguments: [
            ("(a)\\1", "rules[1].regex: backreferences are not supported (\\1) at offset 3"),
            ("a(?=b)", "rules[1].regex: lookahead \"(?=\" is not supported at offset 1"),
            ("a(?!b)", "rules[1].regex: lookahead \"(?!\" is not supported at offset 1"),
            ("(?<=a)b", "rules[1].regex: lookbehind \"(?<=\" is not supported at offset 0"),
            ("(?<!a)b", "rules[1].regex: lookbehind \"(?<!\" is not supported at offset 0"),
            ("(?>a+)b", "rules[1].regex: atomic groups \"(?>\" are not supported at offset 0"),
            ("a*+b", "rules[1].regex: possessive quantifiers (\"*+\") are not supported at offset 1"),
            ("\\y", "rules[1].regex: unsupported escape \"\\y\" at offset 0"),
            (
                "a\\Z",
                "rules[1].regex: \\Z is not supported (it also matches before a final line break); use $ or \\z at offset 1"
            ),
            (
                "(?m)^a$",
                "rules[1].regex: flag \"m\" (multi-line) is not supported: ^ and $ always mean the start and the very end at offset 2"
            ),
            (
                "[[:alpha:]]",
                "rules[1].regex: POSIX classes such as [:alpha:] are not supported; use \\p{…} at offset 1"
            ),
            (
                "\\p{Latin}",
                "rules[1].regex: unsupported property \"Latin\" (general categories only, such as L, Lu, Ll, N, Nd, P, S, Z) at offset 0"
            ),
            ("([", "rules[1].regex: class opened here is not closed with \"]\" at offset 1"),
            ("a)", "rules[1].regex: unmatched \")\" at offset 1"),
            ("a{2,1}", "rules[1].regex: counted repetition {2,1} has its maximum below its minimum at offset 1"),
            ("[z-a]", "rules[1].regex: range out of order at offset 1"),
        ])
    func refused(pattern: String, message: String) {
        #expect(Self.loadError(pattern) == message)
    }

    @Test("a counted repetition expanding past the state bound is refused, naming the key")
    func expansionBound() throws {
        let message = try #require(Self.loadError("(.*){1,32000}[bc]"))
        #expect(message.hasPrefix("rules[1].regex: needs more than 500 automaton states"))
        #expect(Self.loadError("(?:a{100}){100}") != nil)
        #expect(Self.loadError("(?:a{10}){50}") != nil)
        #expect(Self.loadError("(?:a{10}){40}") == nil)
        #expect(Self.loadError("(?:){1,32000}") == nil)
        #expect(Self.loadError(String(repeating: "(", count: 101) + String(repeating: ")", count: 101)) != nil)
    }

    @Test("a programmatic policy with an unsupported regex fails to compile with the same message")
    func compileRefuses() {
        let policy = PasswordPolicy(
            name: "p", rules: [PolicyRule(id: "r", kind: .pattern(regex: "(a)\\1", must: .match, message: ""))])
        #expect(
            throws: PolicyError.invalid(
                path: "rules[0].regex", reason: "backreferences are not supported (\\1) at offset 3")
        ) {
            try CompiledPolicy(policy)
        }
    }

    @Test("ASCII and non-ASCII passwords, and the String and byte APIs, give the same answers")
    func pathsAgree() throws {
        let policy = try Self.policy("(?i)^[a-zé]+\\d$", must: "match")
        let set = CompiledPolicySet([policy])
        for password in ["abc1", "ABC1", "éte1", "ÉTÉ1", "abc", "ab c1", "a\u{301}1"] {
            let viaString = policy.failureMask(Candidate(password: password))
            var bytes = Array(password.utf8)
            var mask: UInt64 = 0
            bytes.withUnsafeMutableBufferPointer { buffer in
                withUnsafeMutablePointer(to: &mask) { out in
                    set.failureMasks(
                        password: UnsafeBufferPointer(buffer), username: nil, email: nil,
                        into: UnsafeMutableBufferPointer(start: out, count: 1))
                }
            }
            #expect(viaString.rawValue == mask, "\(password.debugDescription)")
        }
        #expect(policy.failureMask(Candidate(password: "ÉTÉ1")).isEmpty)
        // NFKC composes "a" + U+0301 to "á", which is not in [a-zé].
        #expect(!policy.failureMask(Candidate(password: "a\u{301}1")).isEmpty)
    }

    /// Found by a random differential run against ICU; Python's `re` agrees with the automaton on both.
    @Test("loops over bodies that can match the empty string give the regular-language answer, where ICU says no")
    func nullableLoops() throws {
        #expect(try PatternMatcher("(?:[^a]*|[\\d\\s]a\\w*?)+?x{1,}").matches("__xA é"))
        #expect(try PatternMatcher("(?i:a)(?:1?|A{2}(?:b{0,2}\\Bx?)b+?)+?\\b").matches(" a1a\n"))
        #expect(try PatternMatcher("(?:\\B){2}b").matches("ab"))
    }

    @Test("case-insensitive matching covers simple case mappings beyond ASCII")
    func caseFolding() throws {
        let kelvin = try PatternMatcher("(?i)k")
        #expect(kelvin.matches("\u{212A}"))
        #expect(try PatternMatcher("(?i)ß").matches("ẞ"))
        #expect(try PatternMatcher("(?i)[^a]").matches("A") == false)
        #expect(try PatternMatcher("(?i)\\p{Lu}").matches("a"))
        // Only one-to-one mappings: "ß" does not match "SS" (ICU's full folding would).
        #expect(try PatternMatcher("(?i)^ß$").matches("SS") == false)
    }

    @Test("case groups never reach scalars at or above U+1F000, where the table stops looking")
    func caseTableBound() {
        var value: UInt32 = 0x1F000
        var changing: [UInt32] = []
        while value <= 0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped { changing.append(value) }
            value += 1
        }
        #expect(changing.isEmpty)
    }
}
