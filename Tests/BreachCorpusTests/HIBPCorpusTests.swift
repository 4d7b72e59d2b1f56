import AuditCrypto
import BreachCorpus
import Foundation
import PasswordPolicy
import Testing

@Suite struct HIBPCorpusTests {
    private static let passwords = (0..<300).map { "known-\($0)" } + ["password", "hunter2"]

    @Test func sha1OfPasswordIsTheKnownVector() {
        #expect(
            Hex.encode(SHA1.digest(Array("password".utf8))).uppercased() == "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8")
    }

    @Test func ntHashOfPasswordIsTheKnownVector() {
        #expect(Hex.encode(NTLMHash.digest("password")).uppercased() == "8846F7EAEE8FB117AD06BDD830B7586C")
    }

    /// Vectors from `iconv -t UTF-16LE | openssl dgst -md4 -provider legacy`: the empty password, Latin-1 letters,
    /// and CJK with an astral scalar (a surrogate pair in UTF-16).
    @Test(arguments: [
        ("", "31D6CFE0D16AE931B73C59D7E0C089C0"),
        ("pässwörd", "0553152250AC01ADB4213CB9938663E4"),
        ("密码🔑x", "2026FB1CD3DBB5F89ADF15D57F7EE9D7"),
    ])
    func ntHashOfNonASCIIPasswordsMatchesOpenSSL(password: String, expected: String) {
        #expect(Hex.encode(NTLMHash.digest(password)).uppercased() == expected)
    }

    @Test func everyLineIsFoundWithItsCountAndAbsentHashesAreNot() throws {
        let fixture = try CorpusFixture(passwords: Self.passwords, filler: 3000)
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines()), format: .sha1)
        for entry in fixture.entries {
            #expect(try corpus.occurrences(ofDigest: entry.digest) == entry.count)
        }
        for password in ["not-in-it", "known-300", "Password"] {
            #expect(Array(password.utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == 0)
        }
        #expect(corpus.fault == nil)
    }

    @Test func firstAndLastLinesHitAndHashesBeyondThemMiss() throws {
        let fixture = try CorpusFixture(passwords: Self.passwords)
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines()), format: .sha1)
        let first = try #require(fixture.entries.first)
        let last = try #require(fixture.entries.last)
        #expect(try corpus.occurrences(ofDigest: first.digest) == first.count)
        #expect(try corpus.occurrences(ofDigest: last.digest) == last.count)
        #expect(try corpus.occurrences(ofDigest: [UInt8](repeating: 0, count: 20)) == 0)
        #expect(try corpus.occurrences(ofDigest: [UInt8](repeating: 0xFF, count: 20)) == 0)
        var beforeFirst = first.digest
        beforeFirst[19] &-= 1
        var afterLast = last.digest
        afterLast[19] &+= 1
        #expect(try corpus.occurrences(ofDigest: beforeFirst) == 0)
        #expect(try corpus.occurrences(ofDigest: afterLast) == 0)
    }

    @Test(arguments: [(false, "\n", true), (true, "\n", true), (false, "\r\n", true), (true, "\r\n", false)])
    func lowercaseHexAndCRLFAreRead(lowercase: Bool, separator: String, trailing: Bool) throws {
        let fixture = try CorpusFixture(passwords: Self.passwords, filler: 500)
        let path = try fixture.write(fixture.lines(lowercase: lowercase), separator: separator, trailing: trailing)
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        for entry in fixture.entries {
            #expect(try corpus.occurrences(ofDigest: entry.digest) == entry.count)
        }
        let summary = try CorpusVerifier.verify(corpus)
        #expect(summary.lines == fixture.entries.count)
    }

    @Test func aOneLineCorpusHitsAndMisses() throws {
        let fixture = try CorpusFixture(passwords: ["password"], counts: { _ in 3_861_493 })
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines(), trailing: false), format: .sha1)
        #expect(Array("password".utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == 3_861_493)
        #expect(Array("passwore".utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == 0)
    }

    @Test func theNTLMVariantIsKeyedByTheNTHash() throws {
        let fixture = try CorpusFixture(format: .ntlm, passwords: Self.passwords + ["pässwörd"], filler: 1000)
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines()), format: .ntlm)
        for (index, password) in ["password", "pässwörd", "known-0"].enumerated() {
            let expected = try #require(fixture.entries.first { $0.digest == NTLMHash.digest(password) }).count
            #expect(Array(password.utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == expected, "\(index)")
        }
        #expect(try CorpusVerifier.verify(corpus).lines == fixture.entries.count)
    }

    @Test func anEmptyFileIsRefused() throws {
        let fixture = try CorpusFixture(passwords: [])
        #expect(throws: CorpusError.empty(path: try fixture.write([]))) {
            _ = try HIBPCorpus(path: try fixture.write([]), format: .sha1)
        }
    }

    @Test func aMissingFileIsNamed() throws {
        let fixture = try CorpusFixture(passwords: [])
        let path = fixture.directory.path("absent.txt")
        #expect(throws: CorpusError.missing(path: path)) { _ = try HIBPCorpus(path: path, format: .sha1) }
    }

    @Test func aFileRewrittenInPlaceAfterOpeningIsAFaultButOneRenamedOverItIsNot() throws {
        let fixture = try CorpusFixture(passwords: Self.passwords, filler: 200)
        let path = try fixture.write(fixture.lines())
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        #expect(Array("password".utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } > 0)
        #expect(corpus.fault == nil)
        // A new file renamed over the path leaves the open corpus on the old one, untouched.
        let replacement = try fixture.write(fixture.lines(lowercase: true), name: "new.txt")
        usleep(20_000)  // file times tick coarsely: let the writes below land on a later tick
        try #require(rename(replacement, path) == 0)
        #expect(corpus.fault == nil)
        // Written in place (same size, other bytes): the lines may have moved under the lookups.
        let reopened = try HIBPCorpus(path: path, format: .sha1)
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(fixture.lines().joined(separator: "\n").utf8 + [0x0A]))
        try handle.close()
        #expect(reopened.fault == .changed(path: path))
        #expect(reopened.fault?.exitCode == .ioError)
    }

    @Test func lineEndsAfterTheLastLineAreIgnored() throws {
        let fixture = try CorpusFixture(passwords: Self.passwords, filler: 50)
        let path = try fixture.write(fixture.lines(), separator: "\r\n", trailing: true)
        try fixture.directory.write(
            "pwned.txt", Array((try String(contentsOfFile: path, encoding: .utf8) + "\r\n\n").utf8))
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        let last = try #require(fixture.entries.last)
        #expect(try corpus.occurrences(ofDigest: last.digest) == last.count)
        #expect(try corpus.occurrences(ofDigest: [UInt8](repeating: 0xFF, count: 20)) == 0)
        #expect(corpus.fault == nil)
        #expect(throws: Never.self) { _ = try CorpusVerifier.verify(corpus) }
    }

    @Test func aFIFOOrADirectoryIsRefusedWithoutWaitingForAWriter() throws {
        let fixture = try CorpusFixture(passwords: [])
        let fifo = fixture.directory.path("pwned.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opened blocking, a FIFO with no writer would hang here instead of being refused.
        #expect(throws: CorpusError.unreadable(path: fifo, reason: "not a regular file")) {
            _ = try HIBPCorpus(path: fifo, format: .sha1)
        }
        let directory = fixture.directory.url.path
        #expect(throws: CorpusError.unreadable(path: directory, reason: "not a regular file")) {
            _ = try HIBPCorpus(path: directory, format: .sha1)
        }
    }

    @Test func anNTLMFileGivenAsSHA1IsRefusedAtOpen() throws {
        let fixture = try CorpusFixture(format: .ntlm, passwords: Self.passwords)
        let path = try fixture.write(fixture.lines())
        let error = #expect(throws: CorpusError.self) { _ = try HIBPCorpus(path: path, format: .sha1) }
        #expect(error == .wrongFormat(path: path, expected: .sha1, digits: 32))
        #expect(error?.userMessage.contains("hibp-ntlm:") == true)
    }
}
