import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `file:` lists as a careless or hostile user gives them: behind a symlink, not a file at all, with a byte order
/// mark, not UTF-8, gzip under another name. Each is read within its limit or refused naming the list and the reason.
@Suite("file: lists read defensively")
struct ListFileReadingTests {
    /// `policy add` of a policy whose one blocklist names `file:<name>`, in a fresh sandbox.
    private func add(_ name: String, in sandbox: ImportSandbox) throws -> CLIResult {
        try sandbox.write("p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["file:\#(name)"]}]}"#)
        return sandbox.run(["policy", "add", sandbox.path("p.json")])
    }

    @Test("a symlink to a file over the limit is refused by the file's size, before anything is read")
    func symlinkToAHugeFile() throws {
        let sandbox = try ImportSandbox(policies: [])
        let huge = try sandbox.write("huge.txt", "")
        try #require(truncate(huge, off_t(1 << 30) + 1) == 0)  // sparse: no disk, no memory
        try #require(symlink(huge, sandbox.path("link.txt")) == 0)
        let peakBefore = Self.peakResidentKiB()
        let result = try add("link.txt", in: sandbox)
        #expect(result.code == .dataError)
        #expect(result.err.contains("link.txt holds more than 1 GiB of text"), "\(result.err)")
        // Refused by its size: the process's peak did not grow by the gigabyte a read would have cost.
        #expect(Self.peakResidentKiB() - peakBefore < 256 * 1024)
    }

    /// This process's peak resident set (`VmHWM`), in KiB.
    private static func peakResidentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("a FIFO is refused as not a regular file instead of waiting for a writer; a missing list is named")
    func fifoAndMissing() throws {
        let sandbox = try ImportSandbox(policies: [])
        try #require(mkfifo(sandbox.path("words.fifo"), 0o600) == 0)
        let fifo = try add("words.fifo", in: sandbox)
        #expect(fifo.code == .ioError)
        #expect(fifo.err.contains("cannot read list file \(sandbox.path("words.fifo")): not a regular file"))
        let missing = try add("absent.txt", in: sandbox)
        #expect(missing.code == .noInput)
        #expect(missing.err.contains("list file not found: \(sandbox.path("absent.txt"))"), "\(missing.err)")
    }

    @Test("a byte order mark does not hide the first entry; a line that is not UTF-8 is named by number")
    func byteOrderMarkAndInvalidUTF8() throws {
        let sandbox = try ImportSandbox(policies: [])
        try sandbox.write("bom.txt", [0xEF, 0xBB, 0xBF] + Array("hunter2\nletmein\n".utf8))
        #expect(try add("bom.txt", in: sandbox).code == .success)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = "hunter2\n".withCString { write(ends[1], $0, 8) }
        close(ends[1])
        let verdict = sandbox.run(["check", "--policy", "p"], stdin: ends[0])
        close(ends[0])
        #expect(verdict.out.contains(#""unlocksReset":false"#), "\(verdict.out)")
        try sandbox.write("bad.txt", Array("good\n".utf8) + [0xFF, 0xFE] + Array("bad\n".utf8))
        let bad = try add("bad.txt", in: sandbox)
        #expect(bad.code == .dataError)
        #expect(bad.err.contains("bad.txt line 2 is not UTF-8 text"), "\(bad.err)")
    }

    @Test("a gzip list is known by its content, whatever its name")
    func gzipByContent() throws {
        let sandbox = try ImportSandbox(policies: [])
        let text = try sandbox.write("deny.txt", "hunter2\nletmein\n")
        let compressed = try SystemGzip.compress(text)
        try #require(rename(compressed, sandbox.path("deny.LIST")) == 0)
        #expect(try add("deny.LIST", in: sandbox).code == .success)
        let shown = sandbox.run(["policy", "show", "p"])
        #expect(shown.out.contains(#""entries" : 2"#), "\(shown.out)")
    }
}
