import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyDemo

@Suite("DemoPolicies: the embedded corp@1…3 stay in sync with examples/")
struct DemoPoliciesTests {
    static let repository = SourceTree.root

    @Test("each embedded version equals its example file rule for rule; only the name differs", arguments: [0, 1, 2])
    func matchesExample(index: Int) throws {
        let embedded = DemoPolicies.versions[index]
        let policy = try PasswordPolicy(json: Data(embedded.json.utf8))
        let file = Self.repository.appendingPathComponent(embedded.example)
        var example = try PasswordPolicy(json: Data(contentsOf: file))
        #expect(policy.name == DemoPolicies.name)
        #expect(policy.rules.map { $0.canonicalJSON() } == example.rules.map { $0.canonicalJSON() })
        example.name = policy.name
        #expect(policy.canonicalJSON() == example.canonicalJSON())
    }

    @Test("the versions are the seed, NIST and strict examples, in force one after another")
    func order() {
        #expect(
            DemoPolicies.versions.map(\.example) == [
                "examples/seed.json", "examples/nist.json", "examples/strict.json",
            ])
        let dates = DemoPolicies.versions.map(\.effectiveFrom)
        #expect(dates == dates.sorted() && Set(dates).count == 3)
        #expect(dates.allSatisfy { if case .startOfDay = EffectiveDate.day($0) { true } else { false } })
    }
}
