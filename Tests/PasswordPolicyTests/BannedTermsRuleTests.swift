import Foundation
import Testing

@testable import PasswordPolicy

/// The `banned-terms` rule: Microsoft Entra Password Protection's algorithm (research/standards.md §5.3).
@Suite struct BannedTermsRuleTests {
    private static func rule(_ members: String) throws -> CompiledPolicy {
        try compile(rule: #"{"rule":"banned-terms",\#(members)}"#)
    }

    private static let contosoBlank = #""terms":["contoso","blank"]"#

    /// Microsoft's worked examples, with `contoso` and `blank` banned: scores 4, 5 and 1.
    @Test(arguments: [("C0ntos0Blank12", 4, false), ("ContoS0Bl@nkf9!", 5, true), ("Bl@nK", 1, false)])
    func microsoftsWorkedExamples(password: String, score: Int, accepted: Bool) throws {
        let policy = try Self.rule(Self.contosoBlank)
        let outcome = policy.evaluate(Candidate(password: password)).outcomes[0]
        #expect(outcome.actual == ["score": score])
        #expect(outcome.passed == accepted)
        #expect(outcome.code == (accepted ? "banned-terms.ok" : "banned-terms.score"))
        #expect(outcome.required == ["min-score": 5])
    }

    @Test func theReasonNamesTheTermAndTheScoreButNotThePassword() throws {
        let policy = try Self.rule(Self.contosoBlank)
        let message = policy.evaluate(Candidate(password: "C0ntos0Blank12")).outcomes[0].message
        #expect(
            message == "Scores 4 of the 5 points needed: it contains the banned term \"contoso\", add more of your own."
        )
        #expect(!message.lowercased().contains("c0ntos0"))
    }

