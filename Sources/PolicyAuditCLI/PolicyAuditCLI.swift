import LibC
import PasswordPolicy
import PolicyAudit
import PolicyReports

/// The `pwaudit` command line: finds the subcommand, parses its options, runs it, maps errors to exit codes.
package enum PolicyAuditCLI {
    /// The pwaudit release this binary is.
    package static let version = PolicyAuditVersion.current

    /// Every subcommand, in the order `--help` lists them.
    package static var commands: [any CLICommand.Type] {
        [
            InitCommand.self, PolicyCommand.self, CheckCommand.self, StrengthCommand.self, ImportCommand.self,
            RunsCommand.self, RescoreCommand.self, ReportCommand.self, CompareCommand.self, TuneCommand.self,
            HistoryCommand.self,
            ComplianceCommand.self, QueryCommand.self, PruneCommand.self, CorpusCommand.self, DemoCommand.self,
            CompletionsCommand.self,
        ]
    }

    /// The top-level help.
    package static var help: CommandHelp {
        CommandHelp(
            name: "pwaudit",
            overview: "Audit password policies: which candidate passwords would unlock the reset, and why not.",
            usage: ["<subcommand> [options]", "help <subcommand>", "--version"],
            subcommands: commands.map { .init($0.help.name, $0.help.overview) },
            discussion: "See 'pwaudit help <subcommand>' for a subcommand's options.")
    }

    /// Runs `pwaudit` with `arguments` (without the program name) and returns the exit code.
    ///
    /// With no arguments at all, prints the help on stderr and returns `.usage`. An error a command throws is one line
    /// on stderr (with the usage for a usage error) and its code.
    ///
    /// When writing standard output failed (or a command found its reader gone), the result is lost and that failure
    /// is what is reported, whatever the command returned or threw (a command that writes as it goes stops at it by
    /// throwing): a reader gone away (`EPIPE`, `yes | pwaudit check … | head -1`) is `.brokenPipe` with nothing on
    /// stderr, for the executable to end as SIGPIPE would (`exit(_:)`); any other failure (a full disk) is `.ioError`
    /// (74) and stderr says why.
    package static func run(_ arguments: [String], context: CLIContext) -> ExitCode {
        var code = ExitCode.success
        var failure: (any Error)?
        do {
            code = try dispatch(arguments, context: context)
        } catch {
            failure = error
        }
        context.stdout.flush()
        if let writeFailure = context.stdout.writeFailure ?? standardOutputFailure(failure) {
            code =
                writeFailure == EPIPE
                ? .brokenPipe : report(CLIIOError.standardOutputFailed(errno: writeFailure), context: context)
        } else if let failure {
            code = report(failure, context: context)
        }
        context.stderr.flush()
        return code
    }

    /// The `errno` of a failure of standard output a command learned without writing (the live checklist watching
    /// its stdout pipe), or nil.
    private static func standardOutputFailure(_ error: (any Error)?) -> Int32? {
        guard case .standardOutputFailed(let code) = error as? CLIIOError else { return nil }
        return code
    }

    /// Ends the process with `code`; `.brokenPipe` ends it by SIGPIPE itself, with that signal's default action, so
    /// that a shell or a parent sees what it sees of any program whose reader went away (status 141 in the shell).
    ///
    /// The executable ignores SIGPIPE while a command runs, so that a closed pipe is an `EPIPE` the command stops at,
    /// with its cleanup done (the terminal given back, a run abandoned), rather than a death in the middle of a write.
    package static func exit(_ code: ExitCode) -> Never {
        if code == .brokenPipe {
            var action = sigaction(handler: SIG_DFL)
            sigaction(SIGPIPE, &action, nil)
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
            raise(SIGPIPE)
        }
        LibC.exit(code.rawValue)  // also for `.brokenPipe` if SIGPIPE did not end the process: the same status
    }

    private static func dispatch(_ arguments: [String], context: CLIContext) throws -> ExitCode {
        guard let first = arguments.first else {
            // No subcommand is a usage mistake: the help goes where errors go, so `pwaudit > out` shows it.
            context.stderr.write(helpText)
            return .usage
        }
        switch first {
        case "-h", "--help":
            context.stdout.write(helpText)
            return .success
        case "--version":
            context.stdout.line("pwaudit \(version)")
            return .success
        case "help":
            context.stdout.write(try command(at: Array(arguments.dropFirst()))?.helpText ?? helpText)
            return .success
        default:
            guard let command = command(named: first) else {
                throw UsageError("unknown subcommand '\(first)'" + Self.didYouMean(first, among: commands))
            }
            return try execute(command, Array(arguments.dropFirst()), context: context)
        }
    }

    /// The top-level help text.
    private static var helpText: String { help.rendered(options: [Flag.help, Flag.version]) }

    private static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.help.name == name }
    }

    /// The command `pwaudit help` names by its words (`policy add`); nil for none (the top level).
    /// - Throws: `UsageError` for a word that names no command.
    private static func command(at words: [String]) throws(UsageError) -> (any CLICommand.Type)? {
        var found: (any CLICommand.Type)?
        for word in words {
            guard let next = found.map({ $0.subcommand(named: word) }) ?? command(named: word) else {
                let typed = (found.map { $0.help.name + " " } ?? "") + word
                let hint = didYouMean(word, among: found?.subcommands ?? commands)
                throw UsageError("unknown subcommand '\(typed)'" + hint, command: found?.help.name)
            }
            found = next
        }
        return found
    }

    /// `; did you mean 'report'?` when a command's word is close to `typed`, else nothing.
    private static func didYouMean(_ typed: String, among commands: [any CLICommand.Type]) -> String {
        NameSuggestion.didYouMean(typed, among: commands.map { $0.word })
    }

    /// The command whose full name is `name` (`policy list`), if any.
    private static func command(fullName name: String) -> (any CLICommand.Type)? {
        try? command(at: name.split(separator: " ").map(String.init))
    }

    /// Parses `arguments` for `command` and runs it.
    ///
    /// A command group first finds its subcommand word: the first argument that is not an option or an option's
    /// value, scanned against the options of all its subcommands (so `policy --db a.db list` still works); the
    /// subcommand then parses the rest against its own options alone.
    private static func execute(
        _ command: any CLICommand.Type, _ arguments: [String], context: CLIContext
    ) throws -> ExitCode {
        guard !command.subcommands.isEmpty else {
            let parsed = try ParsedArguments(arguments, options: command.options, command: command.help.name)
            if parsed.wantsHelp {
                context.stdout.write(command.helpText)
                return .success
            }
            return try command.run(parsed, context: context)
        }
        let scanned = try ParsedArguments(
            scanning: arguments, options: command.options + command.subcommands.flatMap { $0.options },
            command: command.help.name)
        if let index = scanned.firstPositionalIndex {
            guard let subcommand = command.subcommand(named: arguments[index]) else {
                let hint = didYouMean(arguments[index], among: command.subcommands)
                throw UsageError(
                    "unknown subcommand '\(command.help.name) \(arguments[index])'" + hint, command: command.help.name)
            }
            var rest = arguments
            rest.remove(at: index)
            return try execute(subcommand, rest, context: context)
        }
        if scanned.wantsHelp {
            context.stdout.write(command.helpText)
            return .success
        }
        if let fallback = command.defaultSubcommand { return try execute(fallback, arguments, context: context) }
        return try command.run(scanned, context: context)
    }

    /// Prints `error` as one line on stderr (with usage for usage errors) and returns its exit code.
    package static func report(_ error: any Error, context: CLIContext) -> ExitCode {
        let code = ErrorExitCode.code(for: error)
        // Messages echo paths, labels and names as typed: made terminal-safe like every listing.
        context.stderr.line("Error: \(ReportText.terminalSafe(ErrorExitCode.message(for: error)))")
        if let usage = error as? UsageError {
            // A group's own mistake (`policy lst`, `policy` alone) shows the group's usage, not its first
            // subcommand's; a subcommand's shows that subcommand's line.
            let usageLine = usage.command.flatMap(command(fullName:))?.usageLine ?? help.usageLine
            context.stderr.line("Usage: \(usageLine)")
            let target = usage.command.map { "pwaudit \($0) --help" } ?? "pwaudit --help"
            context.stderr.line("See '\(target)' for more information.")
        }
        return code
    }
}
