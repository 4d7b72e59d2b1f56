/// The instant a query is stopped, on the monotonic clock: its time limit from when it was made, plus the time spent
/// in `excluded(_:)` (waiting for the output to be taken, by a pager say), which does not count.
package final class QueryDeadline {
    /// The time limit, in seconds, as given.
    package let seconds: Double
    private var instant: ContinuousClock.Instant
    private let clock = ContinuousClock()

    /// A deadline `seconds` from now (finite and above zero; a huge value is capped at about 31,000 years).
    package init(seconds: Double) {
        self.seconds = seconds
        instant = clock.now.advanced(by: .seconds(min(seconds, 1e12)))
    }

    /// Whether the deadline has passed.
    package var hasPassed: Bool { clock.now >= instant }

    /// Runs `body` with the clock stopped: the deadline moves on by the time `body` takes.
    /// - Returns: What `body` returns.
    package func excluded<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { instant = instant.advanced(by: start.duration(to: clock.now)) }
        return try body()
    }
}
