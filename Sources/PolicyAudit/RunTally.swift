/// Running totals of one import (or rescore), kept in memory while candidates are scored, so that the
/// per-run summaries can be written at the end without rescanning the attempts.
///
/// Every figure is a count; percentages are derived at report time. Tallies from parallel workers are
/// combined with `merge(_:)`.
package struct RunTally: Sendable {
    /// Totals for one policy version of the run.
    package struct VersionTally: Sendable {
        /// How many rules the version has (bits 0..<ruleCount).
        package var ruleCount: Int
        package var total = 0
        package var unlocked = 0
        /// failures[bit]: candidates failing rule `bit`.
        package var failures = [Int](repeating: 0, count: 64)
        /// onlyFailure[bit]: near misses blocked by rule `bit` alone.
        package var onlyFailure = [Int](repeating: 0, count: 64)
        /// pairs[a * 64 + b] (a < b): candidates failing both rules.
        package var pairs = [Int](repeating: 0, count: 64 * 64)
        /// Per submission day (as the number yyyymmdd): total, unlocked and per-rule failures.
        package var days: [Int: DayTally] = [:]

        /// The candidates failing exactly one rule.
        package var nearMisses: Int { onlyFailure.reduce(0, +) }

        mutating func add(mask: UInt64, day: Int?) {
            total += 1
            let count = mask.nonzeroBitCount
            if count == 0 { unlocked += 1 }
            if count == 1 { onlyFailure[mask.trailingZeroBitCount] += 1 }
            var bits = mask
            while bits != 0 {
                let first = bits.trailingZeroBitCount
                failures[first] += 1
                bits &= bits - 1
                var rest = bits
                while rest != 0 {
                    pairs[first * 64 + rest.trailingZeroBitCount] += 1
                    rest &= rest - 1
                }
            }
            if let day { days[day, default: DayTally()].add(mask: mask) }
        }

        mutating func merge(_ other: VersionTally) {
            total += other.total
            unlocked += other.unlocked
            for bit in 0..<64 {
                failures[bit] += other.failures[bit]
                onlyFailure[bit] += other.onlyFailure[bit]
            }
            for index in pairs.indices { pairs[index] += other.pairs[index] }
            days.merge(other.days) { a, b in a.merged(b) }
        }
    }

    /// Totals of one policy version on one submission day.
    package struct DayTally: Sendable {
        package var total = 0
        package var unlocked = 0
        package var failures: [Int: Int] = [:]

        mutating func add(mask: UInt64) {
            total += 1
            if mask == 0 { unlocked += 1 }
            var bits = mask
            while bits != 0 {
                failures[bits.trailingZeroBitCount, default: 0] += 1
                bits &= bits - 1
            }
        }

        func merged(_ other: DayTally) -> DayTally {
            DayTally(
                total: total + other.total, unlocked: unlocked + other.unlocked,
                failures: failures.merging(other.failures, uniquingKeysWith: +))
        }
    }

    /// One tally per policy version, in the order the versions were given.
    package var versions: [VersionTally]
    /// Candidates by length (Unicode scalars after NFKC).
    package var lengths: [Int: Int] = [:]
    /// Candidates by class composition (`lower+digit`).
    package var compositions: [String: Int] = [:]
    /// Rejected rows by reason.
    package var rejections: [String: Int] = [:]
    /// Accepted rows counted.
    package private(set) var acceptedCount = 0
    /// Rejected rows counted.
    package private(set) var rejectedCount = 0

    /// Records seen: accepted and rejected.
    package var rowsSeen: Int { acceptedCount + rejectedCount }

    /// An empty tally for policy versions with these numbers of rules.
    package init(ruleCounts: [Int]) {
        versions = ruleCounts.map { VersionTally(ruleCount: $0) }
    }

    /// Counts one accepted candidate: its features and its failure mask under each version.
    package mutating func add(length: Int, composition: String, masks: [UInt64], day: Int?) {
        acceptedCount += 1
        lengths[length, default: 0] += 1
        compositions[composition, default: 0] += 1
        for (index, mask) in masks.enumerated() { versions[index].add(mask: mask, day: day) }
    }

    /// Counts one rejected row.
    package mutating func reject(reason: String) {
        rejectedCount += 1
        rejections[reason, default: 0] += 1
    }

    /// Adds another worker's tally into this one.
    package mutating func merge(_ other: RunTally) {
        for index in versions.indices { versions[index].merge(other.versions[index]) }
        lengths.merge(other.lengths, uniquingKeysWith: +)
        compositions.merge(other.compositions, uniquingKeysWith: +)
        rejections.merge(other.rejections, uniquingKeysWith: +)
        acceptedCount += other.acceptedCount
        rejectedCount += other.rejectedCount
    }
}
