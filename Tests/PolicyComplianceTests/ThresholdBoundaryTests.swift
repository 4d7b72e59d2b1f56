import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// Every numeric threshold of every standard outside the length clauses (which `EngineAgreementTests` checks against
/// the engine's verdicts): at the threshold the clause passes, one past it it does not, in every evaluation mode. The
/// thresholds are read from the catalog, so a new clause is covered when it is added.
@Suite("Numeric thresholds, at and one past, in all three modes")
struct ThresholdBoundaryTests {
    /// A policy in `mode` of `members` (top-level members without braces) and `rules`, at ASVS level 3 so that every
    /// ASVS item applies.
    static func policy(_ mode: EvaluationMode, _ members: String, _ rules: [String]) throws -> PasswordPolicy {
        let json =
            #"{"name": "t", "evaluation": "\#(mode.rawValue)", "compliance": {"asvs-level": 3}, "#
            + (members.isEmpty ? "" : members + ", ") + #""rules": ["# + rules.joined(separator: ", ") + "]}"
        return try PasswordPolicy(json: Data(json.utf8))
    }

    static let length = #"{"rule": "length", "min": 16}"#

    /// A blocklist of `count` entries the length rule accepts and `short` entries it refuses.
    static func blocklist(_ count: Int, short: Int = 0) -> String {
        let long = (0..<count).map { #""boundarywords\#(String(format: "%05d", $0))""# }
        let refused = (0..<short).map { #""bw\#($0)""# }
        return #"{"rule": "blocklist", "words": ["# + (long + refused).joined(separator: ", ") + "]}"
    }

    static func verdict(_ clause: ComplianceClause, _ policy: PasswordPolicy) -> ComplianceVerdict {
        clause.outcome(PolicyFacts(policy)).verdict
    }

    @Test("each threshold flips where its clause says", arguments: EvaluationMode.allCases)
    func thresholds(_ mode: EvaluationMode) throws {
        var checked = 0
        let sole = #""usage": "single-factor""#
        for clause in ComplianceCatalog.standards.flatMap(\.clauses) {
            // (policy at the threshold, its verdict) and (one past it, its verdict).
            let pairs: [(PasswordPolicy, ComplianceVerdict)]
            switch clause.check {
            case .historyAtLeast(let depth):
                pairs = [
                    (try Self.policy(mode, #""history": \#(depth)"#, [Self.length]), .pass),
                    (try Self.policy(mode, #""history": \#(depth - 1)"#, [Self.length]), .fail),
                ]
            case .lockoutAtMost(let attempts):
                pairs = [
                    (try Self.policy(mode, #""lockout-threshold": \#(attempts)"#, [Self.length]), .pass),
                    (try Self.policy(mode, #""lockout-threshold": \#(attempts + 1)"#, [Self.length]), .fail),
                ]
            case .expiryBackstop(let days):
                pairs = [
                    (try Self.policy(mode, #""max-age-days": \#(days)"#, [Self.length]), .pass),
                    (try Self.policy(mode, #""max-age-days": \#(days + 1)"#, [Self.length]), .fail),
                ]
            case .maxAgeWhenSoleFactor(let days):
                // One past the days, the text's other branch (a dynamic analysis) is left to evidence.
                pairs = [
                    (try Self.policy(mode, sole + #", "max-age-days": \#(days)"#, [Self.length]), .pass),
                    (try Self.policy(mode, sole + #", "max-age-days": \#(days + 1)"#, [Self.length]), .needsEvidence),
                ]
            case .blocklistSize(let minimum):
                pairs = [
                    (try Self.policy(mode, "", [Self.length, Self.blocklist(minimum)]), .pass),
                    (try Self.policy(mode, "", [Self.length, Self.blocklist(minimum - 1)]), .fail),
                ]
            case .blocklistMatchingPolicy(let minimum):
                // Entries the length rule refuses do not count, however many there are.
                pairs = [
                    (try Self.policy(mode, "", [Self.length, Self.blocklist(minimum, short: 5)]), .pass),
                    (try Self.policy(mode, "", [Self.length, Self.blocklist(minimum - 1, short: minimum)]), .fail),
                ]
            case .bruteForceOneOf(let lockout, let attempts, let minutes):
                let throttle = { (a: Int, m: Int) in
                    sole
                        + #", "lockout-threshold": 1000, "compliance": {"throttling": {"attempts": \#(a), "minutes": \#(m)}}"#
                }
                pairs = [
                    (try Self.policy(mode, sole + #", "lockout-threshold": \#(lockout)"#, [Self.length]), .pass),
                    (try Self.policy(mode, sole + #", "lockout-threshold": \#(lockout + 1)"#, [Self.length]), .fail),
                    (try PasswordPolicy(json: Data(Self.json(mode, throttle(attempts, minutes)).utf8)), .pass),
                    (try PasswordPolicy(json: Data(Self.json(mode, throttle(attempts + 1, minutes)).utf8)), .fail),
                    (try PasswordPolicy(json: Data(Self.json(mode, throttle(attempts, minutes - 1)).utf8)), .fail),
                ]
            default:
                continue
            }
            for (policy, expected) in pairs {
                #expect(
                    Self.verdict(clause, policy) == expected,
                    "\(clause.id) in \(mode.rawValue): \(policy.canonicalJSON().prefix(300))")
            }
            checked += 1
        }
        #expect(checked >= 15)
    }

    /// A policy without the ASVS level (the throttling test declares its own `compliance` object).
    static func json(_ mode: EvaluationMode, _ members: String) -> String {
        #"{"name": "t", "evaluation": "\#(mode.rawValue)", \#(members), "rules": [\#(length)]}"#
    }
}
