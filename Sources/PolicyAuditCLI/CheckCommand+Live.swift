import LibC
import PasswordPolicy
import PolicyAudit
import PolicyCSV

extension CheckCommand {
    /// Stdin is a terminal: the live checklist, ticking as the user types, until Enter, Ctrl-D or Ctrl-C.
    ///
    /// The checklist is drawn on stdout when it is a terminal, else on stderr; the verdict goes to stdout (a
    /// sentence on a terminal, the JSON line of the line-by-line mode otherwise).
    static func live(
        policy: CompiledPolicy, username: String?, email: String?, recorder: InteractiveCheckRecorder?,
        context: CLIContext
    ) throws -> ExitCode {
        let onStdout = context.stdout.isTerminal
        let display = onStdout ? context.stdout : context.stderr
        let mode = TerminalMode(input: context.stdinDescriptor, output: onStdout ? 1 : 2, watching: onStdout ? nil : 1)
        let drawing: FrameDiff.Drawing = display.isTerminal && context.environment["TERM"] != "dumb" ? .ansi : .plain
        let width = mode.columns() ?? context.environment["COLUMNS"].flatMap { Int($0) } ?? 80
        let view = TerminalChecklistView(
            output: display, drawing: drawing,
            style: ChecklistStyle.forTerminal(display.isTerminal, environment: context.environment), width: width)
        let checklist = LiveChecklist(policy: policy, view: view, username: username, email: email)
        context.stderr.line("Type a candidate password (hidden). Enter checks it, Ctrl-C cancels.")
        context.stderr.flush()

        mode.enter(escapes: drawing == .ansi)
        var restored = false
        defer { if !restored { mode.restore() } }
        view.frameDidChange = { mode.setRowsToLeave($0) }
        checklist.start()
        let step = try readKeys(
            into: checklist, mode: mode, input: context.stdinDescriptor, stdout: context.stdout)
        mode.restore()
        restored = true

        guard step == .submit else {
            context.stderr.line("cancelled: nothing checked or recorded")
            return .interrupted
        }
        if let refusal = checklist.refusal {  // never judged, nor recorded, as its cut first bytes
            printRefusal(refusal, context: context)
            if recorder != nil { context.stderr.line("not recorded: an import would reject it (\(refusal.rawValue))") }
            return .findings
        }
        let evaluation = policy.evaluate(
            Candidate(password: checklist.candidate, username: username, email: email))
        try PolicyCompiler.checkCorpora(of: [policy.policy])  // a damaged corpus stops before a verdict, as line mode
        printVerdict(evaluation, context: context)
        if let recorder {
            switch try recorder.record(password: checklist.candidate, username: username, email: email) {
            case .recorded(let runID): context.stderr.line("recorded as run \(runID) (source 'interactive')")
            case .refused(let reason):
                context.stderr.line("not recorded: an import would reject it (\(reason.rawValue))")
            }
        }
        return evaluation.unlocksReset ? .success : .findings
    }

    /// The recorder for `--record`, on the database `resolve` opened for writing: made before anything is typed, so a
    /// missing database or key is reported first.
    static func makeRecorder(_ policy: PolicyArgument) throws -> InteractiveCheckRecorder {
        guard let version = policy.version, let workspace = policy.workspace else {
            throw UsageError(
                "--record needs a stored policy NAME[@N]; store the file first with 'pwaudit policy add'",
                command: "check")
        }
        return try InteractiveCheckRecorder(workspace: workspace, version: version, policy: policy.compiled)
    }

    /// Feeds what the terminal sends to `checklist` until it submits or is interrupted; redraws after `fg` and
    /// re-wraps after a resize. Stops at the first failed write to `stdout` (where the checklist is drawn when it is
    /// a terminal), never reading on.
    private static func readKeys(
        into checklist: LiveChecklist, mode: TerminalMode, input: Int32, stdout: OutputSink
    ) throws(CLIIOError) -> LiveChecklist.Step {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            try stdout.throwIfWriteFailed()
            let wake = mode.wait()
            // Stdout (not the terminal) lost its reader: the verdict has nowhere to go, so nothing more is read.
            if wake.watchedFailed { throw .standardOutputFailed(errno: EPIPE) }
            if wake.continued {
                mode.reenter()
                checklist.view.forgetScreen()
                checklist.view.redraw()
            }
            if wake.resized, let width = mode.columns() { checklist.view.resize(to: width) }
            guard wake.input else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .readFailed(what: "the terminal", errno: errno)
            }
            if count == 0 { return .interrupt }  // the terminal hung up: nothing was confirmed
            let step = checklist.handle(buffer[0..<count])
            try stdout.throwIfWriteFailed()  // its frame is lost: nothing typed after it is taken
            switch step {
            case .proceed: continue
            case .suspend: mode.suspend()  // returns after `fg`; the SIGCONT handler wakes `wait()` to redraw
            case let step: return step
            }
        }
    }

    /// The refusal of an input over the import's limit on stdout, as `printVerdict` does a verdict: `reset locked
    /// (input refused: password-too-long)` on a terminal, else line mode's JSON line for a refused line.
    private static func printRefusal(_ refusal: RejectReason, context: CLIContext) {
        if context.stdout.isTerminal {
            context.stdout.line("verdict: reset locked (input refused: \(refusal.rawValue))")
        } else {
            context.stdout.line("{\"line\":1,\"rejected\":\"\(refusal.rawValue)\"}")
        }
    }

    /// The verdict on stdout: `reset unlocked`, or `reset locked` with the failing reason codes, on a terminal; the
    /// line-by-line mode's JSON line otherwise.
    private static func printVerdict(_ evaluation: PolicyEvaluation, context: CLIContext) {
        if context.stdout.isTerminal {
            context.stdout.line(
                evaluation.unlocksReset
                    ? "verdict: reset unlocked"
                    : "verdict: reset locked (\(evaluation.failingCodes.joined(separator: ", ")))")
        } else {
            let failing = evaluation.failingCodes.map { "\"\($0)\"" }.joined(separator: ",")
            context.stdout.line("{\"line\":1,\"unlocksReset\":\(evaluation.unlocksReset),\"failing\":[\(failing)]}")
        }
    }
}
