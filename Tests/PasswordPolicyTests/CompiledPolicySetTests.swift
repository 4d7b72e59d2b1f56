import Testing

@testable import PasswordPolicy

/// Policies evaluated together share one preparation of the password and the context searches; each mask must still
/// be exactly the policy's own.
@Suite("Compiled policy sets")
struct CompiledPolicySetTests {
    /// Different normalizations, sequence tracking in some members only, context rules with different token sizes
    /// and fields, a pattern and an `allowed` rule.
    static let policies: [CompiledPolicy] = [
        try! compile(seedPolicyJSON),
        try! compile(
            #"{"name":"a","rules":[{"rule":"length","min":12},{"rule":"max-sequence","max":3},"#
                + #"{"rule":"context","fields":["username"],"min-token":4},{"rule":"blocklist","lists":["builtin:common"]}]}"#
        ),
        try! compile(
            #"{"name":"b","normalization":"none","rules":[{"rule":"context","fields":["email"],"min-token":3},"#
                + #"{"rule":"allowed","classes":["letter","digit"]},{"rule":"pattern","regex":"^[a-z]","must":"not-match"}]}"#
        ),
        try! compile(
            #"{"name":"c","rules":[{"rule":"context","fields":["username","email"],"min-token":4},"#
                + #"{"rule":"max-repeat","max":2},{"rule":"classes","min":3,"of":["upper","lower","digit","special"]}]}"#
        ),
    ]

    static let candidates: [Candidate] = [
        Candidate(password: "Password1!", username: "jsmith", email: "j.smith@example.com"),
        Candidate(password: "xjsmith2024abcd", username: "jsmith", email: "jsmith@corp.example"),
        Candidate(password: "Ｐａｓｓ１２３４５６７８", username: "ｐａｓｓ", email: nil),
        Candidate(password: "abcdefgh", username: nil, email: "abc@x"),
        Candidate(password: "Grüße-Müller-99", username: "müller", email: "mueller@example.de"),
        Candidate(password: "aaa111BBB!!!", username: "aaa", email: "bbb@ccc"),
        Candidate(password: "e\u{301}tude2020", username: "étude", email: nil),
        Candidate(password: "🙂🙂🙂 smile", username: "smile", email: "smile@x.org"),
    ]

    @Test("each mask equals the policy's own failureMask, from strings and from bytes", arguments: candidates)
    func masksMatch(candidate: Candidate) {
        let set = CompiledPolicySet(Self.policies)
        let expected = Self.policies.map { $0.failureMask(candidate) }
        #expect(set.failureMasks(candidate) == expected)
        var (password, username, email) = (candidate.password, candidate.username ?? "", candidate.email ?? "")
        var masks = [UInt64](repeating: 0, count: Self.policies.count)
        password.withUTF8 { password in
            username.withUTF8 { username in
                email.withUTF8 { email in
                    masks.withUnsafeMutableBufferPointer {
                        set.failureMasks(
                            password: password, username: candidate.username == nil ? nil : username,
                            email: candidate.email == nil ? nil : email, into: $0)
                    }
                }
            }
        }
        #expect(masks == expected.map(\.rawValue))
    }

    /// `check` and the checklist explain each rule through `evaluate`; its verdicts must be the set's, which the
    /// import and rescore store.
    @Test("evaluate fails exactly the rules of the set's mask", arguments: candidates)
    func evaluationMatchesSet(candidate: Candidate) {
        let evaluations = Self.policies.map { $0.evaluate(candidate) }
        let masks = CompiledPolicySet(Self.policies).failureMasks(candidate)
        #expect(evaluations.map(\.failureMask) == masks)
        #expect(evaluations.map(\.unlocksReset) == masks.map(\.isEmpty))
    }

    @Test("the masks fail somewhere: the candidates exercise the rules")
    func candidatesExerciseRules() {
        let set = CompiledPolicySet(Self.policies)
        let masks = Self.candidates.map { set.failureMasks($0) }
        for index in Self.policies.indices {
            #expect(masks.contains { !$0[index].isEmpty })
            #expect(masks.contains { $0[index] != masks[0][index] })
        }
    }
}
