import Testing

@testable import PolicyAuditCLI

@Suite("Command-line parsing")
struct ParsedArgumentsTests {
    let spec = ParsedArguments.Spec(
        values: ["--policy", "--output"], flags: ["--strict"], aliases: ["-o": "--output"])

    @Test("--opt value, --opt=value, aliases and repeats")
    func valueForms() throws {
        let parsed = try ParsedArguments(
            ["--policy", "a@1", "--policy=b@2", "-o", "out.json", "file.csv"], spec: spec, command: "import")
        #expect(parsed.values("--policy") == ["a@1", "b@2"])
        #expect(parsed.value("--output") == "out.json")
        #expect(parsed.positionals == ["file.csv"])
        #expect(!parsed.flag("--strict"))
    }

    @Test("-- ends options, and - is a positional")
    func terminator() throws {
        let parsed = try ParsedArguments(["--strict", "-", "--", "--policy"], spec: spec, command: "import")
        #expect(parsed.flag("--strict"))
        #expect(parsed.positionals == ["-", "--policy"])
    }

    @Test("help anywhere before --")
    func help() throws {
        #expect(try ParsedArguments(["x", "-h"], spec: spec, command: "c").wantsHelp)
        #expect(try !ParsedArguments(["--", "-h"], spec: spec, command: "c").wantsHelp)
    }

    @Test(
        "usage errors name the option",
        arguments: [
            (["--nope"], "unknown option '--nope'"),
            (["--policy"], "option '--policy' needs a value"),
            (["--strict=yes"], "option '--strict' takes no value"),
        ])
    func errors(arguments: [String], message: String) {
        #expect(throws: UsageError(message, command: "import")) {
            try ParsedArguments(arguments, spec: spec, command: "import")
        }
    }

    @Test("positional count is checked")
    func positionalCount() throws {
        let parsed = try ParsedArguments(["a", "b"], spec: spec, command: "c")
        #expect(throws: UsageError("unexpected argument 'b'", command: "c")) {
            try parsed.positionals(count: 1...1, command: "c", what: "FILE")
        }
        #expect(throws: UsageError("missing FILE", command: "c")) {
            try ParsedArguments([], spec: spec, command: "c").positionals(count: 1...1, command: "c", what: "FILE")
        }
    }
}
