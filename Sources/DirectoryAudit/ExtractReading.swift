/// What an NTDS extract held: the accounts audited and everything counted apart, each named in the summary.
package struct ExtractReading: Sendable, Equatable {
    /// The accounts to audit, in file order.
    package var accounts: [ExtractAccount] = []
    /// Lines read (every line, blank ones included).
    package var linesRead = 0
    /// Machine accounts (`…$`), audited only when asked for.
    package var machineAccounts = 0
    /// Password-history lines (`user_history0`, …), never audited: they are former passwords.
    package var historyLines = 0
    /// Account lines without an NT hash.
    package var withoutNTHash = 0
    /// Disabled accounts (`status=Disabled`), audited unless `enabledOnly`.
    package var disabledAccounts = 0
    /// Disabled accounts left out by `enabledOnly`.
    package var disabledExcluded = 0
    /// `secretsdump`'s own log lines (`[*] …`) and blank lines, skipped.
    package var skippedLines = 0
    /// The lines that could not be read; every other line is kept.
    package var malformed: [MalformedLine] = []

    /// An empty reading.
    package init() {}

    /// Appends the reading of the lines that follow these (numbered from 1 in `later`): its accounts after these and
    /// its malformed lines, both renumbered after these lines, and its counts added.
    mutating func append(_ later: ExtractReading) {
        let offset = linesRead
        accounts.reserveCapacity(accounts.count + later.accounts.count)
        for var account in later.accounts {
            account.line += offset
            accounts.append(account)
        }
        machineAccounts += later.machineAccounts
        historyLines += later.historyLines
        withoutNTHash += later.withoutNTHash
        disabledAccounts += later.disabledAccounts
        disabledExcluded += later.disabledExcluded
        skippedLines += later.skippedLines
        malformed += later.malformed.map { MalformedLine(file: $0.file, line: $0.line + offset, reason: $0.reason) }
        linesRead += later.linesRead
    }
}
