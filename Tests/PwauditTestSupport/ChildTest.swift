import Foundation

/// Runs one test of this test bundle in a child process: for behaviour that changes process-wide state (a signal
/// handler, say), which must not happen in the process where the other tests run in parallel.
///
/// The child is this bundle started again with a filter for the one test and `PWAUDIT_CHILD_TEST=<name>` in its
/// environment; the test itself is enabled only there (`isChild(_:)`), so in a normal run it is skipped.
package enum ChildTest {
    /// The environment variable naming the child test to run.
    package static let variable = "PWAUDIT_CHILD_TEST"

    /// Whether this process is the child started for `name`.
    package static func isChild(_ name: String) -> Bool { ProcessInfo.processInfo.environment[variable] == name }

    /// What the child printed and how it ended.
    package struct Outcome: Sendable {
        package let status: Int32
        package let output: String
    }

    /// Runs the Swift Testing test matching `filter` (a test ID pattern, e.g. `Suite/test`) in a child with
    /// `PWAUDIT_CHILD_TEST=name`, and returns its exit status and combined output.
    package static func run(_ name: String, filter: String) throws -> Outcome {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
