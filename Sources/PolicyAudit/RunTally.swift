/// Running totals of one import (or rescore), kept in memory while candidates are scored, so that the
/// per-run summaries can be written at the end without rescanning the attempts.
///
/// Every figure is a count; percentages are derived at report time. Tallies from parallel workers are
/// combined with `merge(_:)`. The per-row path touches flat arrays only: lengths and class compositions are
/// array-indexed, and submission days are numbered once per candidate (not once per version) so each version
/// keeps its day figures in flat arrays too.
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
        /// Per day slot (see `RunTally.dayNumbers`): candidates, unlocked ones, and per-rule failures at
        /// `slot * 64 + bit`.
        var dayTotals: [Int] = []
        var dayUnlocked: [Int] = []
        var dayFailures: [Int] = []

        /// The candidates failing exactly one rule.
        package var nearMisses: Int { onlyFailure.reduce(0, +) }

        mutating func add(mask: UInt64, daySlot: Int) {
            total += 1
            let count = mask.nonzeroBitCount
            if count == 0 { unlocked += 1 }
            if count == 1 { onlyFailure[mask.trailingZeroBitCount] += 1 }
            if daySlot >= 0 {
                if daySlot >= dayTotals.count { growDays(to: daySlot + 1) }
                dayTotals[daySlot] += 1
                if count == 0 { dayUnlocked[daySlot] += 1 }
            }
            var bits = mask
            while bits != 0 {
                let first = bits.trailingZeroBitCount
                failures[first] += 1
                if daySlot >= 0 { dayFailures[daySlot &* 64 &+ first] += 1 }
                bits &= bits - 1
                var rest = bits
                while rest != 0 {
                    pairs[first * 64 + rest.trailingZeroBitCount] += 1
                    rest &= rest - 1
                }
            }
        }

        mutating func growDays(to count: Int) {
            let grown = Swift.max(count, dayTotals.count * 2, 16)
            dayTotals += [Int](repeating: 0, count: grown - dayTotals.count)
            dayUnlocked += [Int](repeating: 0, count: grown - dayUnlocked.count)
            dayFailures += [Int](repeating: 0, count: grown * 64 - dayFailures.count)
        }
    }

    /// Totals of one policy version on one submission day.
    package struct DayTally: Sendable, Equatable {
        package var total = 0
        package var unlocked = 0
        /// Failures by rule bit, only for rules that failed at least once.
        package var failures: [Int: Int] = [:]
    }

    /// One tally per policy version, in the order the versions were given.
    package var versions: [VersionTally]
    /// lengthCounts[n]: candidates of length n (Unicode scalars after NFKC).
    private var lengthCounts: [Int] = []
    /// compositionCounts[mask]: candidates whose classes present are `mask` (see `CompositionMask`).
    private var compositionCounts = [Int](repeating: 0, count: 256)
    /// The yyyymmdd number of each day slot, and the slot of each number.
    private var dayNumbers: [Int] = []
    private var daySlots: [Int: Int] = [:]
    private var lastDay = -1
    private var lastSlot = -1
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
    /// - Parameter composition: The classes present, as a `CompositionMask` bit set.
    package mutating func add(length: Int, composition: UInt8, masks: [UInt64], day: Int?) {
        acceptedCount += 1
        if length >= lengthCounts.count {
            lengthCounts += [Int](repeating: 0, count: Swift.max(length + 1, 64) - lengthCounts.count)
        }
        lengthCounts[length] += 1
        compositionCounts[Int(composition)] += 1
        var slot = -1
        if let day { slot = self.slot(forDay: day) }
        for index in masks.indices { versions[index].add(mask: masks[index], daySlot: slot) }
    }

    /// Counts the outcomes of one candidate whose features were counted by an earlier tally (rescoring).
    package mutating func addOutcomes(masks: [UInt64], day: Int?) {
        var slot = -1
        if let day { slot = self.slot(forDay: day) }
        for index in masks.indices { versions[index].add(mask: masks[index], daySlot: slot) }
    }

    private mutating func slot(forDay day: Int) -> Int {
        if day == lastDay { return lastSlot }
        let slot: Int
        if let known = daySlots[day] {
            slot = known
        } else {
            slot = dayNumbers.count
            dayNumbers.append(day)
            daySlots[day] = slot
        }
        lastDay = day
        lastSlot = slot
        return slot
    }

    /// Counts one rejected row.
    package mutating func reject(reason: String) {
        rejectedCount += 1
        rejections[reason, default: 0] += 1
    }

    /// Candidates by length, for lengths that occur.
    package var lengths: [Int: Int] {
        var result: [Int: Int] = [:]
        for (length, count) in lengthCounts.enumerated() where count > 0 { result[length] = count }
        return result
    }

    /// Candidates by class composition (`lower+digit`), for compositions that occur.
    package var compositions: [String: Int] {
        var result: [String: Int] = [:]
        for (mask, count) in compositionCounts.enumerated() where count > 0 {
            result[CompositionMask.name(of: UInt8(mask)), default: 0] += count
        }
        return result
    }

    /// The per-day figures of version `index`, keyed by the day as the number yyyymmdd.
    package func days(ofVersion index: Int) -> [Int: DayTally] {
        let version = versions[index]
        var result: [Int: DayTally] = [:]
        for (slot, day) in dayNumbers.enumerated() where slot < version.dayTotals.count && version.dayTotals[slot] > 0 {
            var tally = DayTally(total: version.dayTotals[slot], unlocked: version.dayUnlocked[slot])
            for bit in 0..<64 where version.dayFailures[slot * 64 + bit] > 0 {
                tally.failures[bit] = version.dayFailures[slot * 64 + bit]
            }
            result[day] = tally
        }
        return result
    }

    /// Adds another worker's tally into this one (its day slots are renumbered into this tally's).
    package mutating func merge(_ other: RunTally) {
        acceptedCount += other.acceptedCount
        rejectedCount += other.rejectedCount
        rejections.merge(other.rejections, uniquingKeysWith: +)
        for (length, count) in other.lengthCounts.enumerated() where count > 0 {
            if length >= lengthCounts.count {
                lengthCounts += [Int](repeating: 0, count: length + 1 - lengthCounts.count)
            }
            lengthCounts[length] += count
        }
        for mask in 0..<256 { compositionCounts[mask] += other.compositionCounts[mask] }
        var slotMap: [Int] = []
        for day in other.dayNumbers { slotMap.append(slot(forDay: day)) }
        for index in versions.indices {
            let theirs = other.versions[index]
            versions[index].total += theirs.total
            versions[index].unlocked += theirs.unlocked
            for bit in 0..<64 {
                versions[index].failures[bit] += theirs.failures[bit]
                versions[index].onlyFailure[bit] += theirs.onlyFailure[bit]
            }
            for pair in theirs.pairs.indices { versions[index].pairs[pair] += theirs.pairs[pair] }
            for (theirSlot, mine) in slotMap.enumerated() where theirSlot < theirs.dayTotals.count {
                if mine >= versions[index].dayTotals.count { versions[index].growDays(to: mine + 1) }
                versions[index].dayTotals[mine] += theirs.dayTotals[theirSlot]
                versions[index].dayUnlocked[mine] += theirs.dayUnlocked[theirSlot]
                for bit in 0..<64 {
                    versions[index].dayFailures[mine * 64 + bit] += theirs.dayFailures[theirSlot * 64 + bit]
                }
            }
        }
    }
}
