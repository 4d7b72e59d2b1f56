import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Policy files as a careless or hostile user names them: an empty argument (the current directory), a directory, a
/// device that never ends, a FIFO with no writer. Each is refused at once, naming the path, instead of being read.
@Suite("policy files read defensively")
struct PolicyFileReadingTests {
    @Test(
        "a directory, an empty argument, /dev/zero and a FIFO are not regular files: 65 naming the path, nothing read",
        arguments: ["dir", "", "/dev/zero", "fifo"])
    func notARegularFile(_ name: String) throws {
        let sandbox = try ImportSandbox(policies: [])
        try FileManager.default.createDirectory(atPath: sandbox.path("dir"), withIntermediateDirectories: false)
        try #require(mkfifo(sandbox.path("fifo"), 0o600) == 0)
        let path = name.hasPrefix("/") || name.isEmpty ? name : sandbox.path(name)
        for arguments in [["policy", "add", path], ["check", "--policy", path]] {
            let result = sandbox.run(arguments)
            #expect(result.code == .dataError, "\(arguments): \(result.err)")
            #expect(result.err.contains("is not a regular file"), "\(arguments): \(result.err)")
            #expect(!result.err.contains("cannot read policy file"), "\(result.err)")
        }
    }

    @Test("a policy file over 1 GiB is refused by its size, before it is read")
    func tooLarge() throws {
        let sandbox = try ImportSandbox(policies: [])
        let huge = try sandbox.write("huge.json", "")
        try #require(truncate(huge, off_t(1 << 30) + 1) == 0)  // sparse: no disk, no memory
        let result = sandbox.run(["policy", "add", huge])
        #expect(result.code == .dataError)
        #expect(result.err.contains("huge.json holds more than 1 GiB"), "\(result.err)")
    }
}
