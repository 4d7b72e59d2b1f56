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

    /// Appends the reading of the lines that follow these (numbered on from them): its accounts and malformed lines
    /// after these, its counts added.
    mutating func append(_ later: ExtractReading) {
        accounts += later.accounts
        machineAccounts += later.machineAccounts
        historyLines += later.historyLines
        withoutNTHash += later.withoutNTHash
        disabledAccounts += later.disabledAccounts
        disabledExcluded += later.disabledExcluded
        skippedLines += later.skippedLines
        malformed += later.malformed
        linesRead = later.linesRead
    }
}
