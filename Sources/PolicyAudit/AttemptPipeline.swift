import AuditRepositories
import Foundation

/// The writer half of an import (`RunSession.pipeline()`): a thread that owns the store while it writes scored
/// batches (candidates, one outcome per version, rejected rows) through the store's `AttemptBatchWriter`, fed through
/// a bounded queue.
///
/// The connection is used by the writer thread only between `init` and `finish`/`cancel`; the caller must not touch
/// the database in between.
final class AttemptPipeline: @unchecked Sendable {
    private let queue = BoundedQueue<ScoredBatch>(capacity: 4)
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var failure: (any Error)?
    private var finished = false

    /// Starts the writer thread on `store` for `runID`.
    init(store: any AuditStore, runID: Int64, versionIDs: [Int64]) {
        let connection = UncheckedBox(store)
        let thread = Thread { [self] in
            defer { done.signal() }
            var opened: (any AttemptBatchWriter)?
            do {
                let writer = try connection.value.makeAttemptWriter()
                opened = writer
                while let batch = queue.pop() {
                    if isCancelled { continue }
                    if batch.candidates.count > 0 {
                        try writer.insert(batch.candidates, runID: runID, versionIDs: versionIDs)
                    }
                    for rejection in batch.rejections {
                        try writer.insertRejected(runID: runID, line: rejection.line, reason: rejection.reason.rawValue)
                    }
                }
                if isCancelled { writer.abandon() } else { try writer.finish() }
            } catch {
                opened?.abandon()
                record(error)
                queue.close()
            }
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Hands a batch to the writer, waiting while the queue is full.
    /// - Throws: The writer's error, if it has stopped on one.
    func send(_ batch: ScoredBatch) throws {
        if batch.candidates.count > 0 || !batch.rejections.isEmpty { queue.push(batch) }
        if let failure = currentFailure { throw failure }
    }

    /// Writes what is queued, commits, and waits for the writer thread to end.
    func finish() throws {
        queue.close()
        waitOnce()
        if let failure = currentFailure { throw failure }
    }

    /// Stops writing: the writer drops what is queued and ends without committing its open transaction.
    func cancel() {
        lock.withLock { cancelled = true }
        queue.close()
        waitOnce()
    }

    private var cancelled = false
    private var isCancelled: Bool { lock.withLock { cancelled } }
    private var currentFailure: (any Error)? { lock.withLock { failure } }

    private func record(_ error: any Error) { lock.withLock { failure = failure ?? error } }

    private func waitOnce() {
        let shouldWait = lock.withLock { () -> Bool in
            defer { finished = true }
            return !finished
        }
        if shouldWait { done.wait() }
    }
}

/// Moves a non-`Sendable` value to another thread whose use of it the caller serializes by hand.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
