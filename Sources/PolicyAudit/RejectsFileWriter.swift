import Foundation

/// Writes rejected rows as CSV (`line,reason`): line numbers and reason codes only, never row content.
package final class RejectsFileWriter {
    private let handle: FileHandle
    private let path: String
    private var pending = "line,reason\n"

    /// Creates (or truncates) the file at `path`.
    package init(path: String) throws(ImportError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw .rejectsUnwritable(path: path, reason: "cannot create the file") }
        self.handle = handle
        self.path = path
    }

    /// Adds one rejected row.
    package func add(_ rejection: RowRejection) throws(ImportError) {
        pending += "\(rejection.line),\(rejection.reason.rawValue)\n"
        if pending.utf8.count > 1 << 16 { try flush() }
    }

    /// Writes out what is pending and closes the file.
    package func close() throws(ImportError) {
        try flush()
        try? handle.close()
    }

    private func flush() throws(ImportError) {
        do {
            try handle.write(contentsOf: Data(pending.utf8))
        } catch {
            throw .rejectsUnwritable(path: path, reason: error.localizedDescription)
        }
        pending = ""
    }
}
