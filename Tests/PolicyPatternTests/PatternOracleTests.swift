import Foundation
import Testing

@testable import PolicyPattern

/// Compares the engine's automaton matcher with ICU's backtracking `NSRegularExpression` (test target only) on
/// inputs short enough for the backtracker to answer quickly.
@Suite("Pattern matcher agrees with NSRegularExpression")
struct PatternOracleTests {
    static let patterns = [
        "abc", "^abc", "abc$", "^abc$", "^[a-z]+$", "a|b|c", "(ab|cd)+", "(?:ab)*c", "a*", "a+", "a?b", "a{2}",
        "a{2,}", "a{2,3}", "^a{0,2}$", "x{0}", "(a|)+b", ".", "^.$", "^.{3}$", "a.c", "(?s)a.c", "\\d+", "\\D",
        "\\w+", "^\\W", "\\s", "\\S+$", "[^a-z]", "[a-]", "[-a]", "[]a]", "[\\]x]", "[a-z-0]", "[\\w-]", "[^\\s]",
        "[\\d\\s]", "[^\\D]", "[\\W\\d]", "\\p{Lu}", "\\p{L}+", "\\P{L}", "\\p{Nd}", "\\p{So}", "[\\p{Ll}\\d]",
        "(?i)abc", "(?i)[a-c]+", "(?i)[^a]", "(?i)k", "(?i)s", "(?i)σ", "(?i:a)b", "a(?i)b", "(?i)a(?-i)b",
        "\\bab", "ab\\b", "\\Bb", "\\Aab", "ab\\z", "\\x41", "\\x{1F600}", "\\u00e9", "\\t", "\\n", "\\.", "\\$",
        "\\Q.*\\E", "(?#comment)ab", "(?<name>a)b", "[😀-😂]", "^(\\d{3}-)?\\d{4}$", "(.)(.)",
        "^(?:[A-Z][a-z]+)+\\d*$", "password|123456", "(?i)acme\\d{4}", "^[^\\s]+$", "\\d{4}$", "[!@#$%^&*]",
        "e\\b", "\\b\\w", "\\w\\B.", "^(?=)", "a{,}", "^$", "$", "^", "", "a**",
    ]
    static let inputs = [
        "", "a", "b", "abc", "xabcx", "ABC", "aBc", "aab", "aaab", "ab", "cd", "abab", "ababc", "c", "abcd!",
        "a\nb", "a\nc", "abc\n", "abc\r\n", "123", "1234", "555-1234", "x٣", "a b", "\t", "\u{85}", "Straße",
        "STRASSE", "ΣΟΦΙΑ", "σοφια", "ς", "K", "\u{212A}", "ſ", "S", "😁", "é", "e\u{301}", "-", "]", "x]", "_",
        "a-z", "Password1", "acme2024", "ACME2024", "$", ".", "a.c", "Hello World", "HelloWorld9", "!",
    ]

    /// ICU with `$` outside classes rewritten to `\z`, as the pattern rule defines `$` (the very end).
    static func icu(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: strictAnchors(pattern))
    }

    static func icuMatches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, options: [], range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("every table pattern ICU accepts gives ICU's answer on every table input, or is refused by name")
    func agreesWithICU() throws {
        var compared = 0
        for pattern in Self.patterns {
            let ours = try? PatternMatcher(pattern)
            guard let regex = Self.icu(pattern) else {
                #expect(ours == nil, "ICU refuses \(pattern) but the engine accepts it")
                continue
            }
            guard let ours else { continue }
            for input in Self.inputs {
                let expected = Self.icuMatches(regex, input)
                #expect(
                    ours.matches(input) == expected,
                    "\(pattern.debugDescription) on \(input.debugDescription): ICU says \(expected)")
                compared += 1
            }
        }
        #expect(compared > 4_000)
    }

    @Test("the engine refuses only what the documented syntax leaves out", arguments: ["^(?=)", "a**", ""])
    func refusedTableEntries(pattern: String) {
        #expect(throws: PatternError.self) { try PatternMatcher(pattern) }
    }

    @Test("a generated table of nested quantifiers and alternations agrees with ICU on short inputs")
    func generated() throws {
        let atoms = ["a", "b", "[ab]", ".", "\\w", "(?:a|b)", "(?:ab)", "\\b"]
        let quantifiers = ["", "*", "+", "?", "{2}", "{1,2}", "*?"]
        let inputs = ["", "a", "b", "ab", "ba", "aab", "abab", "bbb", "a b", "aaaa", "xa", "b!"]
        var compared = 0
        for first in atoms {
            for second in atoms {
                for quantifier in quantifiers {
                    for pattern in ["(?:\(first)\(second))\(quantifier)$", "^\(first)\(quantifier)\(second)"]
                    where !(first == "\\b" && !quantifier.isEmpty) {
                        let ours = try PatternMatcher(pattern)
                        let regex = try #require(Self.icu(pattern))
                        for input in inputs {
                            #expect(
                                ours.matches(input) == Self.icuMatches(regex, input),
                                "\(pattern.debugDescription) on \(input.debugDescription)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 9_000)
    }

    /// Rewrites every unescaped `$` outside a character class to `\z` (what the NSRegularExpression engine did).
    static func strictAnchors(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var classDepth = 0
        var quoting = false
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if quoting {
                out.append(scalar)
                if scalar == "\\", next == "E" {
                    out.append("E")
                    quoting = false
                    index += 1
                }
            } else if scalar == "\\" {
                out.append(scalar)
                if let next {
                    out.append(next)
                    quoting = next == "Q"
                    index += 1
                }
            } else if scalar == "[" {
                classDepth += 1
                out.append(scalar)
            } else if scalar == "]", classDepth > 0 {
                classDepth -= 1
                out.append(scalar)
            } else if scalar == "$", classDepth == 0 {
                out.append(contentsOf: "\\z".unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }
}
