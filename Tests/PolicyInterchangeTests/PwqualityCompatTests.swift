import PasswordPolicy
import Testing

@testable import PolicyInterchange

/// libpwquality's verdicts observed with `pwscore` on Debian 12 (rules.md §5.1), reproduced by compat mode.
@Suite struct PwqualityCompatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let conf: String
        let password: String
        let user: String?
        let passes: Bool
        var testDescription: String {
            "\(conf.replacingOccurrences(of: "\n", with: " ")) / \(passes ? "pass" : "fail")"
        }
    }

    static let cases: [Case] = [
        Case(
            conf: "minlen=10\ndcredit=1\nucredit=1\nlcredit=1\nocredit=1", password: "Abcde1!", user: nil, passes: true),
        Case(
            conf: "minlen=10\ndcredit=1\nucredit=1\nlcredit=1\nocredit=1", password: "abcdefghi", user: nil,
            passes: true),
        Case(
            conf: "minlen=10\ndcredit=1\nucredit=1\nlcredit=1\nocredit=1", password: "abcdefgh", user: nil,
            passes: false),
        Case(conf: "dcredit=-2\nucredit=-1", password: "Qwzxplmn1", user: nil, passes: false),
        Case(conf: "dcredit=-2\nucredit=-1", password: "Qwzxplm12", user: nil, passes: true),
        Case(conf: "minclass=3", password: "qwzxplmn12", user: nil, passes: false),
        Case(conf: "minclass=3", password: "Qwzxplmn12", user: nil, passes: true),
        Case(conf: "maxrepeat=2", password: "Qwzzzx8!pl", user: nil, passes: false),
        Case(conf: "maxsequence=3", password: "Qw89:;!pzx", user: nil, passes: false),
        Case(conf: "maxsequence=3", password: "Qwfedcb!9x", user: nil, passes: false),
        Case(conf: "maxclassrepeat=3", password: "Qwzxp8!pl", user: nil, passes: false),
        Case(conf: "maxclassrepeat=1", password: "Qwzxp8!pl", user: nil, passes: true),  // 1.4.5 ignores 1
        Case(conf: "usersubstr=4", password: "Xq9#mith!z", user: "jsmith", passes: false),
        Case(conf: "usersubstr=4", password: "Xq9#htim!z", user: "jsmith", passes: false),
        Case(conf: "", password: "jsmithrocks", user: "jsmith", passes: false),
        Case(conf: "", password: "xhtimsjQ7#kk", user: "jsmith", passes: false),
        Case(conf: "badwords=acme corp", password: "Zz9#ACMEx!", user: nil, passes: false),
        Case(conf: "badwords=acme corp", password: "Zz9#emca!x", user: nil, passes: false),
        Case(conf: "badwords=acme corp", password: "Zz9#acmx!yq", user: nil, passes: true),
        Case(conf: "minlen=4", password: "Qz9#x", user: nil, passes: false),  // minlen is raised to 6
        Case(conf: "", password: "Xk9#mQ2$2Qm#9kX", user: nil, passes: false),  // palindrome
        Case(conf: "", password: "ääää", user: nil, passes: true),  // 8 bytes
        Case(conf: "", password: "äää", user: nil, passes: false),
        Case(conf: "minclass=4", password: "Ääbcdefg1", user: nil, passes: false),  // Ä's bytes are "other"
        Case(conf: "maxrepeat=1", password: "Xk9#mQ2ääv", user: nil, passes: true),
        Case(conf: "", password: "", user: nil, passes: false),
    ]

    @Test(arguments: cases)
    func verdictMatchesLibpwquality(_ item: Case) throws {
        let policy = try PwqualityImporter.policy(fromConf: Array((item.conf + "\ndictcheck=0\n").utf8), name: "c")
            .policy
        #expect(policy.evaluation == .pwquality)
        let verdict = try CompiledPolicy(policy).evaluate(Candidate(password: item.password, username: item.user))
        #expect(verdict.unlocksReset == item.passes)
    }

    @Test func theParserFollowsLibpwqualitysLexicalRules() throws {
        let text = "  MINCLASS=2 # two\nminlen 12\nminlen = 14\nmaxrepeat\t=\t3\nenforce_for_root = 0\nfoo=1\n\n#x\n"
        let (settings, warnings) = try PwqualityConfParser.parse(Array(text.utf8))
        #expect(settings.minclass == 2 && settings.minlen == 14 && settings.maxrepeat == 3)
        #expect(settings.enforceForRoot == 1)
        #expect(warnings == ["line 6: unknown setting \"foo\" ignored"])
        #expect(throws: InterchangeError.confBadInteger(line: 1, setting: "minlen")) {
            try PwqualityConfParser.parse(Array("minlen==10".utf8))
        }
        #expect(throws: InterchangeError.confBadInteger(line: 2, setting: "difok")) {
            try PwqualityConfParser.parse(Array("minlen=9\ndifok = 2147483647".utf8))
        }
        #expect(throws: InterchangeError.confLineTooLong(line: 1)) {
            try PwqualityConfParser.parse(Array(repeating: UInt8(ascii: "#"), count: 1023))
        }
    }

    @Test func exportingAnImportedConfAndImportingItAgainGivesTheSamePolicy() throws {
        let conf =
            "minlen=12\ndcredit=2\nucredit=-1\nminclass=3\nmaxsequence=3\nusersubstr=5\nbadwords=acme corp\ndifok=3\n"
        let policy = try PwqualityImporter.policy(fromConf: Array(conf.utf8), name: "c").policy
        let text = PwqualityConfExporter.conf(for: policy).text
        #expect(try PwqualityImporter.policy(fromConf: Array(text.utf8), name: "c").policy == policy)
        #expect(text.contains("dictcheck = 1\n") && text.contains("usersubstr = 5\n") && text.contains("difok = 3\n"))
    }

    @Test func badwordsWithWhitespaceInsideAreNamedByTheExportInsteadOfWrittenWrongly() throws {
        // Found by the pwquality fuzz target: a CR inside the value is part of a word, which libpwquality would strip
        // if the exporter wrote it first on the line.
        let policy = try PwqualityImporter.policy(fromConf: Array("badwords = acme \rcorp1 zeta\n".utf8), name: "c")
            .policy
        let (text, unexpressed) = PwqualityConfExporter.conf(for: policy)
        #expect(text.contains("badwords = acme zeta\n"))
        #expect(unexpressed.map(\.rule) == ["forbidden-words", "blocklist"])
    }

    @Test func badwordsSplitOnTheSpaceByteEvenBeforeACombiningMark() throws {
        // Found by the pwquality fuzz target: " " + U+065A is one Character, but libpwquality splits on the byte.
        let policy = try PwqualityImporter.policy(fromConf: Array("badwords = acme \u{65A}corp\n".utf8), name: "c")
            .policy
        #expect(policy.rules.contains { $0.kind == .forbiddenWords(words: ["acme", "\u{65A}corp"]) })
        let text = PwqualityConfExporter.conf(for: policy).text
        #expect(try PwqualityImporter.policy(fromConf: Array(text.utf8), name: "c").policy == policy)
    }

    @Test func defaultModeReadsTheSameRulesWithUnicodeSemantics() throws {
        var policy = try PwqualityImporter.policy(fromConf: Array("minclass=4\ndictcheck=0".utf8), name: "c").policy
        policy.evaluation = .unicode
        #expect(try CompiledPolicy(policy).evaluate(Candidate(password: "Ääbcdefg1!")).unlocksReset)
        policy.evaluation = .pwquality
        #expect(!(try CompiledPolicy(policy).evaluate(Candidate(password: "Ääbcdefg1")).unlocksReset))
    }
}
