import AuditCrypto
import BreachCorpus
import ExitStatus
import PasswordPolicy
import Testing

/// Damaged corpora: what a lookup and `corpus verify` say, and that they never print a hash.
@Suite struct CorpusDamageTests {
    private static func fixture() throws -> (CorpusFixture, [String]) {
        let fixture = try CorpusFixture(passwords: (0..<5).map { "damaged-\($0)" })
        return (fixture, fixture.lines())
    }

    @Test func neighboursSwappedAcrossAHashNeverMakeItsLookupAnswerAbsentSilently() throws {
        let fixture = try CorpusFixture(passwords: (0..<40).map { "swap-\($0)" }, filler: 2_000)
        let lines = fixture.lines()
        var silentMisses = 0
        for index in stride(from: 1, to: lines.count - 1, by: 37) {
            var swapped = lines
            swapped.swapAt(index - 1, index + 1)  // the hash at `index` stays in place, between two misplaced lines
            let corpus = try HIBPCorpus(path: try fixture.write(swapped, name: "swapped.txt"), format: .sha1)
            let entry = fixture.entries[index]
            do {
                if try corpus.occurrences(ofDigest: entry.digest) != entry.count { silentMisses += 1 }
            } catch {
                guard case .unsorted = error else { throw error }
            }
        }
        #expect(silentMisses == 0, "a lookup answered wrongly without reporting the disorder it passed")
    }

    @Test func verifyNamesTheFirstUnsortedLine() throws {
        let (fixture, lines) = try Self.fixture()
        var swapped = lines
        swapped.swapAt(1, 2)
        let path = try fixture.write(swapped)
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        #expect(throws: CorpusError.unsorted(path: path, line: 3, byteOffset: 2 * (lines[0].count + 1))) {
            _ = try CorpusVerifier.verify(corpus)
        }
    }

    @Test func aHashGivenTwiceIsUnsorted() throws {
        let (fixture, lines) = try Self.fixture()
        let path = try fixture.write([lines[0], lines[1], lines[1], lines[2]])
        #expect(throws: CorpusError.self) { _ = try CorpusVerifier.verify(try HIBPCorpus(path: path, format: .sha1)) }
    }

    @Test func aLookupThroughAnUnsortedStretchThrowsAndRecordsTheFault() throws {
        let (fixture, lines) = try Self.fixture()
        var swapped = lines
        swapped.swapAt(1, 2)
        let corpus = try HIBPCorpus(path: try fixture.write(swapped), format: .sha1)
        #expect(throws: CorpusError.self) { _ = try corpus.occurrences(ofDigest: fixture.entries[3].digest) }
        let password = try #require(
            (0..<5).map { "damaged-\($0)" }.first {
                SHA1.digest(Array($0.utf8)) == fixture.entries[3].digest
            })
        #expect(Array(password.utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == 0)
        guard case .unsorted = try #require(corpus.fault) else {
            Issue.record("expected an unsorted fault")
            return
        }
    }

    @Test(arguments: [
        ("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8", "has no count after the hash"),
        ("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:1234567890123456789", "has a count of more than 18 digits"),
        ("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FDX:12", "is not 40 hex digits"),
        ("8846F7EAEE8FB117AD06BDD830B7586C:5", "has a 32-digit hash where 40 are expected (an NTLM hash"),
        ("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:12 extra", "something other than a line end"),
        ("", "is empty"),
        ("5BAA61E4C9B93F3F", "is too short for a 40-digit hash"),
    ])
    func verifyNamesTheMalformedLineWithoutPrintingIt(bad: String, reason: String) throws {
        let (fixture, lines) = try Self.fixture()
        let path = try fixture.write([lines[0], lines[1], bad, lines[3]])
        let error = #expect(throws: CorpusError.self) {
            _ = try CorpusVerifier.verify(try HIBPCorpus(path: path, format: .sha1))
        }
        let message = try #require(error?.userMessage)
        #expect(message.contains("line 3 "), "\(message)")
        #expect(message.contains(reason), "\(message)")
        #expect(error?.exitCode == .dataError)
        #expect(!Self.containsHexRun(message, atLeast: 16), "no hash in \(message)")
    }

    @Test func aLookupMeetingAMalformedLineThrowsMalformed() throws {
        let (fixture, lines) = try Self.fixture()
        let path = try fixture.write([lines[0], "not a hash line", lines[2], lines[3], lines[4]])
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        let error = #expect(throws: CorpusError.self) {
            _ = try corpus.occurrences(ofDigest: fixture.entries[4].digest)
        }
        guard case .malformed(_, nil, let offset, _) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(offset == lines[0].count + 1)
    }

    @Test func aMalformedLastLineIsRefusedAtOpen() throws {
        let (fixture, lines) = try Self.fixture()
        let path = try fixture.write(Array(lines.prefix(4)) + ["garbage"])
        #expect(throws: CorpusError.self) { _ = try HIBPCorpus(path: path, format: .sha1) }
    }

    private static func containsHexRun(_ text: String, atLeast length: Int) -> Bool {
        var run = 0
        for character in text {
            run = character.isHexDigit ? run + 1 : 0
            if run >= length { return true }
        }
        return false
    }
}
