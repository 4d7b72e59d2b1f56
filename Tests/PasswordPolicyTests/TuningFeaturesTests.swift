import Foundation
import PasswordPolicy
import Testing

/// The tuning features a policy reads of a candidate (`CompiledPolicy.tuningFeatures`): the length its length rule
/// compares with its minimum, the classes present as its mode counts them; and the batch path
/// (`CompiledPolicySet.failureMasks(…features:)`) gives the same as the single one.
@Suite struct TuningFeaturesTests {
    private static func policy(_ json: String) throws -> CompiledPolicy {
        try CompiledPolicy(PasswordPolicy(json: Data(json.utf8)))
    }

    private static func bits(_ classes: [CharacterClass]) -> UInt8 {
        classes.reduce(0) { $0 | TuningFeatures.bit(of: $1) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let policy: String
        let password: String
        let length: Int
        let classes: [CharacterClass]
        var testDescription: String { "\(policy) / \(password.unicodeScalars.map { String($0.value, radix: 16) })" }
    }

    static let plain = #"{"name": "p", "rules": [{"rule": "length", "min": 8, "max": 20}]}"#
    static let apple = #"{"name": "p", "evaluation": "apple", "rules": [{"rule": "length", "min": 8}]}"#
    static let none = #"{"name": "p", "normalization": "none", "rules": [{"rule": "length", "min": 8}]}"#
    static let pwquality =
        #"{"name": "p", "evaluation": "pwquality", "rules": [{"rule": "length", "min": 9, "credits": {"digit": 1, "upper": 2}}]}"#
    static let credited = #"{"name": "p", "rules": [{"rule": "length", "min": 9, "credits": {"special": 3}}]}"#
    static let noLength = #"{"name": "p", "evaluation": "pwquality", "rules": [{"rule": "require", "class": "digit"}]}"#

    static let cases: [Case] = [
        Case(policy: plain, password: "Abc1!", length: 5, classes: [.upper, .lower, .digit, .special, .letter]),
        Case(policy: plain, password: "a b", length: 3, classes: [.lower, .letter, .space]),
        // Over the maximum: no minimum passes it.
        Case(policy: plain, password: String(repeating: "a", count: 21), length: 0, classes: [.lower, .letter]),
        // NFKC: the ligature is two letters, the full-width A an ASCII upper; é composed is one scalar.
        Case(policy: plain, password: "ﬁＡe\u{301}", length: 4, classes: [.upper, .lower, .letter]),
        Case(policy: none, password: "ﬁＡe\u{301}", length: 4, classes: [.upper, .lower, .letter]),
        Case(policy: none, password: "e\u{301}", length: 2, classes: [.lower, .letter]),
        Case(policy: plain, password: "٣😀", length: 2, classes: [.digit, .special]),
        // Apple: ASCII classes only, the space special.
        Case(policy: apple, password: "٣é a", length: 4, classes: [.lower, .letter, .special, .space]),
        // pwquality: bytes, non-ASCII bytes "other" (special); credits: up to 1 digit and 2 uppers.
        Case(policy: pwquality, password: "éA1", length: 4 + 1 + 1, classes: [.upper, .digit, .special, .letter]),
        Case(policy: pwquality, password: "ABC12", length: 5 + 2 + 1, classes: [.upper, .digit, .letter]),
        Case(policy: credited, password: "a!!!!", length: 5 + 3, classes: [.lower, .special, .letter]),
        Case(policy: noLength, password: "é1", length: 3, classes: [.digit, .special]),
    ]

    @Test(arguments: cases)
    func featuresAreThePolicysReading(_ test: Case) throws {
        let policy = try Self.policy(test.policy)
        let features = policy.tuningFeatures(Candidate(password: test.password))
        #expect(features == TuningFeatures(length: test.length, classes: Self.bits(test.classes)))

        var masks: [UInt64] = [0, 0]
        var batch = [TuningFeatures](repeating: TuningFeatures(length: -1, classes: 0), count: 2)
        let set = CompiledPolicySet([policy, try Self.policy(Self.apple)])
        Array(test.password.utf8).withUnsafeBufferPointer { password in
            masks.withUnsafeMutableBufferPointer { masks in
                batch.withUnsafeMutableBufferPointer {
                    set.failureMasks(password: password, username: nil, email: nil, into: masks, features: $0)
                }
            }
        }
        #expect(batch[0] == features)
        #expect(batch[1] == set.policies[1].tuningFeatures(Candidate(password: test.password)))
    }
}