    /// Microsoft's fuzzy examples: with `abcdef` banned, a substitution, an insertion and a deletion all match.
    @Test(arguments: [("abcdeg", 1), ("abcdefg", 2), ("abcde", 1), ("abcdef", 1), ("abxdxf", 6)])
    func editDistanceOneMatches(password: String, score: Int) throws {
        let policy = try Self.rule(#""terms":["abcdef"]"#)
        #expect(policy.evaluate(Candidate(password: password)).outcomes[0].actual == ["score": score])
    }

    @Test func aFuzzyTermInsideALongerPasswordMatchesItsSpan() throws {
        let policy = try Self.rule(#""terms":["winter"]"#)
        // "w1nt3r" → "wlnt3r" is two edits away; "wintor" one: [wintor] + 2 + 0 + 2 + 4 = 5.
        #expect(policy.evaluate(Candidate(password: "Wintor2024")).outcomes[0].actual == ["score": 5])
        #expect(policy.evaluate(Candidate(password: "w1nt3r2024")).outcomes[0].actual == ["score": 10])
    }

    @Test func overlappingMatchesAreChosenToMinimiseTheScore() throws {
        // "passwordpass": [password] + [pass] = 2, not [pass] + "word" + [pass].
        let policy = try Self.rule(#""terms":["password","pass","word"]"#)
        #expect(policy.evaluate(Candidate(password: "passwordpass")).outcomes[0].actual == ["score": 2])
    }

    /// Microsoft's `p0LL23fb` for a user named Poll "would be rejected" though it scores 5: `name-match` decides.
    @Test(arguments: [("reject", false, "banned-terms.name"), ("score", true, "banned-terms.ok")])
    func aNameMatchRejectsOrScores(mode: String, passes: Bool, code: String) throws {
        let policy = try Self.rule(#""terms":["contoso"],"name-match":"\#(mode)""#)
        let outcome = policy.evaluate(Candidate(password: "p0LL23fb", username: "poll.smith")).outcomes[0]
        #expect(outcome.passed == passes)
        #expect(outcome.code == code)
        #expect(outcome.actual == ["score": 5])
    }

    @Test func theEmailLocalPartAndTheOrganizationAreNames() throws {
        let policy = try Self.rule(#""terms":["blank"],"organization":"Contoso Ltd""#)
        #expect(code(policy, "Contoso2024!x") == "banned-terms.organization")
        #expect(code(policy, "jsmithsays!x", email: "jsmith@example.com") == "banned-terms.name")
        #expect(code(policy, "Unrelated#42", email: "jsmith@example.com") == "banned-terms.ok")
        #expect(!policy.evaluate(Candidate(password: "Contoso2024!x")).outcomes[0].message.contains("Contoso"))
    }

    @Test func aCustomSubstitutionTableReplacesEntras() throws {
        let entra = try Self.rule(#""terms":["pass"],"min-score":3"#)
        let custom = try Self.rule(#""terms":["pass"],"min-score":3,"substitutions":{"4":"a","5":"s"}"#)
        #expect(entra.evaluate(Candidate(password: "p455")).outcomes[0].actual == ["score": 4])
        #expect(custom.evaluate(Candidate(password: "p455")).outcomes[0].actual == ["score": 1])
        #expect(entra.evaluate(Candidate(password: "p@$$")).outcomes[0].actual == ["score": 1])
        #expect(
            custom.evaluate(Candidate(password: "p@$$")).outcomes[0].actual == ["score": 4], "@ and $ no longer map")
    }

    @Test func theCanonicalJSONRoundTripsWithDefaultsExplicit() throws {
        let policy = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"banned-terms","terms":["Contoso","blank"]}]}"#.utf8))
        let json = policy.canonicalJSON()
        #expect(json.contains(#""min-score":5"#) && json.contains(#""name-match":"reject""#))
        #expect(json.contains(#""substitutions":{"$":"s","0":"o","1":"l","@":"a"}"#))
        #expect(json.contains(#""terms":["blank","contoso"]"#))
        #expect(try PasswordPolicy(json: Data(json.utf8)) == policy)
    }

    @Test(arguments: [
        (#""terms":["abc"]"#, "rules[0].terms[0]"),
        (#""terms":["abcdefghijklmnopq"]"#, "rules[0].terms[0]"),
        (#""terms":[]"#, "rules[0]"),
        (#""terms":["blank"],"substitutions":{"ab":"c"}"#, "rules[0].substitutions.ab"),
        (#""terms":["blank"],"name-match":"warn""#, "rules[0].name-match"),
        (#""terms":["blank"],"min-score":0"#, "rules[0].min-score"),
        (#""terms":["blank"],"lists":["builtin:common"]"#, "rules[0].lists[0]"),
    ])
    func mistakesAreNamedByPath(members: String, path: String) {
        guard case .invalid(let actual, _) = parseError(#"{"name":"t","rules":[{"rule":"banned-terms",\#(members)}]}"#)
        else {
            Issue.record("expected an invalid policy")
            return
        }
        #expect(actual == path)
    }

    @Test func termsFromALoadedFileAreBannedAndMustBeLoadedFirst() throws {
        let policy = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"banned-terms","lists":["file:global.txt"]}]}"#.utf8))
        #expect(policy.fileListReferences == ["global.txt"])
        #expect(throws: PolicyError.self) { _ = try CompiledPolicy(policy) }
        let loaded = policy.loadingFileLists { name in
            BlocklistFile(name: name, sha256: String(repeating: "0", count: 64), words: ["blank", "abc", "contoso"])
        }
        let compiled = try CompiledPolicy(loaded)
        #expect(compiled.evaluate(Candidate(password: "C0ntos0Blank12")).outcomes[0].actual == ["score": 4])
    }

    @Test func resolvingFileListsInlinesATermListAsALoadedFileWouldCountIt() throws {
        let policy = try PasswordPolicy(
            json: Data(
                #"{"name":"t","rules":[{"rule":"banned-terms","terms":["contoso"],"lists":["file:g.txt"]}]}"#.utf8))
        let resolved = policy.resolvingFileLists { _ in ["Blank", "abc", "seventeen-letters"] }
        guard case .bannedTerms(let banned) = resolved.rules[0].kind else {
            Issue.record("not a banned-terms rule")
            return
        }
        #expect(banned.lists.isEmpty)
        #expect(banned.terms == ["blank", "contoso"], "entries outside 4-16 characters are left out, as when loaded")
        let compiled = try CompiledPolicy(resolved)
        #expect(compiled.evaluate(Candidate(password: "C0ntos0Blank12")).outcomes[0].actual == ["score": 4])
        #expect(try PasswordPolicy(json: Data(resolved.canonicalJSON().utf8)) == resolved)
    }

    @Test(arguments: [
        (
            #"{"T":"x"}"#, "rules[0].substitutions.T",
            "can never match: passwords are normalized and lower-cased before substitution; write \"t\""
        ),
        (
            #"{"ﬁ":"x"}"#, "rules[0].substitutions.ﬁ",
            "can never match: passwords are normalized and lower-cased before substitution"
        ),
    ])
    func aSubstitutionKeyNoPasswordCanHoldIsRefused(table: String, path: String, reason: String) {
        let json = #"{"name":"t","rules":[{"rule":"banned-terms","terms":["xxxx"],"substitutions":"# + table + "}]}"
        #expect(throws: PolicyError.invalid(path: path, reason: reason)) {
            _ = try PasswordPolicy(json: Data(json.utf8))
        }
    }

    @Test func listsThatGiveNothingToMatchAreRefusedNotSilentlyEmpty() throws {
        func loaded(_ rule: String, _ words: [String]) throws -> PasswordPolicy {
            try PasswordPolicy(json: Data(#"{"name":"t","rules":[\#(rule)]}"#.utf8)).loadingFileLists { name in
                BlocklistFile(name: name, sha256: String(repeating: "0", count: 64), words: words)
            }
        }
        let shortTerms = try loaded(#"{"rule":"banned-terms","lists":["file:t.txt"]}"#, ["ab", "abc"])
        #expect(
            throws: PolicyError.invalid(
                path: "rules[0]",
                reason: "has no term of 4 to 16 characters (its lists gave none), so it only counts characters")
        ) {
            _ = try CompiledPolicy(shortTerms)
        }
        let withOrganization = try loaded(
            #"{"rule":"banned-terms","lists":["file:t.txt"],"organization":"contoso"}"#, ["ab"])
        _ = try CompiledPolicy(withOrganization)  // the organization is still matched
        let emptyList = try loaded(#"{"rule":"blocklist","lists":["file:empty.txt"]}"#, [])
        #expect(
            throws: PolicyError.invalid(
                path: "rules[0]", reason: "has no entries: every list it names is empty, so it refuses nothing")
        ) {
            _ = try CompiledPolicy(emptyList)
        }
        _ = try CompiledPolicy(try loaded(#"{"rule":"blocklist","lists":["builtin:common","file:e.txt"]}"#, []))
    }

    @Test func aListNameWithANULIsRefused() {
        for rule in [#""rule":"blocklist""#, #""rule":"banned-terms""#] {
            let json = #"{"name":"t","rules":[{"# + rule + #","lists":["file:a.txt\u0000junk"]}]}"#
            #expect(
                throws: PolicyError.invalid(
                    path: "rules[0].lists[0]", reason: "holds a NUL character, which no path can")
            ) {
                _ = try PasswordPolicy(json: Data(json.utf8))
            }
        }
        let corpus = #"{"name":"t","rules":[{"rule":"blocklist","lists":["hibp:c.txt\u0000junk"]}]}"#
        #expect(throws: PolicyError.self) { _ = try PasswordPolicy(json: Data(corpus.utf8)) }
    }

    @Test func entriesTheMatcherLeavesOutDoNotCountAgainstTheMaximum() throws {
        let policy = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"banned-terms","lists":["file:big.txt"]}]}"#.utf8))
        // The maximum of usable terms, plus 50 too short to be terms and 50 that fold onto usable ones.
        let usable = (0..<BannedTerms.maximumTerms).map { "term\($0)" }
        let words = usable + (0..<50).map { "a\($0 % 10)" } + (0..<50).map { "TERM\($0)" }
        let loaded = policy.loadingFileLists { name in
            BlocklistFile(name: name, sha256: String(repeating: "0", count: 64), words: words)
        }
        _ = try CompiledPolicy(loaded)
    }

    @Test func aRuleOfMoreThanTheMaximumTermsIsRefusedNamingItsSize() throws {
        let policy = try PasswordPolicy(
            json: Data(
                #"{"name":"t","rules":[{"rule":"length","min":8},{"rule":"banned-terms","terms":["blank"],"lists":["file:big.txt"]}]}"#
                    .utf8))
        func loaded(_ count: Int) -> PasswordPolicy {
            policy.loadingFileLists { name in
                BlocklistFile(
                    name: name, sha256: String(repeating: "0", count: 64), words: (0..<count).map { "term\($0)" })
            }
        }
        _ = try CompiledPolicy(loaded(BannedTerms.maximumTerms - 1))  // with the inline term: exactly the maximum
        let error = #expect(throws: PolicyError.self) { _ = try CompiledPolicy(loaded(BannedTerms.maximumTerms)) }
        guard case .invalid(let path, let reason) = error else {
            Issue.record("expected .invalid, got \(String(describing: error))")
            return
        }
        #expect(path == "rules[1]")
        #expect(reason.hasPrefix("holds 100001 terms, more than the 100000 a banned-terms rule may"))
    }

    @Test func theFastMaskAgreesWithTheOutcome() throws {
        let policy = try Self.rule(Self.contosoBlank)
        for password in ["C0ntos0Blank12", "ContoS0Bl@nkf9!", "Bl@nK", "correct horse"] {
            let failed = !policy.evaluate(Candidate(password: password)).outcomes[0].passed
            #expect(policy.failureMask(Candidate(password: password)).rawValue == (failed ? 1 : 0), "\(password)")
        }
    }
}
