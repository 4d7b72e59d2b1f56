import PolicyCSV

/// Where an import reads its CSV from.
package enum ImportSource: Sendable, Equatable {
    /// A file on disk (absolute path).
    case file(path: String)
    /// The process's standard input (`-` on the command line), or any readable descriptor.
    case descriptor(Int32, name: String)
    /// Bytes the program makes itself (the demo sample), streamed without a file; `open` makes a fresh source.
    case generated(name: String, open: @Sendable () -> any ByteSource)

    /// The name recorded on the run: the file's last path component, `stdin`, or the generated source's name.
    package var displayName: String {
        switch self {
        case .file(let path): path.split(separator: "/").last.map(String.init) ?? path
        case .descriptor(_, let name), .generated(let name, _): name
        }
    }

    /// Opens the bytes to read: the file, the descriptor (left open), or a fresh generated source.
    /// - Throws: `CSVImportError.cannotOpen` for a file that cannot be opened.
    package func openBytes() throws(CSVImportError) -> any ByteSource {
        switch self {
        case .file(let path): try FileByteSource(path: path)
        case .descriptor(let descriptor, _): FileByteSource(fileDescriptor: descriptor)
        case .generated(_, let open): open()
        }
    }

    /// True for a file, whose earlier import is detected before reading; other sources are checked after.
    package var isFile: Bool {
        if case .file = self { true } else { false }
    }

    /// Files compare by path, descriptors by number and name, generated sources by name (closures have no identity).
    package static func == (lhs: ImportSource, rhs: ImportSource) -> Bool {
        switch (lhs, rhs) {
        case (.file(let a), .file(let b)): a == b
        case (.descriptor(let a, let aName), .descriptor(let b, let bName)): a == b && aName == bName
        case (.generated(let a, _), .generated(let b, _)): a == b
        default: false
        }
    }
}
