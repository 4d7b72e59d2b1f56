import Testing

@testable import PasswordPolicy

/// Issue 23, item 5: `builtin:top-10k` refuses the 10,000 most common passwords of zxcvbn's list; `builtin:common`
/// keeps its 500.
@Suite("builtin:top-10k")
struct BuiltinTopPasswordsTests {
    private func policy(_ list: String) throws -> CompiledPolicy {
        try compile(#"{"name":"t","rules":[{"rule":"blocklist","lists":["\#(list)"]}]}"#)
    }

    @Test("10,000 distinct entries, the first 500 of them builtin:common's, in the same order")
    func entries() {
        let top = BuiltinBlocklist.top10k.entries
        #expect(top.count == 10_000)
        #expect(Set(top).count == 10_000)
        #expect(Array(top.prefix(500)) == BuiltinBlocklist.common.entries)
        #expect(top.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") && !$0.isEmpty })
    }

    @Test("ranks 1, 501 and 10,000 are refused as common; rank 10,001 passes; builtin:common still passes rank 501")
    func refusals() throws {
        let top = try policy("builtin:top-10k")
        let common = try policy("builtin:common")
        let entries = BuiltinBlocklist.top10k.entries
        let beyond = "\(entries[9_999])zq!"  // not a listed password
        for word in [entries[0], entries[500], entries[9_999], entries[9_999].uppercased()] {
            let evaluation = top.evaluate(Candidate(password: word))
            #expect(evaluation.failingCodes == ["blocklist.common"], "\(word)")
        }
        #expect(top.evaluate(Candidate(password: beyond)).unlocksReset)
        #expect(!common.evaluate(Candidate(password: entries[0])).unlocksReset)
        #expect(common.evaluate(Candidate(password: entries[500])).unlocksReset, "builtin:common changed meaning")
        #expect(common.evaluate(Candidate(password: entries[9_999])).unlocksReset)
    }

    @Test("both lists in one rule refuse the larger; the rule's label and entries count the distinct words")
    func bothLists() throws {
        let both = try compile(
            #"{"name":"t","rules":[{"rule":"blocklist","lists":["builtin:common","builtin:top-10k"],"words":["zq"]}]}"#)
        #expect(!both.evaluate(Candidate(password: BuiltinBlocklist.top10k.entries[7_000])).unlocksReset)
        #expect(both.evaluate(Candidate(password: "zq")).failingCodes == ["blocklist.listed"])
        #expect(both.rules[0].label == "Not a commonly used password")
        #expect(both.rules[0].kind.blocklistSources.map(\.count) == [1, 10_000, 500])
    }
}
