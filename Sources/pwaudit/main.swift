import AuditStores
import Foundation
import PolicyAuditCLI

// The composition: the stores this build includes (AuditStores names them), handed to the CLI, which names none.
// A closed stdout pipe is an EPIPE the command stops at (its cleanup done), not a death in the middle of a write;
// `PolicyAuditCLI.exit` then ends the process by SIGPIPE, quietly, with the status such a death gives.
signal(SIGPIPE, SIG_IGN)
let context = CLIContext.process(stores: DefaultAuditStoreProvider())
let code = PolicyAuditCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
PolicyAuditCLI.exit(code)
