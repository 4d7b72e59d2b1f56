import AuditCrypto
import Foundation
import PasswordPolicy

/// The scoring half of an import: worker threads score batches of validated rows (fingerprint, features, one mask
/// per version) and hand them to the writer in file order, so candidate ids follow line order (rescore relies on it).
///
/// Each worker has its own `CandidateScorer` and `RunTally`; a worker that finishes batch N waits until batch N-1 has
/// been handed over. Memory stays flat: the input queue is bounded and at most one scored batch per worker waits.
final class ScoringStage: @unchecked Sendable {
    private let input: BoundedQueue<RowBatch>
    private let pipeline: AttemptPipeline
    private let turn = NSCondition()
    private var nextSequence = 0
    private var tallies: [RunTally] = []
    private var failure: (any Error)?
    private let done = DispatchGroup()

    /// Starts `workers` scoring threads that feed `pipeline`.
    init(workers: Int, policies: [CompiledPolicy], key: HMACSHA256Key, pipeline: AttemptPipeline) {
        input = BoundedQueue(capacity: workers * 2)
        self.pipeline = pipeline
        let ruleCounts = policies.map(\.rules.count)
        for _ in 0..<workers {
            done.enter()
            let thread = Thread { [self] in
                defer { done.leave() }
                work(scorer: CandidateScorer(policies: policies, key: key), tally: RunTally(ruleCounts: ruleCounts))
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// Queues a batch for scoring, waiting while the workers are busy.
    /// - Throws: The first error of a worker or of the writer.
    func submit(_ batch: RowBatch) throws {
        input.push(batch)
        if let failure = turn.withLock({ failure }) { throw failure }
    }

    /// Scores what is queued, waits for the workers and returns their merged tally of the accepted rows.
    func finish() throws -> [RunTally] {
        input.close()
        done.wait()
        return try turn.withLock { () throws -> [RunTally] in
            if let failure { throw failure }
            return tallies
        }
    }

    private func work(scorer: CandidateScorer, tally: RunTally) {
        var tally = tally
        while let batch = input.pop() {
            var scored = ScoredBatch()
            scored.rejections = batch.rejections
            for row in batch.rows {
                let candidate = scorer.score(row)
                tally.add(
                    length: candidate.features.length, composition: candidate.composition, masks: candidate.masks,
                    day: candidate.day)
                scored.candidates.append(candidate)
            }
            turn.lock()
            while nextSequence != batch.sequence { turn.wait() }
            turn.unlock()
            // Only the worker holding the turn sends, so batches reach the writer in file order.
            var sendFailure: (any Error)?
            do { try pipeline.send(scored) } catch { sendFailure = error }
            turn.withLock {
                if let sendFailure, failure == nil { failure = sendFailure }
                nextSequence += 1
                turn.broadcast()
            }
            if sendFailure != nil { input.close() }
        }
        turn.withLock { tallies.append(tally) }
    }
}
