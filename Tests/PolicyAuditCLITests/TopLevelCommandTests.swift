import Testing

@testable import PolicyAuditCLI

@Suite("Top-level pwaudit command")
struct TopLevelCommandTests {
    private func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CLIContext(stdout: out, stderr: err, currentDirectory: "/tmp")
        let code = PolicyAuditCLI.run(arguments, context: context)
        return (code, out.text, err.text)
    }

    @Test("--help prints the overview on stdout and exits 0")
    func help() {
        let result = run(["--help"])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("OVERVIEW:"))
        #expect(result.out.contains("USAGE:"))
        #expect(result.err.isEmpty)
    }

    @Test("--version prints the version")
    func version() {
        let result = run(["--version"])
        #expect(result.code == .success)
        #expect(result.out == "pwaudit \(PolicyAuditCLI.version)\n")
    }

    @Test("an unknown subcommand is a usage error on stderr with exit 64")
    func unknown() {
        let result = run(["frobnicate"])
        #expect(result.code == .usage)
        #expect(result.out.isEmpty)
        let lines = result.err.split(separator: "\n")
        #expect(lines.first == "Error: unknown subcommand 'frobnicate'")
        #expect(lines.last == "See 'pwaudit --help' for more information.")
    }
}
