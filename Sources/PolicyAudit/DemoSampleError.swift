/// Why the demo sample could not be written.
package enum DemoSampleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output file could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing the output failed part way.
    case writeFailed(reason: String)

    /// One actionable sentence.
    package var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            "Cannot create the demo CSV '\(path)': \(reason); choose a writable path."
        case .writeFailed(let reason):
            "Writing the demo CSV failed: \(reason); check the free space and the output."
        }
    }
}
