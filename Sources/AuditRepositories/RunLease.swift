/// This process's hold on a run it writes: taken by `RunRepository.start` before the run is visible to any other
/// process, given up by `release()` or by the process's end, however it ends (SIGKILL, a crash, a lost connection).
///
/// While a lease is held, every process reads its run, if `running`, as being written (`StoredRun.isStale` false) and
/// `RunRepository.delete` refuses it; once the lease is gone, a `running` run is stale (its writer died) and may be
/// deleted. A store implements it with a hold the operating system or the server drops with its holder, never with a
/// row or a file that a killed process would leave behind: SQLite's store with an open-file-description lock on one
/// byte of the database file, a server store with a session-level advisory lock on the connection that writes the
/// run (which is why such a store needs a direct connection, not a transaction-pooling proxy).
///
/// Not `Sendable`: used on the thread that uses the store, and never while an `AttemptBatchWriter` of the store is
/// between its first write and `finish()`/`abandon()`. A lease that is dropped without `release()` stays held until
/// its process ends (a `running` run then reads as alive, not stale): the holder releases it on every path.
package protocol RunLease: AnyObject {
    /// The run held.
    var runID: Int64 { get }
    /// Whether `release()` has been called.
    var isReleased: Bool { get }
    /// Gives up the hold. The run's last change (`complete`, `fail`) must be committed first, so that no process sees
    /// the run unheld and still `running` unless its writer is gone. Calling it again does nothing; it never throws
    /// (a hold that cannot be given up explicitly goes with the process).
    func release()
}

/// A run `RunRepository.start` recorded, with the lease this process holds on it.
package struct LeasedRun {
    /// The run as recorded: `running`, owned by this process.
    package let run: StoredRun
    /// The hold on it, to release once the run has ended (completed, failed or discarded).
    package let lease: any RunLease

    /// Pairs `run` with `lease` (a store's `start` makes these).
    package init(run: StoredRun, lease: any RunLease) {
        self.run = run
        self.lease = lease
    }
}
