import Foundation
import Testing

@testable import PasswordPolicy
@testable import PolicyPattern

@Suite("Pattern state budget")
struct PatternBudgetTests {
    /// A policy of a length rule then one `pattern` rule per regex, so pattern `i` is `rules[i + 1]`.
    static func json(_ regexes: [String]) throws -> Data {
        let rules: [[String: Any]] =
            [["rule": "length", "min": 1]] + regexes.map { ["rule": "pattern", "regex": $0, "must": "not-match"] }
        return try JSONSerialization.data(withJSONObject: ["name": "p", "rules": rules])
    }

    static func loadError(_ regexes: [String]) -> PolicyError? {
        do {
            _ = try CompiledPolicy(PasswordPolicy(json: json(regexes)))
            return nil
        } catch let error as PolicyError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    static func compileError(_ regexes: [String]) -> PolicyError? {
        let rules = regexes.enumerated().map { index, regex in
            PolicyRule(id: "p\(index)", kind: .pattern(regex: regex, must: .notMatch, message: ""))
        }
        do {
            _ = try CompiledPolicy(PasswordPolicy(name: "p", rules: rules))
            return nil
        } catch {
            return error
        }
    }

    @Test("a policy of many oversized patterns is refused at load, naming the first key past the budget")
    func manyOversizedPatterns() throws {
        // (.*){100}x: 3 states per copy of .*, then x and the match state: 302, each well under the per-rule cap.
        #expect(try PatternMatcher("(.*){100}x").stateCount == 302)
        let error = Self.loadError(Array(repeating: "(.*){100}x", count: 20))
        #expect(
            error
                == .invalid(
                    path: "rules[4].regex",
                    reason: "the policy's patterns need more than 1000 automaton states together (this one needs 302); "
                        + "simplify the patterns"))
        #expect(Self.loadError(Array(repeating: "(.*){100}x", count: 3)) == nil)
    }

    @Test("QA's hostile policy: 20 rules of (.*){3000}x are refused at the first rule, by the per-rule cap")
    func hostilePolicy() throws {
        let error = try #require(Self.loadError(Array(repeating: "(.*){3000}x", count: 20)))
        #expect("\(error)".hasPrefix("rules[1].regex: needs more than 500 automaton states"))
    }

    @Test("the budget is exact: patterns of 1,000 states together load, one state more is refused")
    func budgetBoundary() throws {
        // a{499} is 499 scalar states and the match state.
        #expect(try PatternMatcher("a{499}").stateCount == 500)
        #expect(try PatternMatcher("(.*a){12}").stateCount == 49)
        #expect(try PatternMatcher("^.{12,128}$").stateCount == 247)
        #expect(Self.loadError(["a{499}", "b{499}"]) == nil)
        #expect(
            Self.loadError(["a{499}", "b{499}", "c"])
                == .invalid(
                    path: "rules[3].regex",
                    reason: "the policy's patterns need more than 1000 automaton states together (this one needs 2); "
                        + "simplify the patterns"))
        #expect("\(Self.loadError(["a{500}"]).map { "\($0)" } ?? "")".hasPrefix("rules[1].regex: needs more than 500"))
    }

    @Test("a programmatic policy past the budget fails to compile with the same message")
    func compileRefuses() {
        #expect(
            Self.compileError(["a{499}", "b{499}", "c"])
                == .invalid(
                    path: "rules[2].regex",
                    reason: "the policy's patterns need more than 1000 automaton states together (this one needs 2); "
                        + "simplify the patterns"))
        #expect(Self.compileError(["a{499}", "b{499}"]) == nil)
    }

    /// The classic catastrophic-backtracking patterns of bench/regex.sh that the syntax accepts, and a length pattern.
    static let classicPatterns = [
        "(a+)+$", "(a|a)*b", "(.*a){12}", "(a*)*b", "(a|aa)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "([a-zA-Z]+)*$",
        "(a|b|ab)*c", "((a+)+)+b", "^(a+)+$", "(\\d+)*$", "(\\w|\\d)+$", "^(([a-z])+.)+[A-Z]([a-z])+$",
        "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
        "^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+.)+([a-zA-Z0-9]{2,4})+$", "^(a?){25}a{25}$", "(?i)(a|A)+$",
        "(x\\w*)+y", "^(.+)+@", "(.*?,){11}P", "^(\\s*a?)*$", "(?:a|[a-z])+!$", "^.{12,128}$",
    ]

    @Test("the classic catastrophic patterns of bench/regex.sh stay accepted", arguments: classicPatterns)
    func classicPatternsAccepted(pattern: String) throws {
        #expect(Self.loadError([pattern]) == nil)
        #expect(try PatternMatcher(pattern).stateCount <= 300)
    }

    @Test("all of them fit in one policy together (605 states)")
    func classicPatternsTogether() {
        #expect(Self.loadError(Self.classicPatterns) == nil)
    }

    @Test("a class of many property items answers as the union of its items")
    func mergedClassItems() throws {
        let matcher = try PatternMatcher("^[\\p{Lu}\\p{Lu}\\p{Nd}\\P{L}\\w]$")
        for text in ["A", "中", "1", "!", "_", "é"] { #expect(matcher.matches(text), "\(text)") }
        let letters = try PatternMatcher("^[\\p{Lu}\\p{Lt}\\p{Lo}]$")
        #expect(letters.matches("中"))
        #expect(letters.matches("A"))
        #expect(letters.matches("a") == false)
        let notSpace = try PatternMatcher("^[^\\s\\d]$")
        #expect(notSpace.matches("\u{3000}") == false)
        #expect(notSpace.matches("٣") == false)
        #expect(notSpace.matches("中"))
        // Copies of one class share one test per position; distinct classes keep their own answers.
        let copies = try PatternMatcher("^(?:\\p{Lo}[\\d中]){3}$")
        #expect(copies.matches("中1中中中٣"))
        #expect(copies.matches("中1中1中a") == false)
        #expect(copies.matches("中1a1中1") == false)
    }
}
