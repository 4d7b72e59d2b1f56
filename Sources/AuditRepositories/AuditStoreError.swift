import ExitStatus

/// Why an audit store could not be used as asked, in the use cases' words: each store maps its own failures to these
/// (or to an error of its own that is a `UserFacingError`).
package enum AuditStoreError: Equatable, UserFacingError {
    /// No database file at the path.
    case databaseMissing(path: String)
    /// The path names a directory (an empty `--db=` names the working directory), not a database file.
    case databaseIsDirectory(path: String)
    /// The store exists but is not a pwaudit database: empty (`tableCount` 0) or another application's (an SQLite file,
    /// a server's database with tables).
    case notAPwauditDatabase(path: String, tableCount: Int)
    /// A read-only command found an older pwaudit schema, which only a write command may migrate.
    case schemaNeedsMigration(path: String, found: Int, supported: Int)
    /// `init` found a key file but no database: the key may belong to a database that was moved.
    case orphanKey(keyPath: String)
    /// The database holds candidates but its key file is gone: a new key would not match.
    case keyLostForExistingData(keyPath: String)
    /// No policy version matches a `NAME[@N]` reference.
    case unknownPolicy(reference: String)
    /// No version of the policy was in force on the date.
    case noVersionInForce(name: String, date: String)
    /// No import run matches.
    case unknownRun(reference: String)
    /// The run is not `running`, so it cannot be completed, failed or written to.
    case runNotRunning(id: Int64, status: RunStatus)
    /// The run is `running` and its importer holds its lease: it cannot be deleted under it.
    case runBeingImported(id: Int64, pid: Int32)
    /// The database holds no policy yet.
    case noPolicies
    /// A stored version names a word list by reference that the database does not hold (damaged or edited).
    case missingWordList(name: String)
    /// A command that fingerprints (or creates the store) was given no key file for a store that keeps none beside it
    /// (a server: the key never goes there); `store` is the address as it may be shown.
    case keyFileRequired(store: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .databaseMissing, .unknownPolicy, .unknownRun, .noVersionInForce, .noPolicies: .noInput
        case .missingWordList, .runNotRunning, .runBeingImported: .dataError
        case .keyFileRequired: .usage
        case .orphanKey, .keyLostForExistingData, .notAPwauditDatabase, .databaseIsDirectory, .schemaNeedsMigration:
            .dataError
        }
    }

    /// `notAPwauditDatabase`'s sentence, in the words of the store `path` names: a file (empty, or another
    /// application's SQLite database) or a server's database (no table, or another application's tables).
    private static func notPwauditMessage(path: String, tableCount count: Int) -> String {
        guard case .postgres = StoreAddress(path) else {
            return count == 0
                ? "\(path) is an empty file, not a pwaudit database; pwaudit left it untouched (make it one with "
                    + "'pwaudit init --db \(path)')"
                : "\(path) is not a pwaudit database: it is an SQLite database with \(count) table(s) of another "
                    + "application; pwaudit left it untouched — check the --db path"
        }
        return count == 0
            ? "\(path) is an empty database, not a pwaudit one (no pwaudit schema); make it one with "
                + "'pwaudit init --db \(path)'"
            : "\(path) is not a pwaudit database: it holds \(count) table(s) of another application; pwaudit left it "
                + "untouched — check the --db URI (pwaudit needs a database of its own)"
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .databaseMissing(let path):
            "no pwaudit database at \(path); create one with 'pwaudit init --db \(path)'"
        case .databaseIsDirectory(let path):
            "\(path) is a directory, not a database file; name the database file itself with --db (e.g. "
                + "--db \(path.hasSuffix("/") ? path : path + "/")pwaudit.db)"
        case .notAPwauditDatabase(let path, let count):
            Self.notPwauditMessage(path: path, tableCount: count)
        case .schemaNeedsMigration(let path, let found, let supported):
            "\(path) has pwaudit schema \(found) and this pwaudit needs schema \(supported); read-only commands never "
                + "migrate: run 'pwaudit init --db \(path)' once with write access to upgrade it"
        case .orphanKey(let keyPath):
            "a fingerprint key already exists at \(keyPath) but its database does not; move the key away or pass "
                + "--key-file for the new database"
        case .keyLostForExistingData(let keyPath):
            "the database holds candidates but its fingerprint key \(keyPath) is missing; restore that key "
                + "(a new key would not match the stored fingerprints)"
        case .unknownPolicy(let reference):
            "no stored policy version '\(reference)'; see 'pwaudit policy list'"
        case .noVersionInForce(let name, let date):
            "no version of policy '\(name)' was in force on \(date)"
        case .unknownRun(let reference):
            "no import run '\(reference)'; see 'pwaudit runs'"
        case .runNotRunning(let id, let status):
            "Import run \(id) is already \(status.rawValue) and cannot change state again."
        case .runBeingImported(let id, let pid):
            "run \(id) is being imported by process \(pid); wait for it to finish, or stop that process (a run whose "
                + "import died is stale and can be deleted)"
        case .missingWordList(let name):
            "the database lacks the entries of word list \(name) that a stored version names; add the policy again"
        case .noPolicies:
            "the database holds no policy yet; add one with 'pwaudit policy add FILE'"
        case .keyFileRequired(let store):
            "\(store) keeps no fingerprint key: name the key file with --key-file (or PWAUDIT_KEY_FILE); the key stays "
                + "on this machine and never goes to the server"
        }
    }
}
