import Foundation
import PolicyAuditCLI

let context = CLIContext.process()
let code = PolicyAuditCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(code.rawValue)
