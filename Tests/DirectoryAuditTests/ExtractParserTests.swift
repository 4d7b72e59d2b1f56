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
            ("2021-03-04T10:22:33Z", "2021-03-04T10:22:33Z"), ("2021-03-04 10:22Z ", "2021-03-04T10:22:00Z"),
            ("1999-12-31 23:59 ", "1999-12-31T23:59:00Z"), ("never", nil), ("2021-13-04 10:22", nil),
            ("2021-03-04", nil), ("2021-03-04 10:22:60", nil),
        ])
    func times(text: String, expected: String?) {
        #expect(ExtractParser.canonicalTime(text) == expected)
    }
}

@Suite("An extract read in ranges of lines on several threads reads as one pass does")
struct ChunkedExtractParserTests {
    /// 3,000 lines of every kind the parser tells apart, CRLF and LF endings mixed, a last line without a newline.
    static let extract: [UInt8] = {
        let nt = ExtractParserTests.nt
        let noLM = ExtractParserTests.noLM
        var lines: [String] = []
        for index in 0..<3_000 {
            switch index % 9 {
            case 0: lines.append("CORP\\user\(index):\(index):\(noLM):\(nt):::")
            case 1: lines.append("user\(index):\(index):\(ExtractParserTests.lm):\(nt)::: (status=Disabled)\r")
            case 2: lines.append("CORP\\user\(index)_history0:\(index):\(noLM):\(nt):::")
            case 3: lines.append("CORP\\WS\(index)$:\(index):\(noLM):\(nt):::")
            case 4: lines.append("not an account line \(index)")
            case 5: lines.append("")
            case 6: lines.append("[*] log line")
            case 7: lines.append("user\(index):\(index)::::\r")
            default: lines.append("user\(index):\(index):\(noLM):\(nt)::: (pwdLastSet=2021-03-04 10:22)")
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }()

    @Test(
        "the ranges cover the bytes in order, each but the last ending after a line feed (0 asks for one)",
        arguments: [0, 1, 2, 3, 7])
    func ranges(count: Int) {
        Self.extract.withUnsafeBytes { bytes in
            let chunks = LineSplitter.chunks(of: bytes, count: count)
            #expect(chunks.count == max(count, 1))
            #expect(chunks.first?.range.lowerBound == 0 && chunks.last?.range.upperBound == bytes.count)
            for (chunk, next) in zip(chunks, chunks.dropFirst()) {
                let end = chunk.range.upperBound
                #expect(end == next.range.lowerBound && bytes[end - 1] == UInt8(ascii: "\n"))
                // The next range's first line is one past this one's line feeds.
                let lineFeeds = bytes[..<end].filter { $0 == UInt8(ascii: "\n") }.count
                #expect(next.firstLine == lineFeeds + 1)
            }
        }
    }

    @Test("every count of ranges gives the single pass's reading", arguments: [2, 3, 4, 7])
    func sameReading(chunks: Int) {
        for parser in [ExtractParser(), ExtractParser(includeMachines: true, enabledOnly: true)] {
            Self.extract.withUnsafeBytes { bytes in
                let whole = parser.parse(bytes, chunks: 1)
                #expect(whole.accounts.count > 600 && whole.malformed.count > 300 && whole.linesRead == 3_000)
                #expect(parser.parse(bytes, chunks: chunks) == whole)
            }
        }
    }
}
