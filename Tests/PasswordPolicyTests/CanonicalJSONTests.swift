import Foundation
import Testing

@testable import PasswordPolicy

@Suite("Canonical JSON")
struct CanonicalJSONTests {
    @Test("canonical JSON round-trips to an equal policy and is a fixed point")
    func roundTrip() throws {
        let source = """
            {"name":"full","description":"All rules","normalization":"nfc","usage":"single-factor",
             "max-age-days":0,"history":5,"lockout-threshold":10,"rules":[
             {"rule":"length","min":12,"max":64},{"rule":"require","class":{"chars":"!@"},"min":2},
             {"rule":"classes","min":2,"of":["digit","upper"]},{"rule":"max-repeat","max":2},
             {"rule":"max-sequence","max":3},{"rule":"allowed","classes":["space","letter"],"chars":"-"},
             {"rule":"blocklist","lists":["builtin:common"],"words":["b","A"]},
             {"rule":"context","fields":["email","username"]},
             {"rule":"pattern","regex":"^\\\\d+\\n$","must":"match","message":"Say \\"hi\\""}]}
            """
        let policy = try PasswordPolicy(json: Data(source.utf8))
        let canonical = policy.canonicalJSON()
        let reparsed = try PasswordPolicy(json: Data(canonical.utf8))
        #expect(reparsed == policy)
        #expect(reparsed.canonicalJSON() == canonical)
        #expect(!canonical.contains(" \""))
    }

    @Test("key order, set order, case of words and explicit defaults don't change the bytes")
    func stability() throws {
        let first = try PasswordPolicy(
            json: Data(
                #"""
                {"name":"p","rules":[{"rule":"classes","min":2,"of":["upper","digit"]},
                 {"rule":"blocklist","words":["Acme","zeta"]},{"rule":"require","class":"digit"}]}
                """#.utf8))
        let second = try PasswordPolicy(
            json: Data(
                #"""
                {"rules":[{"of":["digit","upper"],"min":2,"rule":"classes","id":"classes"},
                 {"words":["zeta","acme","ACME"],"rule":"blocklist"},{"min":1,"class":"digit","rule":"require",
                 "label":"A digit"}],"normalization":"nfkc","description":"","name":"p"}
                """#.utf8))
        #expect(first == second)
        #expect(first.canonicalJSON() == second.canonicalJSON())
    }

    @Test("the canonical form of a simple policy is exactly this")
    func exactBytes() throws {
        let policy = try PasswordPolicy(json: Data(#"{"name":"s","rules":[{"rule":"length","min":8}]}"#.utf8))
        #expect(
            policy.canonicalJSON()
                == #"{"description":"","name":"s","normalization":"nfkc","rules":[{"id":"length","label":"At least 8 characters","min":8,"rule":"length"}]}"#
        )
        #expect(policy.rules[0].parameters == ["rule": "length", "label": "At least 8 characters", "min": "8"])
    }
}
