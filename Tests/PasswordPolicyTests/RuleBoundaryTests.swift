import Testing

@testable import PasswordPolicy

@Suite("Rule boundaries")
struct RuleBoundaryTests {
    @Test(
        "length counts scalars against min and max",
        arguments: [
            ("abcdefghijk", "length.too-short"), ("abcdefghijkl", "length.ok"),
            (String(repeating: "x", count: 16), "length.ok"), (String(repeating: "x", count: 17), "length.too-long"),
            ("", "length.too-short"), ("            ", "length.ok"),
        ])
    func length(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"length","min":12,"max":16}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "require counts a class against min",
        arguments: [
            (#""upper""#, 2, "aB", "require.missing-upper"), (#""upper""#, 2, "aBC", "require.ok"),
            (#""lower""#, 1, "ABC", "require.missing-lower"), (#""lower""#, 1, "ABc", "require.ok"),
            (#""digit""#, 1, "abc", "require.missing-digit"), (#""digit""#, 1, "ab1", "require.ok"),
            (#""special""#, 1, "ab1", "require.missing-special"), (#""special""#, 1, "ab!", "require.ok"),
            (#""letter""#, 1, "123", "require.missing-letter"), (#""letter""#, 1, "密1", "require.ok"),
            (#""space""#, 1, "a_b", "require.missing-space"), (#""space""#, 1, "a b", "require.ok"),
            (#"{"chars":"!@#$"}"#, 2, "a!b%", "require.missing-chars"), (#"{"chars":"!@#$"}"#, 2, "a!b$", "require.ok"),
        ])
    func require(cls: String, min: Int, password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"require","class":\#(cls),"min":\#(min)}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "classes needs N of M classes present",
        arguments: [
            ("abc", "classes.too-few"), ("abC", "classes.too-few"), ("abC1", "classes.ok"), ("aB1!", "classes.ok"),
        ])
    func classes(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"classes","min":3,"of":["upper","lower","digit","special"]}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "max-repeat limits identical consecutive scalars",
        arguments: [
            ("aab", "max-repeat.ok"), ("aaab", "max-repeat.exceeded"), ("aAa", "max-repeat.ok"), ("", "max-repeat.ok"),
        ])
    func maxRepeat(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"max-repeat","max":2}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "max-sequence limits alphabetic, numeric and keyboard runs in both directions",
        arguments: [
            ("xabcx", "max-sequence.ok"), ("xabcdx", "max-sequence.exceeded"), ("DCBA", "max-sequence.exceeded"),
            ("aBcD", "max-sequence.exceeded"), ("1234", "max-sequence.exceeded"), ("9876", "max-sequence.exceeded"),
            ("qwer", "max-sequence.exceeded"), ("lkjh", "max-sequence.exceeded"), ("7890", "max-sequence.exceeded"),
            ("abc123", "max-sequence.ok"), ("acegik", "max-sequence.ok"), ("yzab", "max-sequence.ok"),
            ("qweasd", "max-sequence.ok"), ("ab-cd", "max-sequence.ok"),
        ])
    func maxSequence(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"max-sequence","max":3}"#)
        #expect(code(policy, password) == expected)
    }

    /// `0123` and `3210` are digit runs the keyboard row does not hide (`0` ends the row `1234567890`, so its keyboard
    /// runs are `123` and `321`): only the digit counter, one per direction, refuses them. Both scan paths: all-ASCII,
    /// and a non-ASCII password.
    @Test(
        "max-sequence refuses ascending and descending digit runs that are not keyboard runs",
        arguments: [
            ("x0123x", "max-sequence.exceeded"), ("x3210x", "max-sequence.exceeded"),
            ("é0123é", "max-sequence.exceeded"), ("é3210é", "max-sequence.exceeded"),
            ("x012x", "max-sequence.ok"), ("x210x", "max-sequence.ok"), ("é012é", "max-sequence.ok"),
            ("é210é", "max-sequence.ok"),
        ])
    func maxSequenceDigitRuns(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"max-sequence","max":3}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "allowed rejects scalars outside the listed classes and chars",
        arguments: [
            ("abc 1!", "allowed.ok"), ("ab\tc", "allowed.disallowed-character"),
            ("ab\nc", "allowed.disallowed-character"),
            ("a\u{200B}b", "allowed.disallowed-character"), ("密码", "allowed.ok"), ("👨‍👩‍👧", "allowed.ok"),
            ("a\u{E000}", "allowed.disallowed-character"),
        ])
    func allowed(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"allowed","classes":["letter","digit","special","space"]}"#)
        #expect(code(policy, password) == expected)
    }

    @Test("allowed chars extend a narrow class list")
    func allowedChars() throws {
        let policy = try compile(rule: #"{"rule":"allowed","classes":["letter"],"chars":"_"}"#)
        #expect(code(policy, "ab_c") == "allowed.ok")
        #expect(code(policy, "ab-c") == "allowed.disallowed-character")
        #expect(policy.evaluate(Candidate(password: "a-b-c")).outcomes[0].actual == ["disallowed": 2])
    }

    @Test(
        "blocklist matches the whole folded password",
        arguments: [
            ("password", "blocklist.common"), ("PassWord", "blocklist.common"), ("password1x", "blocklist.ok"),
            ("acme", "blocklist.listed"), ("ACME", "blocklist.listed"), ("ａｃｍｅ", "blocklist.listed"),
            ("acme!", "blocklist.ok"),
        ])
    func blocklist(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"blocklist","lists":["builtin:common"],"words":["Acme"]}"#)
        #expect(code(policy, password) == expected)
    }

    @Test(
        "context finds username, email local part and their tokens, reversed too",
        arguments: [
            ("xxjohn.smithxx", "context.contains-username"), ("SMITHy", "context.contains-username"),
            ("htimsy", "context.contains-username"), ("joh-smi", "context.ok"), ("mary77", "context.contains-email"),
            ("yram", "context.contains-email"), ("example", "context.ok"), ("jo", "context.ok"),
        ])
    func context(password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"context","fields":["username","email"],"min-token":4}"#)
        #expect(
            code(policy, password, username: "john.smith", email: "mary.jo@example.com") == expected)
    }

    @Test("context ignores values shorter than min-token and missing fields")
    func contextShort() throws {
        let policy = try compile(rule: #"{"rule":"context","min-token":4}"#)
        #expect(code(policy, "bob12345", username: "bob") == "context.ok")
        #expect(code(policy, "bob12345") == "context.ok")
        #expect(code(policy, "ΣΟΦΙΑ2024", username: "σοφια") == "context.contains-username")
    }

    @Test(
        "pattern must and must-not match, with $ meaning the very end",
        arguments: [
            ("match", "abc", "pattern.ok"), ("match", "abc\n", "pattern.not-matched"),
            ("match", "ab1", "pattern.not-matched"), ("not-match", "abc", "pattern.matched"),
            ("not-match", "abc\r\n", "pattern.ok"), ("not-match", "a\nbc", "pattern.ok"),
        ])
    func pattern(must: String, password: String, expected: String) throws {
        let policy = try compile(rule: #"{"rule":"pattern","regex":"^[a-z]+$","must":"\#(must)"}"#)
        #expect(code(policy, password) == expected)
    }
}

@Suite("Builtin common list")
struct BuiltinCommonPasswordsTests {
    @Test("holds the 500 top entries in rank order")
    func entries() {
        #expect(BuiltinCommonPasswords.entries.count == 500)
        #expect(BuiltinCommonPasswords.entries.prefix(3) == ["123456", "password", "12345678"])
        #expect(Set(BuiltinCommonPasswords.entries).count == 500)
    }
}

@Suite("Long passwords")
struct LongPasswordTests {
    @Test("class counts stay exact past 255 characters of one class", arguments: [255, 256, 600, 1000])
    func longCounts(count: Int) throws {
        let policy = try compile(rule: #"{"rule":"require","class":"upper","min":\#(count)}"#)
        let exact = policy.evaluate(Candidate(password: String(repeating: "A", count: count) + "b1!"))
        #expect(exact.outcomes[0].actual == ["count": count])
        #expect(exact.unlocksReset)
        let short = policy.evaluate(Candidate(password: String(repeating: "A", count: count - 1)))
        #expect(short.failingCodes == ["require.missing-upper"])
    }
}

@Suite("Huge inputs")
struct HugeInputTests {
    @Test("a quarter-megabyte password evaluates without crashing, ASCII and not")
    func megabyte() throws {
        let policy = try compile(EvaluationTests.bigPolicy)
        for unit in ["aB3$", "密B3$"] {
            let password = String(repeating: unit, count: 60_000)
            let candidate = Candidate(password: password, username: "someone", email: "x@y.z")
            let evaluation = policy.evaluate(candidate)
            #expect(evaluation.failingCodes.contains("length.too-long"))
            #expect(policy.failureMask(candidate) == evaluation.failureMask)
        }
    }
}
