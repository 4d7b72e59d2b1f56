import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PasswordPolicy

/// The scoring stage of an import: worker threads score row batches in parallel, each with its own scorer, tally
/// and reuse counter, and hand the scored batches to the writer (`AttemptPipeline`) in the order they were read, so
/// candidate ids follow the file.
///
/// `send`, `finish` and `cancel` are for the reading thread only.
final class ScoringWorkers: @unchecked Sendable {
    private let input: BoundedQueue<(sequence: Int, batch: RowBatch)>
    private let pipeline: AttemptPipeline
    /// Guards `nextTurn`, `ready`, `sending`, `stopped`, `failure` and `results`.
    private let turn = NSCondition()
    /// The sequence number of the batch the writer gets next.
    private var nextTurn = 0
    /// Scored batches that finished before an earlier one, by sequence number: their workers go on scoring.
    private var ready: [Int: ScoredBatch] = [:]
    /// Whether a worker is handing batches to the writer (one at a time, in order, outside the lock).
    private var sending = false
    /// How far ahead of the batch due next a worker may finish before it waits: scored batches held at once are at
    /// most this many (4,096 rows each), so memory stays flat whatever one slow batch does.
    static let maximumAhead = 4
    private var stopped = false
    private var failure: (any Error)?
    private var results: [(tally: RunTally, reuse: FingerprintReuseCounter)] = []
    private let done = DispatchGroup()
    private var sent = 0
    private var joined = false

    /// Starts `count` workers scoring against `policies` with fingerprints under `key`, feeding `pipeline`.
    /// With `strength`, every candidate's strength is estimated and stored (as it is when a version has a `strength`
    /// rule).
    /// The rows' times are read with `timeReader`.
    init(
        policies: [CompiledPolicy], key: HMACSHA256Key, strength: Bool, count: Int, pipeline: AttemptPipeline,
        timeReader: TimeReader = .standard
    ) {
        input = BoundedQueue(capacity: 2 * count)
        self.pipeline = pipeline
        let policies = UncheckedBox(policies)
        let workers = Swift.max(count, 1)
        // The workers share the memory one counter would hold, so peak memory does not grow with the core count.
        let reuseCapacity = FingerprintReuseCounter.defaultRunCapacity / workers
        // One strength cache for all of them, when they estimate: a password repeated on two threads is estimated once.
        let strengthCache =
            strength || policies.value.contains(where: \.hasStrengthRule) ? StrengthEstimateCache() : nil
        for _ in 0..<workers {
            done.enter()
            let thread = Thread { [self] in
                defer { done.leave() }
                work(
                    policies: policies.value, key: key, strength: strength, strengthCache: strengthCache,
                    reuseCapacity: reuseCapacity, timeReader: timeReader)
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// Queues a batch for scoring, waiting while the workers are busy.
    /// - Throws: The error that stopped a worker or the writer, if any.
    func send(_ batch: RowBatch) throws {
        guard !batch.isEmpty else { return }
        input.push((sent, batch))
        sent += 1
        if let failure = currentFailure { throw failure }
    }

    /// Waits for every queued batch to be scored and handed to the writer; returns the workers' tallies of the
    /// accepted rows merged into one (for `ruleCounts`), and their reuse counters.
    /// - Throws: The error that stopped a worker or the writer, if any.
    func finish(ruleCounts: [Int]) throws -> (tally: RunTally, reuse: [FingerprintReuseCounter]) {
        join()
        if let failure = currentFailure { throw failure }
        var tally = RunTally(ruleCounts: ruleCounts)
        for result in results { tally.merge(result.tally) }
        return (tally, results.map(\.reuse))
    }

    /// Stops scoring: queued batches are dropped and nothing more reaches the writer.
    func cancel() {
        turn.withLock {
            stopped = true
            turn.broadcast()
        }
        join()
    }

    private var currentFailure: (any Error)? { turn.withLock { failure } }

    private func join() {
        guard !joined else { return }
        joined = true
        input.close()
        done.wait()
    }

    private func work(
        policies: [CompiledPolicy], key: HMACSHA256Key, strength: Bool, strengthCache: StrengthEstimateCache?,
        reuseCapacity: Int, timeReader: TimeReader
    ) {
        let scorer = CandidateScorer(policies: policies, key: key, strength: strength, strengthCache: strengthCache)
        scorer.timeReader = timeReader
        var tally = scorer.emptyTally()
        let reuse = FingerprintReuseCounter(runCapacity: reuseCapacity)
        defer {
            reuse.sortBuffered()
            turn.withLock { results.append((tally, reuse)) }
        }
        while let (sequence, rows) = input.pop() {
            if turn.withLock({ stopped }) { continue }
            var scored = ScoredBatch(versionCount: policies.count)
            scored.rejections = rows.rejections
            do {
                if scorer.estimatesStrength { scorer.prepare(rows) }
                try rows.forEachRow { row in
                    let result = scorer.score(row, into: &tally)
                    try reuse.add(result.fingerprint)
                    scorer.append(row, scored: result, to: &scored.candidates)
                }
            } catch {
                stop(with: error)
                continue
            }
            handOver(scored, sequence: sequence)
        }
    }

    /// Leaves `batch` to be sent to the writer once every earlier batch has been, and sends what is due unless
    /// another worker is sending. A worker that finishes a batch before an earlier one goes on scoring rather than
    /// waiting for it (up to `maximumAhead` batches ahead): estimates make some batches far slower than others.
    private func handOver(_ batch: ScoredBatch, sequence: Int) {
        turn.lock()
        defer { turn.unlock() }
        while sequence - nextTurn >= Self.maximumAhead && !stopped { turn.wait() }
        guard !stopped else { return }
        ready[sequence] = batch
        guard !sending else { return }
        sending = true
        defer { sending = false }
        while !stopped, let due = ready.removeValue(forKey: nextTurn) {
            // The writer may make us wait (its queue is bounded): the other workers leave their batches meanwhile.
            turn.unlock()
            var sendFailure: (any Error)?
            do { try pipeline.send(due) } catch { sendFailure = error }
            turn.lock()
            if let sendFailure {
                stopped = true
                failure = failure ?? sendFailure
            }
            nextTurn += 1
            turn.broadcast()
        }
    }

    private func stop(with error: any Error) {
        turn.withLock {
            stopped = true
            failure = failure ?? error
            turn.broadcast()
        }
        input.close()
    }
}
