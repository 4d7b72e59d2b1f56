/// How far one `pwaudit query` may go: a wall-clock deadline, the longest value it may produce, and, when the query
/// owns its process, the memory the store may allocate.
package struct QueryLimits {
    /// The longest text or blob a query may read or produce when none is given: 8 MiB. Longer values (a
    /// `randomblob(500000000)`) fail at once instead of running unchecked, and no single step of a query works on
    /// more than this, so the deadline is looked at often enough.
    package static let defaultMaximumValueBytes = 8 << 20
    /// The memory a query's store may allocate in its own process when none is given: 512 MiB.
    package static let defaultMemoryBytes: Int64 = 512 << 20

    /// When the query is stopped.
    package var deadline: QueryDeadline
    /// The longest text or blob, in bytes, the query may read or produce.
    package var maximumValueBytes: Int
    /// The most memory, in bytes, the store may allocate while the query runs, or nil to leave the allocator alone.
    ///
    /// A store may only be able to limit its whole process (an in-process database's allocator): set it only in a
    /// process that does nothing but this query (the `pwaudit query` executable), never in-process beside other work
    /// such as tests.
    package var memoryBytes: Int64?

    /// Limits of `deadline`, `maximumValueBytes` and `memoryBytes`.
    package init(
        deadline: QueryDeadline, maximumValueBytes: Int = defaultMaximumValueBytes, memoryBytes: Int64? = nil
    ) {
        self.deadline = deadline
        self.maximumValueBytes = maximumValueBytes
        self.memoryBytes = memoryBytes
    }
}
