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

extension AuditLocation {
    /// The database, the journals SQLite keeps beside it (`-wal`, `-shm`, `-journal`, whether or not they exist
    /// yet) and the key file: what no output may overwrite.
    ///
    /// SQLite names its journals after the database's resolved path, so when the database is reached through a
    /// symbolic link the journals beside its target are protected too.
    package var protectedFiles: [ProtectedFile] {
        let resolved = OutputFile.resolvedPath(databasePath)
        let bases = resolved == databasePath ? [databasePath] : [databasePath, resolved]
        let journals = bases.flatMap { base in
            [
                ProtectedFile(path: base + "-wal", role: "the database's write-ahead log"),
                ProtectedFile(path: base + "-shm", role: "the database's shared-memory file"),
                ProtectedFile(path: base + "-journal", role: "the database's journal"),
            ]
        }
        return [ProtectedFile(path: databasePath, role: "the database")] + journals
            + [ProtectedFile(path: keyPath, role: "the key file")]
    }
}
