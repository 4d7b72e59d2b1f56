/// Counts the strength estimates the engine makes on the current task while `$current` is bound (nil otherwise: no
/// count), so a test can show that one keystroke is estimated once.
package final class StrengthEstimateCount: @unchecked Sendable {
    /// The counter of the current task, if one is bound.
    @TaskLocal package static var current: StrengthEstimateCount?

    private var count = 0

    /// A counter at zero.
    package init() {}

    /// The estimates counted so far.
    package var value: Int { count }

    /// Counts one estimate (bound to one task, which runs one thing at a time).
    func add() { count += 1 }
}
