import AuditStores

@testable import PolicyAuditCLI

extension CLIContext {
    /// A context whose commands open their stores through the stores this build includes, as the executable's do.
    init(
        stdout: OutputSink, stderr: OutputSink, stdinDescriptor: Int32 = 0,
        environment: [String: String] = [:], currentDirectory: String, ownsProcess: Bool = false
    ) {
        self.init(
            stdout: stdout, stderr: stderr, stdinDescriptor: stdinDescriptor, environment: environment,
            currentDirectory: currentDirectory, ownsProcess: ownsProcess, stores: DefaultAuditStoreProvider())
    }
}
