/// Repository-level failures that are not SQLite errors.
package enum PolicyStoreError: Error, Equatable, CustomStringConvertible {
    /// No import run has this id.
    case runNotFound(id: Int64)
    /// The run is not `running`, so it cannot be completed or failed again.
    case runNotRunning(id: Int64, status: RunStatus)

    /// One sentence with what to do.
    package var description: String {
        switch self {
        case .runNotFound(let id):
            "There is no import run \(id); list runs with `pwaudit runs`."
        case .runNotRunning(let id, let status):
            "Import run \(id) is already \(status.rawValue) and cannot change state again."
        }
    }
}
