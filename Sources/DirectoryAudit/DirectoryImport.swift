import AuditCrypto
import AuditRepositories
import BreachCorpus
import Foundation
import PasswordPolicy
import PolicyAudit

/// A directory audit (`pwaudit import --ntds`): reads an NTDS extract, its potfile and privileged groups, assesses
/// every account (`DirectoryFindings`), scores the cracked ones against policy versions through the CSV import (an
/// in-memory source: the run lifecycle, candidates, summaries, history and compliance are those of a CSV run), and
/// stores every account with its findings in the run's completing transaction.
///
/// Nothing stored or printed holds a hash or a password: the NT hash is kept as HMAC-SHA256 under the fingerprint key
/// (so the same hash in two audits under one key is recognisable, and nothing else is), a cracked password as the
/// candidate's fingerprint and features.
package struct DirectoryImport {
    /// The run's source name: `ntds:` and the extract's file name.
    package static let sourcePrefix = "ntds:"
    let workspace: AuditWorkspace

    /// An audit stored into `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Runs the audit.
    /// - Throws: `DirectoryAuditError`, `CorpusError`, and what `CSVImport.run` throws.
    package func run(_ request: DirectoryImportRequest) throws -> DirectoryImportResult {
        let reading = try ExtractParser(includeMachines: request.includeMachines, enabledOnly: request.enabledOnly)
            .parse(path: request.extractPath)
        let extractName = (request.extractPath as NSString).lastPathComponent
        guard !reading.accounts.isEmpty else {
            throw DirectoryAuditError.noAccounts(path: request.extractPath, linesRead: reading.linesRead)
        }
        let potfile =
            try request.potfilePath.map { path throws(DirectoryAuditError) in try Potfile(path: path) }
            ?? Potfile()
        let groups = try GroupMembership(paths: request.groupPaths)
        let key = try workspace.fingerprintKey()
        let corpora = try breachCorpora(request)
        let assessments = try DirectoryFindings.assess(reading.accounts, potfile: potfile, groups: groups) {
            try Self.breachCounts(of: $0, in: corpora)
        }
        let fingerprinter = Fingerprinter(key: key)
        let names = reading.accounts.map { account in
            request.redactAccounts ? Self.pseudonym(of: account, fingerprinter: fingerprinter) : account.qualifiedName
        }
        var scored: [CrackedAccountsCSV.Row] = []
        for (ordinal, account) in reading.accounts.enumerated() where assessments[ordinal].cracked {
            guard let password = potfile[account.ntHash], !password.isEmpty else { continue }
            scored.append(
                .init(ordinal: ordinal, username: names[ordinal], password: password, time: account.passwordLastSet))
        }
        // By ordinal, the line of the account's candidate (nil: not scored).
        var candidateLines = [Int?](repeating: nil, count: reading.accounts.count)
        for (row, line) in zip(scored, CrackedAccountsCSV.lines(of: scored)) { candidateLines[row.ordinal] = line }
        let rows = Self.accountRows(
            reading.accounts, assessments: assessments, names: names, candidateLines: candidateLines,
            redacted: request.redactAccounts, key: key)
        let counts = DirectoryCounts(assessments)
        var summary = RunDirectorySummary(
            extractName: extractName, potfileName: request.potfilePath.map { ($0 as NSString).lastPathComponent },
            accounts: counts.accounts, cracked: counts.cracked, scored: 0, emptyPassword: counts.emptyPassword,
            lmHash: counts.lmHash, sharedHash: counts.sharedHash, breached: counts.breached,
            breachCorpora: corpora.count, linesRead: reading.linesRead, machineAccounts: reading.machineAccounts,
            machinesIncluded: request.includeMachines, historyLines: reading.historyLines,
            withoutNTHash: reading.withoutNTHash, disabledAccounts: reading.disabledAccounts,
            disabledExcluded: reading.disabledExcluded, malformedLines: reading.malformed.count,
            potfileLines: potfile.linesRead, potfileUnmatched: potfile.unmatched + potfile.malformed.count,
            redacted: request.redactAccounts)

        let cracked = scored
        var csv = CSVImportRequest(
            source: .generated(name: Self.sourcePrefix + extractName) { CrackedAccountsCSV.source(cracked) })
        csv.versions = request.versions
        csv.label = request.label
        csv.strength = request.strength
        csv.progress = request.progress
        csv.again = true  // the extract, not the generated CSV, is the input: every audit is its own run
        let directory = workspace.directory
        csv.completing = { runID, accepted in
            summary.scored = accepted
            try directory.write(summary: summary, accounts: rows, runID: runID)
        }
        guard case .imported(let result) = try CSVImport(workspace: workspace).run(csv) else {
            preconditionFailure("an import with `again` set never finds its input already imported")
        }
        summary.scored = result.accepted
        return DirectoryImportResult(
            scoring: result, summary: summary, counts: counts,
            malformed: reading.malformed + potfile.malformed + groups.malformed)
    }

    /// Each account's stored row, built on up to 4 threads: a row holds an HMAC of its NT hash, and a million of
    /// them took a second on one thread while the other core waited.
    static func accountRows(
        _ accounts: [ExtractAccount], assessments: [AccountAssessment], names: [String], candidateLines: [Int?],
        redacted: Bool, key: HMACSHA256Key
    ) -> [DirectoryAccountRow] {
        ParallelArray.make(count: accounts.count) { share, initialize in
            let fingerprinter = Fingerprinter(key: key)
            var message = Array("pwaudit nt hash\0".utf8) + [UInt8](repeating: 0, count: 16)
            let tagCount = message.count - 16
            for ordinal in share {
                let account = accounts[ordinal]
                let item = assessments[ordinal]
                account.ntHash.withUnsafeBytes { bytes in
                    for index in 0..<16 { message[tagCount + index] = bytes[index] }
                }
                initialize(
                    ordinal,
                    DirectoryAccountRow(
                        ordinal: ordinal, username: names[ordinal], rid: redacted ? nil : account.rid,
                        ntFingerprint: fingerprinter.fingerprint(message), cracked: item.cracked,
                        emptyPassword: item.emptyPassword, lmHash: item.lmHash, sharedWith: item.sharedWith,
                        sharedGroup: item.sharedGroup, breachCount: item.breachCount,
                        usernameInPassword: item.usernameInPassword.rawValue, groups: item.groups,
                        disabled: account.isDisabled, machine: account.isMachine,
                        passwordLastSetAt: account.passwordLastSet, candidateLine: candidateLines[ordinal],
                        passwordLength: item.passwordLength))
            }
        }
    }

    /// The `hibp-ntlm` corpora every NT hash is looked up in: those the scored versions name and those asked for.
    private func breachCorpora(_ request: DirectoryImportRequest) throws -> [HIBPCorpus] {
        let library = PolicyLibrary(workspace: workspace)
        let versions = request.versions.isEmpty ? try library.latestOfEveryPolicy() : request.versions
        var references = Set(request.corpusPaths.map { BreachCorpusReference(format: .ntlm, path: $0) })
        for version in versions {
            references.formUnion(try library.policy(of: version).breachCorpusReferences.filter { $0.format == .ntlm })
        }
        return try references.sorted { $0.path < $1.path }.map { try PolicyCompiler.corpus($0) }
    }

    /// How often `corpora` saw each hash (the highest count of any), looked up on up to 4 threads: the corpora are
    /// memory-mapped and searched in place, so lookups share nothing but the pages.
    /// - Throws: The first `CorpusError` met (a damaged line).
    static func breachCounts(of hashes: [NTDigest], in corpora: [HIBPCorpus]) throws -> [Int] {
        var counts = [Int](repeating: 0, count: hashes.count)
        guard !corpora.isEmpty, !hashes.isEmpty else { return counts }
        let threads = ParallelArray.threads(for: hashes.count)
        let failure = FirstFailure()
        counts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let counts = buffer  // each thread writes its own indices
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in stride(from: thread, to: hashes.count, by: threads) {
                    let digest = hashes[index].bytes
                    do {
                        var highest = 0
                        for corpus in corpora { highest = max(highest, try corpus.occurrences(ofDigest: digest)) }
                        counts[index] = highest
                    } catch {
                        failure.record(error)
                        return
                    }
                }
            }
        }
        if let error = failure.error { throw error }
        return counts
    }

    /// The first error of several threads.
    private final class FirstFailure: @unchecked Sendable {  // `error` only under `lock`
        private let lock = NSLock()
        private var first: (any Error)?

        func record(_ error: any Error) {
            lock.lock()
            if first == nil { first = error }
            lock.unlock()
        }

        var error: (any Error)? {
            lock.lock()
            defer { lock.unlock() }
            return first
        }
    }

    /// A stable pseudonym for `account` under the fingerprint key: `account-` and 16 hexadecimal digits of the keyed
    /// digest of its lowercased qualified name, so the same account has the same pseudonym in every audit.
    static func pseudonym(of account: ExtractAccount, fingerprinter: Fingerprinter) -> String {
        let digest = fingerprinter.fingerprint(utf8: "pwaudit account\0" + account.qualifiedName.lowercased())
        return "account-" + digest.hex.prefix(16)
    }
}
