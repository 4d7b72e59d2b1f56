import AuditRepositories
import BreachCorpus
import Foundation

/// The world a command runs in: its streams, environment, working directory and the stores it may open.
///
/// Commands never touch the process's globals directly, so tests can run them in parallel in-process.
package struct CLIContext {
    package let stdout: OutputSink
    package let stderr: OutputSink
    /// The file descriptor commands read standard input from.
    package let stdinDescriptor: Int32
    package let environment: [String: String]
    /// The directory relative paths are resolved against.
    package let currentDirectory: String
    /// Whether the command has the process to itself (`process()`), so it may set process-wide limits such as the
    /// query's SQLite heap limit; false for a context made in-process (tests run commands side by side).
    package let ownsProcess: Bool
    /// Opens the store `--db` names: the executable's composition chooses it (the CLI names no store module).
    package let stores: any AuditStoreProvider

    /// Creates a context; `ownsProcess` is for `process(stores:)` alone.
    package init(
        stdout: OutputSink, stderr: OutputSink, stdinDescriptor: Int32 = 0,
        environment: [String: String] = [:], currentDirectory: String, ownsProcess: Bool = false,
        stores: any AuditStoreProvider
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.stdinDescriptor = stdinDescriptor
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.ownsProcess = ownsProcess
        self.stores = stores
    }

    /// The context of the running process, opening its stores through `stores`.
    package static func process(stores: any AuditStoreProvider) -> CLIContext {
        // The corpus guard's SIGBUS action goes in first, whenever a corpus is opened later: the live checklist's
        // terminal handler, installed after it, must find it as the action to pass a corpus fault on to.
        CorpusMappingGuard.install()
        return CLIContext(
            stdout: FileDescriptorSink(descriptor: 1), stderr: FileDescriptorSink(descriptor: 2),
            stdinDescriptor: 0, environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath, ownsProcess: true, stores: stores)
    }

    /// `path` made absolute against the current directory (`-` is left alone: it means stdin/stdout).
    package func resolve(_ path: String) -> String {
        if path == "-" || path.hasPrefix("/") { return path }
        return (currentDirectory as NSString).appendingPathComponent(path)
    }

    /// Whether colour may be used on `sink`: a terminal, and neither `NO_COLOR` nor `TERM=dumb`.
    package func allowsColor(on sink: OutputSink) -> Bool {
        Self.allowsColor(isTerminal: sink.isTerminal, environment: environment)
    }

    /// Whether colour may be used on output that is (or is not) a terminal, under `environment`.
    static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
