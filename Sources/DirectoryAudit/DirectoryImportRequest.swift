import AuditRepositories
import PolicyAudit

/// What `pwaudit import --ntds` was asked to do.
package struct DirectoryImportRequest {
    /// The NTDS extract (absolute path).
    package var extractPath: String
    /// The hashcat potfile, if any (absolute path).
    package var potfilePath: String?
    /// Files of `GROUP:user` lines, or directories of files named after groups: the privileged groups.
    package var groupPaths: [String] = []
    /// Leave disabled accounts out.
    package var enabledOnly = false
    /// Audit machine accounts too.
    package var includeMachines = false
    /// Store pseudonyms instead of account names.
    package var redactAccounts = false
    /// `hibp-ntlm` corpora to check every NT hash against, beside those the versions name.
    package var corpusPaths: [String] = []
    /// The versions the cracked accounts are scored against (empty: the latest of every policy).
    package var versions: [StoredVersion] = []
    /// A label for the run.
    package var label: String?
    /// Store the cracked passwords' strength estimates too.
    package var strength = false
    /// Progress of the scoring import.
    package var progress: ((ImportProgress) -> Void)?

    /// A request to audit `extractPath`.
    package init(extractPath: String) { self.extractPath = extractPath }
}
