/// Where an import reads its CSV from.
package enum ImportSource: Sendable, Equatable {
    /// A file on disk (absolute path).
    case file(path: String)
    /// The process's standard input (`-` on the command line), or any readable descriptor.
    case descriptor(Int32, name: String)

    /// The name recorded on the run: the file's last path component, or `stdin`.
    package var displayName: String {
        switch self {
        case .file(let path): path.split(separator: "/").last.map(String.init) ?? path
        case .descriptor(_, let name): name
        }
    }
}
