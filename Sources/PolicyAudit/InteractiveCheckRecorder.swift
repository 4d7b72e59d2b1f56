import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PasswordPolicy
import PolicyCSV

/// Stores the candidate of an interactive `pwaudit check --record` as a validation attempt: a run of its own with
/// source `interactive` and one candidate (keyed fingerprint, features, the user if given, the time, and its outcome
/// under the stored version), written, summarised and completed by a `RunSession` like an import's.
///
/// So interactive tries show up in `runs`, `report` and `history`. The password is scored by the import's
/// `CandidateScorer` and dropped: it never reaches the store, and the run's source digest is 64 zeros (no input was
/// read; an unkeyed digest of the password would be a copy of it).
package struct InteractiveCheckRecorder {
    /// The source name of every interactive run.
    package static let sourceName = "interactive"
    /// The digest recorded for an interactive run's source: none was read.
    package static let noSourceDigest = String(repeating: "0", count: 64)

    /// Whether `run` holds an interactive check rather than an import (an imported file, even one named
    /// `interactive`, has the digest of its bytes).
    static func isInteractive(_ run: StoredRun) -> Bool {
        run.sourceName == sourceName && run.sourceSHA256 == noSourceDigest
    }

    /// What `record` did.
    package enum Outcome: Equatable, Sendable {
        /// Stored as the only candidate of run `runID`.
        case recorded(runID: Int64)
        /// Not stored: an import would reject this password for `reason` (e.g. `empty-password`).
        case refused(reason: RejectReason)
    }

    private let workspace: AuditWorkspace
    private let version: StoredVersion
    private let policy: CompiledPolicy
    private let key: HMACSHA256Key

    /// A recorder into `workspace` for `version`, compiled as `policy`; loads and checks the fingerprint key now, so
    /// that a missing key is reported before anything is typed.
    /// - Throws: `FingerprintKeyError`, `SQLiteError`.
    package init(workspace: AuditWorkspace, version: StoredVersion, policy: CompiledPolicy) throws {
        self.workspace = workspace
        self.version = version
        self.policy = policy
        key = try workspace.fingerprintKey()
    }

    /// Scores and stores `password` with `username` and `email` (the context rule's facts; only the username is
    /// stored), submitted at `date`.
    /// - Throws: `CorpusError` when a breach corpus the policy names met a damaged line (nothing is stored); the
    ///   store's errors, the run then marked failed.
    package func record(
        password: String, username: String?, email: String?, at date: Date = Date()
    ) throws -> Outcome {
        var password = password
        var username = username
        var email = email
        var submittedAt = (UTCInstant(date) ?? .now()).text
        return try password.withUTF8 { passwordBytes in
            let bytes = UnsafeRawBufferPointer(passwordBytes)
            if let reason = RejectReason.forPassword(bytes) { return .refused(reason: reason) }
            return try Self.withOptionalUTF8(&username) { user in
                try Self.withOptionalUTF8(&email) { mail in
                    try submittedAt.withUTF8 { time in
                        let row = CSVRowFields(
                            line: 1, password: bytes, username: user, email: mail,
                            submittedAt: UnsafeRawBufferPointer(time))
                        return .recorded(runID: try store(row))
                    }
                }
            }
        }
    }

    /// Scores `row` with the import's scoring step, stores it as the one candidate of a new run, and completes the
    /// run; returns its id.
    private func store(_ row: CSVRowFields) throws -> Int64 {
        let scorer = CandidateScorer(policies: [policy], key: key)
        var tally = scorer.emptyTally()
        let scored = scorer.score(row, into: &tally)
        try PolicyCompiler.checkCorpora(of: [policy.policy])  // a damaged corpus stores nothing
        var batch = CandidateBatch(outcomeCount: 1, capacity: 1)
        scorer.append(row, scored: scored, to: &batch)
        let reuse = FingerprintReuseCounter(runCapacity: 1)
        try reuse.add(scored.fingerprint)
        let session = try RunSession.start(
            in: workspace, sourceName: Self.sourceName, sourceBytes: 0, sourceSHA256: Self.noSourceDigest,
            label: "pwaudit check --record", versionIDs: [version.id])
        try session.writing { session in
            try session.write(batch)
            _ = try session.complete(
                sourceBytes: 0, sourceSHA256: Self.noSourceDigest, tally: tally,
                reuse: try FingerprintReuseCounter.summary(of: [reuse]))
        }
        return session.run.id
    }

    /// Runs `body` with the UTF-8 bytes of `text`, or nil when it is nil or empty.
    private static func withOptionalUTF8<Result>(
        _ text: inout String?, _ body: (UnsafeRawBufferPointer?) throws -> Result
    ) rethrows -> Result {
        guard var value = text, !value.isEmpty else { return try body(nil) }
        defer { text = value }
        return try value.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
