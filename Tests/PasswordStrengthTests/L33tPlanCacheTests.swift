import Testing

@testable import PasswordStrength

/// The process's l33t plans, kept by the mix of l33t characters present: a plan is its substitution sets (zxcvbn's
/// enumeration), and a common mix's plan outlives the rare ones that fill the cache (two generations), so an import
/// meeting tens of thousands of mixes does not rebuild the common ones.
@Suite struct L33tPlanCacheTests {
    /// The table's typed characters, one password a subset of them.
    static let typed = Array(Set(L33tTable.pairs.map(\.typed))).sorted { $0.value < $1.value }

    @Test func aPlanIsItsMixsSubstitutionSets() {
        for password in ["p4ssw0rd", "|1!7", "c0(k[{<", "x%z2s$5+"] {
            let scalars = Array(password.unicodeScalars)
            let plan = L33tPlan.plan(for: scalars)
            let expected = L33tTable.substitutions(relevantTo: scalars)
            #expect(plan?.substitutions.map { $0.map(\.typed) } == expected.map { $0.map(\.typed) })
            #expect(plan?.substitutions.map { $0.map(\.letter) } == expected.map { $0.map(\.letter) })
        }
        #expect(L33tPlan.plan(for: Array("password".unicodeScalars)) == nil)
    }

    @Test func aCommonMixsPlanOutlivesAGenerationOfRareOnes() throws {
        #expect(Self.typed.count == 20)
        let common = Array("passw0rd1".unicodeScalars)
        let plan = try #require(L33tPlan.plan(for: common))
        let start = L33tPlan.cacheGenerations
        // Rare mixes, each a subset of the typed characters, until the cache starts a new generation.
        var mix = 1
        while L33tPlan.cacheGenerations == start && mix < 1 << 20 {
            let password = Self.typed.indices.filter { mix >> $0 & 1 == 1 }.map { Self.typed[$0] }
            _ = L33tPlan.plan(for: password)
            mix += 1
        }
        #expect(L33tPlan.cacheGenerations > start, "the rare mixes filled a generation")
        #expect(L33tPlan.plan(for: common) === plan, "kept from the previous generation, not rebuilt")
    }
}
