import Foundation
import PolicyAuditCLI

// A closed stdout pipe must be an EPIPE the CLI reports (exit 74), not a silent death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let context = CLIContext.process()
let code = PolicyAuditCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(code.rawValue)
