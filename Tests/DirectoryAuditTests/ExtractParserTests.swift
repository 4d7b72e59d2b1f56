import AuditCrypto
import Testing

@testable import DirectoryAudit

@Suite("An NTDS extract is read as secretsdump writes it")
struct ExtractParserTests {
    static let nt = "8846f7eaee8fb117ad06bdd830b7586c"  // NT hash of "password"
    static let lm = "e52cac67419a9a224a3b108f3fa6cb6d"  // LM hash of "password"
    static let noLM = "aad3b435b51404eeaad3b435b51404ee"

    @Test("the NT hash of 'password' is MD4 of its UTF-16LE text")
    func knownVector() {
        #expect(Hex.encode(NTLMHash.digest("password")) == Self.nt)
        #expect(Hex.encode(NTLMHash.digest("")) == "31d6cfe0d16ae931b73c59d7e0c089c0")
    }

    @Test("with and without the domain, with both suffixes in either order")
    func shapes() throws {
        let text = """
            CORP\\alice:1104:\(Self.noLM):\(Self.nt):::
            bob:1105::\(Self.nt.uppercased()):::
            CORP.LOCAL\\carol:1106:\(Self.lm):\(Self.nt)::: (pwdLastSet=2021-03-04 10:22) (status=Enabled)
            dave:1107:\(Self.noLM):\(Self.nt)::: (status=Disabled) (pwdLastSet=never)
            erin:1108:\(Self.noLM):\(Self.nt)
            """
        let reading = ExtractParser().parse(text: text)
        #expect(reading.malformed == [])
        #expect(reading.accounts.map(\.username) == ["alice", "bob", "carol", "dave", "erin"])
        #expect(reading.accounts.map(\.domain) == ["CORP", nil, "CORP.LOCAL", nil, nil])
        #expect(reading.accounts.map(\.rid) == [1104, 1105, 1106, 1107, 1108])
        #expect(reading.accounts.map { $0.lmHash != nil } == [false, false, true, false, false])
        #expect(Set(reading.accounts.map(\.ntHash)) == [NTDigest(hex: Self.nt)!])
        #expect(reading.accounts[2].passwordLastSet == "2021-03-04T10:22:00Z")
        #expect(reading.accounts[3].passwordLastSet == nil)
        #expect(reading.accounts.map(\.isDisabled) == [false, false, false, true, false])
        #expect(reading.disabledAccounts == 1)
        #expect(reading.accounts[0].qualifiedName == "CORP\\alice")
    }

    @Test("history, machine, hashless and disabled lines are counted apart")
    func countedApart() {
        let text = """
            [*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)
            CORP\\alice:1104:\(Self.noLM):\(Self.nt):::
            CORP\\alice_history0:1104:\(Self.noLM):\(Self.nt):::
            CORP\\alice_history1:1104:\(Self.noLM):\(Self.nt):::
            CORP\\WS01$:2001:\(Self.noLM):\(Self.nt):::
            CORP\\nohash:1109:\(Self.noLM)::::

            CORP\\off:1110:\(Self.noLM):\(Self.nt)::: (status=Disabled)
            """
        let reading = ExtractParser().parse(text: text)
        #expect(reading.accounts.map(\.username) == ["alice", "off"])
        #expect(reading.historyLines == 2)
        #expect(reading.machineAccounts == 1)
        #expect(reading.withoutNTHash == 1)
        #expect(reading.disabledAccounts == 1)
        #expect(reading.skippedLines == 2)
        #expect(reading.malformed == [])

        let enabled = ExtractParser(includeMachines: true, enabledOnly: true).parse(text: text)
        #expect(enabled.accounts.map(\.username) == ["alice", "WS01$"])
        #expect(enabled.accounts[1].isMachine)
        #expect(enabled.disabledExcluded == 1)
    }

    @Test("malformed lines are named by number and the good lines kept")
    func malformed() {
        let text = """
            alice:1104:\(Self.noLM):\(Self.nt):::
            just some text
            bob:x105:\(Self.noLM):\(Self.nt):::
            carol:1106:\(Self.noLM):\(Self.nt.dropLast()):::
            dave:1107:zz:\(Self.nt):::
            erin:1108:\(Self.noLM):\(Self.nt)::: pwdLastSet
            :1109:\(Self.noLM):\(Self.nt):::
            frank:1110:\(Self.noLM):\(Self.nt):::
            """
        let reading = ExtractParser().parse(text: text)
        #expect(reading.accounts.map(\.username) == ["alice", "frank"])
        #expect(reading.accounts.map(\.line) == [1, 8])
        #expect(reading.malformed.map(\.line) == [2, 3, 4, 5, 6, 7])
        #expect(reading.malformed.allSatisfy { !$0.reason.contains(Self.nt) && !$0.reason.contains("bob") })
        #expect(reading.linesRead == 8)
    }

    @Test(
        "pwdLastSet reads as canonical UTC text",
        arguments: [
            ("2021-03-04 10:22", "2021-03-04T10:22:00Z"), ("2021-03-04 10:22:33", "2021-03-04T10:22:33Z"),
            ("never", nil), ("2021-13-04 10:22", nil), ("2021-03-04", nil),
        ])
    func times(text: String, expected: String?) {
        #expect(ExtractParser.canonicalTime(text) == expected)
    }
}
