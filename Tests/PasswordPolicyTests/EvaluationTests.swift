import Testing

@testable import PasswordPolicy

@Suite("Evaluation")
struct EvaluationTests {
    static let inputs: [(String, String?, String?)] = [
        ("", nil, nil), (" ", nil, nil), ("   \t  ", nil, nil), ("Password1!", "bob", nil), ("password", nil, nil),
        ("Tr0ub4dor&3xyz", "troub", "t@x.io"), ("correct horse battery staple", "horse", nil),
        ("ＡＢＣ１２３！ａｂｃ", nil, nil), ("Äpfel-Birne-42", "äpfel", nil), ("密码Mima2024!!", nil, "mima@x.cn"),
        ("Line\nBreak1!Aaaa", nil, nil), ("Carriage\rRet1!", nil, nil), ("aaaaaaaaaaaaaaaaaaaaA1!", nil, nil),
        ("abcdEFGH1234!", "john", "john@x.io"), ("nhoj-Secret-99", "john", nil), ("👨‍👩‍👧Family1!", nil, nil),
        ("qwertyuiop1!A", nil, nil), (String(repeating: "Ab1!", count: 20), nil, nil),
        ("e\u{301}tude!A1xyzw", nil, nil),
    ]
    static let bigPolicy = #"""
        {"name":"big","rules":[{"rule":"length","min":12,"max":64},{"rule":"require","class":"upper"},
         {"rule":"require","class":"lower"},{"rule":"require","class":"digit"},{"rule":"require","class":"special"},
         {"rule":"require","class":{"chars":"!#"},"min":2},{"rule":"classes","min":3,"of":["upper","lower","digit","special"]},
         {"rule":"max-repeat","max":2},{"rule":"max-sequence","max":3},
         {"rule":"allowed","classes":["letter","digit","special","space"]},
         {"rule":"blocklist","lists":["builtin:common"],"words":["acme"]},{"rule":"context","min-token":4},
         {"rule":"pattern","regex":"^[^\\s]+$","must":"match"}]}
        """#

    @Test("failureMask agrees with evaluate", arguments: inputs)
    func maskAgrees(password: String, username: String?, email: String?) throws {
        let policy = try compile(Self.bigPolicy)
        let candidate = Candidate(password: password, username: username, email: email)
        let evaluation = policy.evaluate(candidate)
        #expect(policy.failureMask(candidate) == evaluation.failureMask)
        #expect(evaluation.outcomes.count == policy.rules.count)
        #expect(evaluation.unlocksReset == policy.failureMask(candidate).isEmpty)
        #expect(evaluation.failingCodes == evaluation.outcomes.filter { !$0.passed }.map(\.code))
        for outcome in evaluation.outcomes where password.count >= 3 {
            #expect(!outcome.message.contains(password))
        }
    }

    @Test(
        "the seed's four checks unlock the reset only when all pass",
        arguments: [
            ("Abcdefg1!", true, [String]()), ("abcdefg1!", false, ["require.missing-upper"]),
            ("Abcdefgh!", false, ["require.missing-digit"]), ("Abcdefg12", false, ["require.missing-special"]),
            ("Abcde1!", false, ["length.too-short"]),
            (
                "", false,
                ["length.too-short", "require.missing-upper", "require.missing-digit", "require.missing-special"]
            ),
        ])
    func seed(password: String, unlocks: Bool, codes: [String]) throws {
        let evaluation = try compile(seedPolicyJSON).evaluate(Candidate(password: password))
        #expect(evaluation.unlocksReset == unlocks)
        #expect(evaluation.failingCodes == codes)
    }

    @Test("outcomes carry required and actual values and an English message")
    func outcomeDetails() throws {
        let outcome = try compile(rule: #"{"rule":"length","min":12,"max":64}"#).evaluate(Candidate(password: "short"))
            .outcomes[0]
        #expect(outcome.code == "length.too-short")
        #expect(outcome.required == ["min": 12, "max": 64])
        #expect(outcome.actual == ["length": 5])
        #expect(outcome.message == "Use at least 12 characters (has 5).")
        #expect(outcome.ruleID == "length")
        #expect(!outcome.passed)
    }

    @Test("RuleMask iterates, counts and tests indices")
    func ruleMask() {
        var mask = RuleMask()
        #expect(mask.isEmpty)
        mask.insert(0)
        mask.insert(5)
        mask.insert(63)
        #expect(Array(mask) == [0, 5, 63])
        #expect(mask.count == 3)
        #expect(mask.contains(5) && !mask.contains(4) && !mask.contains(64))
    }

    @Test("a compiled policy can be shared across threads")
    func concurrent() async throws {
        let policy = try compile(Self.bigPolicy)
        let expected = Self.inputs.map { policy.failureMask(Candidate(password: $0.0, username: $0.1, email: $0.2)) }
        await withTaskGroup(of: [RuleMask].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    Self.inputs.map { policy.failureMask(Candidate(password: $0.0, username: $0.1, email: $0.2)) }
                }
            }
            for await masks in group { #expect(masks == expected) }
        }
    }
}
