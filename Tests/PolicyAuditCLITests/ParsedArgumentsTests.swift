import Testing

@testable import PolicyAuditCLI

@Suite("Command-line parsing")
struct ParsedArgumentsTests {
    let output = Option<String>("--output", alias: "-o", valueName: "FILE", help: "Where to write.")
    let strict = Flag("--strict", help: "Be strict.")
    let policy = RepeatedOption<String>("--policy", valueName: "NAME", help: "A policy.")
    var spec: [any DeclaredOption] { [output, strict, policy] }

    @Test("--opt value, --opt=value, aliases and repeats")
    func valueForms() throws {
        let parsed = try ParsedArguments(
            ["--policy", "a@1", "--policy=b@2", "-o", "out.json", "file.csv"], options: spec, command: "import")
        #expect(parsed[policy] == ["a@1", "b@2"])
        #expect(parsed[output] == "out.json")
        #expect(parsed.positionals == ["file.csv"])
        #expect(!parsed[strict])
    }

    @Test("-- ends options, and - is a positional")
    func terminator() throws {
        let parsed = try ParsedArguments(["--strict", "-", "--", "--policy"], options: spec, command: "import")
        #expect(parsed[strict])
        #expect(parsed.positionals == ["-", "--policy"])
    }

    @Test("help anywhere before --")
    func help() throws {
        #expect(try ParsedArguments(["x", "-h"], options: spec, command: "c").wantsHelp)
        #expect(try !ParsedArguments(["--", "-h"], options: spec, command: "c").wantsHelp)
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
            try ParsedArguments(arguments, options: spec, command: "import")
        }
    }

    @Test(
        "a value option never takes a following option as its value",
        arguments: [
            ["--policy", "--strict"], ["--policy", "-o", "x"], ["--output", "--"], ["--policy", "-h"],
            ["--policy", "-o=x"],
        ])
    func optionIsNotAValue(arguments: [String]) {
        #expect(throws: UsageError("option '\(arguments[0])' needs a value", command: "import")) {
            try ParsedArguments(arguments, options: spec, command: "import")
        }
    }

    @Test(
        "a short alias takes its value after = as its long name does (issue 20: -o=- was unknown)",
        arguments: [["-o=-"], ["--output=-"], ["-o", "-"], ["-o=a=b"], ["-o="]])
    func shortAliasWithEquals(arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments + ["file.csv"], options: spec, command: "import")
        let expected = arguments.count == 2 ? arguments[1] : String(arguments[0].drop { $0 != "=" }.dropFirst())
        #expect(parsed[output] == expected)
        #expect(parsed.positionals == ["file.csv"])
    }

    @Test("a flag's short or long name with = is refused as taking no value")
    func flagWithEquals() {
        let flags: [any DeclaredOption] = [Flag("--strict", alias: "-s", help: "Strict.")]
        for argument in ["-s=1", "--strict=1"] {
            #expect(throws: UsageError("option '--strict' takes no value", command: "import")) {
                try ParsedArguments([argument], options: flags, command: "import")
            }
        }
    }

    @Test("--opt=value still carries a value that looks like an option; a lone dash is a value")
    func inlineValueMayLookLikeAnOption() throws {
        let parsed = try ParsedArguments(["--output=--strict", "--policy", "-"], options: spec, command: "import")
        #expect(parsed[output] == "--strict")
        #expect(parsed[policy] == ["-"])
        #expect(!parsed[strict])
    }

    @Test(
        "a single-valued option given twice is a usage error, however it is spelled",
        arguments: [["--output", "a", "--output", "b"], ["-o", "a", "--output=b"], ["--output=a", "-o", "a"]])
    func singleValuedTwice(arguments: [String]) {
        #expect(throws: UsageError("option '--output' is given more than once", command: "c")) {
            try ParsedArguments(arguments, options: spec, command: "c")
        }
    }

    @Test("a repeatable option keeps every value, repeats included")
    func repeatable() throws {
        let parsed = try ParsedArguments(["--policy", "a", "--policy", "a"], options: [policy], command: "c")
        #expect(parsed[policy] == ["a", "a"])
    }

    @Test("every command declares which options repeat: --policy, --standard, --param, --vary, --groups, --hibp-ntlm")
    func commandSpecs() {
        func walk(_ commands: [any CLICommand.Type]) -> [(String, Set<String>)] {
            commands.flatMap { command in
                let repeated = command.options.map(\.declaration).filter { $0.arity == .repeatable }.map(\.name)
                return [(command.help.name, Set(repeated))] + walk(command.subcommands)
            }
        }
        let repeatable = Dictionary(uniqueKeysWithValues: walk(PolicyAuditCLI.commands))
        #expect(
            repeatable.filter { !$0.value.isEmpty } == [
                "import": ["--policy", "--groups", "--hibp-ntlm"], "report": ["--policy"],
                "compliance": ["--policy", "--standard"],
                "query": ["--param"], "tune": ["--vary"],
            ])
    }

    @Test("positional count is checked")
    func positionalCount() throws {
        let parsed = try ParsedArguments(["a", "b"], options: spec, command: "c")
        #expect(throws: UsageError("unexpected argument 'b'", command: "c")) {
            try parsed.positionals(count: 1...1, command: "c", what: "FILE")
        }
        #expect(throws: UsageError("missing FILE", command: "c")) {
            try ParsedArguments([], options: spec, command: "c").positionals(count: 1...1, command: "c", what: "FILE")
        }
    }
}
