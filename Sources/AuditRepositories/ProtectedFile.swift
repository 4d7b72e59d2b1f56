/// A file an output must never replace: the database, its journals, its key, or the input being read.
package struct ProtectedFile: Sendable, Equatable {
    /// The file's path (absolute, or relative to the process's working directory).
    package var path: String
    /// What the file is, as a message names it (`the database`, `the input file`).
    package var role: String

    /// A protected file.
    package init(path: String, role: String) {
        self.path = path
        self.role = role
    }

    /// The input file a command reads.
    package static func input(_ path: String) -> ProtectedFile { ProtectedFile(path: path, role: "the input file") }
}
