import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import BreachCorpus

/// A corpus truncated while mapped (re-downloaded in place during an import, say) ends the process with one line and
/// exit 74, not a crash report; a `SIGBUS` from any other mapping still gets the default action.
@Suite("A corpus that shrinks while mapped")
struct CorpusTruncationTests {
    static let truncatedChild = "corpus-truncated"
    static let foreignChild = "corpus-foreign-sigbus"
    static let sentChild = "corpus-sent-sigbus"

    @Test("a lookup after the file was truncated prints the corpus's line and exits 74")
    func truncatedCorpusExitsWithItsMessage() throws {
        // The handler is process-wide and the process ends: both happen in a child.
        let outcome = try ChildTest.run(Self.truncatedChild, filter: "CorpusTruncationTests/truncatedInChild")
        #expect(outcome.status == 74, "\(outcome.output)")
        #expect(outcome.output.contains("Error: the breach corpus "), "\(outcome.output)")
        #expect(outcome.output.contains("pwned.txt shrank while pwaudit was reading it"), "\(outcome.output)")
        #expect(!outcome.output.contains("Crash"), "\(outcome.output)")
        #expect(!outcome.output.contains("passed after"), "the lookup returned: \(outcome.output)")
    }

    @Test(
        "truncated corpus, in a child process",
        .enabled(
            if: ChildTest.isChild(CorpusTruncationTests.truncatedChild), "runs only in the child of the test above"))
    func truncatedInChild() throws {
        let fixture = try CorpusFixture(passwords: ["password"], filler: 20_000)
        let path = try fixture.write(fixture.lines())
        let corpus = try HIBPCorpus(path: path, format: .sha1)
        #expect(Array("password".utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) } == 1)
        #expect(truncate(path, 0) == 0)
        _ = Array("password".utf8).withUnsafeBufferPointer { corpus.occurrences(of: $0) }
    }

    @Test("a SIGBUS outside every corpus mapping is not taken for one: the process dies of the signal")
    func foreignFaultKeepsTheDefaultAction() throws {
        let outcome = try ChildTest.run(Self.foreignChild, filter: "CorpusTruncationTests/foreignFaultInChild")
        #expect(outcome.status == SIGBUS, "\(outcome.output)")
        #expect(!outcome.output.contains("Error: the breach corpus"), "\(outcome.output)")
    }

    @Test(
        "foreign SIGBUS, in a child process",
        .enabled(if: ChildTest.isChild(CorpusTruncationTests.foreignChild), "runs only in the child of the test above"))
    func foreignFaultInChild() throws {
        let fixture = try CorpusFixture(passwords: ["password"], filler: 100)
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines()), format: .sha1)  // installs the guard
        let other = try fixture.directory.write("other.bin", [UInt8](repeating: 7, count: 65_536))
        let descriptor = open(other, O_RDONLY)
        try #require(descriptor >= 0)
        let mapped = try #require(mmap(nil, 65_536, PROT_READ, MAP_SHARED, descriptor, 0))
        try #require(mapped != MAP_FAILED)
        #expect(truncate(other, 0) == 0)
        let byte = mapped.load(fromByteOffset: 8_192, as: UInt8.self)
        #expect(byte == 7 && corpus.fault == nil)
    }

    @Test("a SIGBUS sent by kill, not a fault, is not taken for a corpus's: it goes to the action there was before")
    func sentSignalGoesToThePreviousAction() throws {
        // Its address field holds the sender's pid and uid, which could fall in a mapping; the guard must not look.
        let outcome = try ChildTest.run(Self.sentChild, filter: "CorpusTruncationTests/sentSignalInChild")
        #expect(outcome.status != 74, "\(outcome.output)")
        #expect(!outcome.output.contains("Error: the breach corpus"), "\(outcome.output)")
    }

    @Test(
        "sent SIGBUS, in a child process",
        .enabled(if: ChildTest.isChild(CorpusTruncationTests.sentChild), "runs only in the child of the test above"))
    func sentSignalInChild() throws {
        let fixture = try CorpusFixture(passwords: ["password"], filler: 100)
        let corpus = try HIBPCorpus(path: try fixture.write(fixture.lines()), format: .sha1)
        _ = kill(getpid(), SIGBUS)
        #expect(corpus.fault == nil)
    }

    @Test("the message escapes every byte of the path outside printable ASCII")
    func messageEscapesThePath() {
        let message = CorpusMappingGuard.message(path: "/tmp/a\u{1B}[2Jb\\é.txt")
        #expect(message.hasPrefix(#"Error: the breach corpus /tmp/a\x1B[2Jb\x5C\xC3\xA9.txt shrank"#))
        #expect(message.hasSuffix(".\n"))
        #expect(!message.dropLast().contains("\n"))
    }
}
