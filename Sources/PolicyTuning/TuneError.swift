import ExitStatus

/// Why `pwaudit tune` cannot answer as asked: a variant the stored features cannot decide exactly (usage, 64, naming
/// `rescore` as the exact way), values that do not read, or a run without the tuning summary.
package enum TuneError: Error, Equatable, UserFacingError {
    /// A `--vary` without `KEY=VALUES`.
    case badVary(String)
    /// A key the stored features cannot answer (a blocklist, a pattern, …).
    case unknownKey(String)
    /// Values of a known key that do not read, or that the version cannot take.
    case badValues(key: String, text: String, reason: String)
    /// No `--vary`, or more than two.
    case keyCount(Int)
    /// The same key twice, or two keys that replace the same rules.
    case conflictingKeys(String, String)
    /// `drop` names a rule the version does not have.
    case unknownRule(id: String, reference: String, known: [String])
    /// `min-length` on a version with several length rules: which one to change is not the features' to say.
    case severalLengthRules(reference: String)
    /// `min-score` where the run stored no strength estimates.
    case noStrength(runID: Int64)
    /// `min-score` where the version's strength estimate takes its organization as a user input, which the stored
    /// estimate (the candidate's alone) did not.
    case strengthInputsDiffer(reference: String)
    /// A run whose version has candidates but no tuning summary (completed before schema 13); `backfillable` when the
    /// stored features decide the version's (`PasswordPolicy.readsStoredTuningFeatures`: `init --backfill` writes it).
    case noSummary(runID: Int64, reference: String, backfillable: Bool)

    /// The exit code: usage (64), but a missing summary is the data's (65).
    package var exitCode: ExitCode {
        switch self {
        case .badVary, .unknownKey, .badValues, .keyCount, .conflictingKeys, .unknownRule, .severalLengthRules,
            .noStrength, .strengthInputsDiffer:
            .usage
        case .noSummary: .dataError
        }
    }

    /// One sentence: what cannot be answered and the way that can.
    package var userMessage: String {
        let rescore =
            "write the variant as a policy and score the run with it: 'pwaudit rescore RUN --policy NAME FILE'"
        switch self {
        case .badVary(let text):
            return "--vary takes KEY=VALUES (e.g. min-length=8..16), not '\(text)'"
        case .unknownKey(let key):
            return "the stored features cannot answer '\(key)' exactly (tune varies "
                + TuneVariation.Key.allCases.map(\.rawValue).joined(separator: ", ") + "); " + rescore
        case .badValues(let key, let text, let reason):
            return "--vary \(key)=\(text): \(reason)"
        case .keyCount(let count):
            return count == 0
                ? "tune needs --vary KEY=VALUES (e.g. --vary min-length=8..16)"
                : "tune varies one key (a curve) or two (a grid), not \(count)"
        case .conflictingKeys(let a, let b):
            return a == b
                ? "--vary \(a) is given twice; list its values once (e.g. \(a)=8,10,12)"
                : "--vary \(a) and \(b) change the same rules, so they cannot make a grid; vary one of them"
        case .unknownRule(let id, let reference, let known):
            return "\(reference) has no rule '\(id)' to drop (its rules: \(known.joined(separator: ", ")))"
        case .severalLengthRules(let reference):
            return "\(reference) has several length rules, so the stored features cannot say which min-length "
                + "changes; " + rescore
        case .noStrength(let runID):
            return "min-score needs stored strength estimates, which run \(runID) has none of: import the file "
                + "with --strength, or " + rescore
        case .strengthInputsDiffer(let reference):
            return "\(reference)'s strength estimate takes its banned-terms organization as an input, which the "
                + "stored estimates did not, so min-score is not exact; " + rescore
        case .noSummary(let runID, let reference, let backfillable):
            let rescore = "'pwaudit rescore \(runID) --policy \(reference) FILE', FILE being the run's own CSV"
            return "run \(runID) has no tuning summary for \(reference) (it was scored before schema 13); "
                + (backfillable
                    ? "'pwaudit init --backfill' writes it from the stored features (once, for every such run); so "
                        + "does " + rescore
                    : "its evaluation mode, normalization or length credits are not those of the stored features, so "
                        + "'pwaudit init --backfill' cannot write it; " + rescore + ", does")
        }
    }
}
