/// Candidate ids encode their run: `id = (runID << 32) + ordinal`, ordinal 1, 2, … within the run.
///
/// A run's candidates, and through `attempt`'s primary key its attempts, form one contiguous key range, so per-run
/// scans and deletes are range scans on existing primary keys instead of an extra index on `candidate(run_id)`.
/// (Measured: the index costs ~8 % of import time and 14 MB per million candidates.)
package enum CandidateID {
    /// The most candidates one run can hold.
    package static let maximumPerRun: Int64 = 0xFFFF_FFFF

    /// The id of the `ordinal`-th (1-based) candidate of `runID`.
    package static func make(runID: Int64, ordinal: Int64) -> Int64 {
        precondition(
            runID > 0 && runID < 1 << 31 && ordinal > 0 && ordinal <= maximumPerRun, "candidate id out of range")
        return runID << 32 | ordinal
    }

    /// The run a candidate id belongs to.
    package static func runID(of candidateID: Int64) -> Int64 { candidateID >> 32 }

    /// Every id the candidates of `runID` can have; use with `candidate.id BETWEEN` or `attempt.candidate_id BETWEEN`.
    package static func range(runID: Int64) -> ClosedRange<Int64> {
        (runID << 32 | 1)...(runID << 32 | maximumPerRun)
    }
}
