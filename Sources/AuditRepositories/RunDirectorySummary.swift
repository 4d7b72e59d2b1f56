/// What a directory audit read and found (`run_directory_summary`, schema 15): one row per directory run, which makes
/// it one. Every total says what it counts: accounts, or cracked accounts.
package struct RunDirectorySummary: Sendable, Equatable {
    /// The extract's file name.
    package var extractName: String
    /// The potfile's file name, when one was given.
    package var potfileName: String?
    /// Accounts audited.
    package var accounts: Int
    /// Accounts whose password is known (the potfile's, or the empty password).
    package var cracked: Int
    /// Cracked accounts scored against the versions (a non-empty password, accepted as a candidate).
    package var scored: Int
    /// Accounts with the empty password's NT hash.
    package var emptyPassword: Int
    /// Accounts with an LM hash stored.
    package var lmHash: Int
    /// Accounts whose NT hash at least one other account also has.
    package var sharedHash: Int
    /// Accounts whose NT hash a breach corpus holds.
    package var breached: Int
    /// Breach corpora checked.
    package var breachCorpora: Int
    /// Extract lines read.
    package var linesRead: Int
    /// Machine accounts in the extract (audited only when `machinesIncluded`).
    package var machineAccounts: Int
    /// Whether machine accounts were audited.
    package var machinesIncluded: Bool
    /// Password-history lines, counted apart.
    package var historyLines: Int
    /// Account lines without an NT hash, counted apart.
    package var withoutNTHash: Int
    /// Disabled accounts in the extract.
    package var disabledAccounts: Int
    /// Disabled accounts left out (`--enabled-only`).
    package var disabledExcluded: Int
    /// Extract lines that could not be read.
    package var malformedLines: Int
    /// Potfile lines read.
    package var potfileLines: Int
    /// Potfile lines whose plaintext does not give their hash, or that could not be read.
    package var potfileUnmatched: Int
    /// Account names were replaced by pseudonyms.
    package var redacted: Bool

    /// Creates a summary.
    package init(
        extractName: String, potfileName: String?, accounts: Int, cracked: Int, scored: Int, emptyPassword: Int,
        lmHash: Int, sharedHash: Int, breached: Int, breachCorpora: Int, linesRead: Int, machineAccounts: Int,
        machinesIncluded: Bool, historyLines: Int, withoutNTHash: Int, disabledAccounts: Int, disabledExcluded: Int,
        malformedLines: Int, potfileLines: Int, potfileUnmatched: Int, redacted: Bool
    ) {
        self.extractName = extractName
        self.potfileName = potfileName
        self.accounts = accounts
        self.cracked = cracked
        self.scored = scored
        self.emptyPassword = emptyPassword
        self.lmHash = lmHash
        self.sharedHash = sharedHash
        self.breached = breached
        self.breachCorpora = breachCorpora
        self.linesRead = linesRead
        self.machineAccounts = machineAccounts
        self.machinesIncluded = machinesIncluded
        self.historyLines = historyLines
        self.withoutNTHash = withoutNTHash
        self.disabledAccounts = disabledAccounts
        self.disabledExcluded = disabledExcluded
        self.malformedLines = malformedLines
        self.potfileLines = potfileLines
        self.potfileUnmatched = potfileUnmatched
        self.redacted = redacted
    }
}
