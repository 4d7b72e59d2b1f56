import Foundation
import Testing

@testable import PasswordPolicy

@Suite("Policy diff")
struct PolicyDiffTests {
    func policy(_ json: String) throws -> PasswordPolicy {
        try PasswordPolicy(json: Data(json.utf8))
    }

    @Test("names changed, added and removed rules by id, and top-level field changes")
    func diff() throws {
        let old = try policy(
            #"""
            {"name":"p","rules":[{"rule":"length","min":8},{"rule":"require","class":"upper"},
             {"rule":"max-repeat","max":3}]}
            """#)
        let new = try policy(
            #"""
            {"name":"p","normalization":"nfc","history":4,"rules":[{"rule":"length","min":12,"max":64},
             {"rule":"require","class":"upper"},{"rule":"blocklist","lists":["builtin:common"]}]}
            """#)
        let entries = PolicyDiff(from: old, to: new).entries
        #expect(entries.count == 5)
        #expect(entries.contains(.field(.init(name: "normalization", old: "nfkc", new: "nfc"))))
        #expect(entries.contains(.field(.init(name: "history", old: nil, new: "4"))))
        #expect(entries.contains(.removed(old.rules[2])))
        #expect(entries.contains(.added(new.rules[2])))
        #expect(
            entries.contains(
                .changed(
                    id: "length",
                    parameters: [
                        .init(name: "label", old: "At least 8 characters", new: "Between 12 and 64 characters"),
                        .init(name: "max", old: nil, new: "64"), .init(name: "min", old: "8", new: "12"),
                    ])))
    }

    @Test("identical meaning gives an empty diff")
    func same() throws {
        let first = try policy(#"{"name":"p","rules":[{"rule":"length","min":8}]}"#)
        let second = try policy(#"{"rules":[{"min":8,"rule":"length","id":"length"}],"name":"p"}"#)
        #expect(PolicyDiff(from: first, to: second).isEmpty)
    }
}
