import AuditCrypto
import Testing

@testable import DirectoryAudit

@Suite("A hashcat potfile is joined by NT hash, each plaintext checked against its hash")
struct PotfileTests {
    static func hex(_ password: String) -> String { Hex.encode(NTLMHash.digest(password)) }
    static func digest(_ password: String) -> NTDigest { NTDigest(bytes: NTLMHash.digest(password))! }

    @Test("plain, colon-holding, $HEX[…], non-ASCII and ISO-8859-1 plaintexts")
    func plaintexts() {
        let latin1 = "café"  // hashcat's byte-wise kernels hash the ISO-8859-1 bytes 63 61 66 e9
        let text = """
            \(Self.hex("Summer2024!")):Summer2024!
            \(Self.hex("a:b:c")):a:b:c
            \(Self.hex("tab\there")):$HEX[7461620968657265]
            \(Self.hex("Пароль-ünïcødé")):Пароль-ünïcødé
            \(Self.hex(latin1)):$HEX[636166e9]
            \(Self.hex("")):
            """
        let potfile = Potfile(text: text)
        #expect(potfile.malformed == [])
        #expect(potfile.unmatched == 0)
        #expect(potfile[Self.digest("Summer2024!")] == "Summer2024!")
        #expect(potfile[Self.digest("a:b:c")] == "a:b:c")
        #expect(potfile[Self.digest("tab\there")] == "tab\there")
        #expect(potfile[Self.digest("Пароль-ünïcødé")] == "Пароль-ünïcødé")
        #expect(potfile[Self.digest(latin1)] == latin1)
        #expect(potfile[Self.digest("")] == "")
        #expect(potfile.plaintexts.count == 6)
    }

    @Test("a plaintext that does not give its hash is unmatched; bad lines are named by number")
    func mismatchAndMalformed() {
        let text = """
            \(Self.hex("right")):wrong
            not a potfile line
            \(Self.hex("x")):$HEX[6]
            \(Self.hex("ok")):ok
            \(Self.hex("ok").prefix(16)):ok
            """
        let potfile = Potfile(text: text)
        #expect(potfile.unmatched == 1)
        #expect(potfile.malformed.map(\.line) == [2, 3, 5])
        #expect(potfile.plaintexts.count == 1)
        #expect(potfile[Self.digest("right")] == nil)
        #expect(potfile.linesRead == 5)
    }

    @Test("$HEX[] payloads", arguments: [("$HEX[414243]", "ABC"), ("$HEX[]x", nil), ("plain", nil)])
    func hexPayload(text: String, expected: String?) {
        let payload = Potfile.hexPayload(Array(text.utf8))
        #expect(payload.flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test("read in ranges of lines on several threads, a potfile reads as in one pass", arguments: [2, 3, 5])
    func chunked(chunks: Int) {
        var lines: [String] = []
        for index in 0..<1_500 {
            switch index % 6 {
            case 0: lines.append("\(Self.hex("pass\(index)")):pass\(index)")
            case 1: lines.append("\(Self.hex("pass\(index)")):wrong\(index)\r")
            case 2: lines.append("not a potfile line \(index)")
            case 3: lines.append("\(Self.hex("pass\(index - 3)")):pass\(index - 3)")  // cracked twice
            case 4: lines.append("")
            default: lines.append("\(Self.hex("x\ty")):$HEX[7809\(index / 6 % 2 == 0 ? "79" : "7")]")
            }
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        bytes.withUnsafeBytes { bytes in
            let whole = Potfile(bytes: bytes, chunks: 1)
            #expect(whole.plaintexts.count > 250 && whole.unmatched >= 250 && whole.malformed.count > 250)
            let split = Potfile(bytes: bytes, chunks: chunks)
            #expect(split.plaintexts == whole.plaintexts)
            #expect(split.unmatched == whole.unmatched && split.linesRead == whole.linesRead)
            #expect(split.malformed == whole.malformed)
        }
    }
}
