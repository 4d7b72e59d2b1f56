import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyAudit

/// A `--policy` value: a policy file, or a stored version `NAME[@N]`.
struct PolicyArgument {
    /// The compiled policy.
    let compiled: CompiledPolicy
    /// What to call it in output: `name@N` or the file path.
    let reference: String
    /// The stored version it is, nil for a policy file.
    var version: StoredVersion? = nil
    /// The database the version was read from (nil for a policy file): read-only unless `resolve` was asked to
    /// open it for recording.
    var workspace: AuditWorkspace? = nil

    /// Resolves `text`: an existing file (or anything with a `/` or `.json`) is read as a policy file; otherwise it
    /// names a stored version in the database the options name, opened read-only or, when the caller will record
    /// fingerprints in it (`recording`), for writing with a warning about an exposed key.
    static func resolve(
        _ text: String, arguments: ParsedArguments, context: CLIContext, recording: Bool = false
    ) throws -> PolicyArgument {
        let path = context.resolve(text)
        let looksLikeFile =
            text.contains("/") || text.hasSuffix(".json") || FileManager.default.fileExists(atPath: path)
        guard !looksLikeFile, let stored = PolicyReference(parsing: text) else {
            return PolicyArgument(
                compiled: try PolicyFileLoader.compile(path: path), reference: text)
        }
        let workspace =
            try recording
            ? StoreOptions.openForFingerprinting(arguments, context: context)
            : StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let version = try library.version(stored)
        return PolicyArgument(
            compiled: try PolicyCompiler.compile(library.policy(of: version)), reference: version.reference,
            version: version, workspace: workspace)
    }

    /// Resolves stored version references (`NAME`, `NAME@N`) against `workspace`.
    static func storedVersions(
        _ references: [String], workspace: AuditWorkspace, command: String
    ) throws -> [StoredVersion] {
        let library = PolicyLibrary(workspace: workspace)
        return try references.map { try library.version(reference($0, command: command)) }
    }

    /// Parses a stored version reference (`NAME` or `NAME@N`) given on the command line.
    /// - Throws: `UsageError` naming the text when it is not of that shape.
    static func reference(_ text: String, command: String) throws(UsageError) -> PolicyReference {
        guard let reference = PolicyReference(parsing: text) else {
            throw UsageError("'\(text)' is not a policy reference (NAME or NAME@N)", command: command)
        }
        return reference
    }
}
