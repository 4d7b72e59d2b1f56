import PolicyCSV

/// Writes rejected rows as CSV (`line,reason`): line numbers and reason codes only, never row content.
package final class RejectsFileWriter {
    /// Where the rejects go.
    package enum Destination {
        /// A file, written through `OutputFile`: it appears (or replaces the old one) only when the import has
        /// read its whole input.
        case file(OutputFile)
        /// A text stream the caller owns (standard output for `--rejects -`); `write` throws when the stream
        /// failed (its reader went away, a full disk), which stops the import at the first failed write.
        case stream(name: String, write: (String) throws(ImportError) -> Void)
    }

    private let destination: Destination
    private var pending = "line,reason\n"

    /// A writer to `destination`; nothing is written before the first flush.
    package init(_ destination: Destination) {
        self.destination = destination
    }

    /// Adds one rejected row.
    package func add(_ rejection: RowRejection) throws(ImportError) {
        pending += "\(rejection.line),\(rejection.reason.rawValue)\n"
        if pending.utf8.count > 1 << 16 { try flush() }
    }

    /// Writes out what is pending and finishes the output (a file is committed).
    package func close() throws(ImportError) {
        try flush()
        guard case .file(let file) = destination else { return }
        do {
            try file.commit()
        } catch {
            throw .rejectsUnwritable(path: file.name, reason: error.reason)
        }
    }

    /// Abandons the output after a failure: a file is discarded and the old one, if any, left as it was.
    package func discard() {
        if case .file(let file) = destination { file.discard() }
    }

    private func flush() throws(ImportError) {
        switch destination {
        case .file(let file):
            do {
                try file.write(pending)
            } catch {
                throw .rejectsUnwritable(path: file.name, reason: error.reason)
            }
        case .stream(_, let write):
            try write(pending)
        }
        pending = ""
    }
}
