import AuditRepositories
import AuditTime
import PasswordPolicy
import PolicyCSV

/// Running totals of one import (or rescore), kept in memory while candidates are scored, so that the
/// per-run summaries can be written at the end without rescanning the attempts.
///
/// Every figure is a count; percentages are derived at report time. Tallies from parallel workers are
/// combined with `merge(_:)`. The per-row path touches flat arrays only: lengths and class compositions are
/// array-indexed, and submission days are numbered once per candidate (not once per version) so each version
/// keeps its day figures in flat arrays too.
package struct RunTally: Sendable {
    /// Totals for one policy version of the run.
    ///
    /// The per-row path counts each distinct failure mask once (a flat histogram for versions of up to 16 rules,
    /// a dictionary beyond) and per-day figures in flat arrays; the per-rule, near-miss and pair figures are
    /// derived from the histogram when read.
    package struct VersionTally: Sendable {
        /// Versions with at most this many rules count masks in a flat array of `1 << ruleCount` counters.
        static let flatHistogramRules = 16
        /// How many rules the version has (bits 0..<ruleCount).
        package var ruleCount: Int
        /// flatMasks[mask]: candidates failing exactly the rules of `mask` (versions of up to 16 rules).
        private var flatMasks: [Int]
        /// The same for versions with more rules.
        private var sparseMasks: [UInt64: Int] = [:]
        /// Per day slot (see `RunTally.dayNumbers`), `dayStride` counters side by side, so that one candidate touches
        /// one stretch of memory: candidates, unlocked ones, then failures of each rule.
        private(set) var dayCounts: [Int] = []
        var dayStride: Int { ruleCount + 2 }
        /// Day slots with room in `dayCounts`.
        var dayCapacity: Int { dayCounts.count / dayStride }
        /// Whether the version has a breach-corpus rule, so that its breach buckets are reported (zeros included).
        package var tracksBreaches = false
        /// Candidates refused by a breach-corpus rule, by breach count (`RunBreachSummaryRow.bucketBounds`).
        package private(set) var breachBuckets = [Int](repeating: 0, count: RunBreachSummaryRow.bucketBounds.count)
        /// strengthCounts[score]: candidates with that strength score; strengthUnlocked[score]: those of them failing
        /// no rule of the version (only when the run estimates strength, `RunTally.tracksStrength`).
        package private(set) var strengthCounts = [Int](repeating: 0, count: 5)
        package private(set) var strengthUnlocked = [Int](repeating: 0, count: 5)

        /// Counts one candidate of strength score `score` whose mask under the version is `mask`.
        mutating func addStrength(score: Int, mask: UInt64) {
            strengthCounts[score] += 1
            if mask == 0 { strengthUnlocked[score] += 1 }
        }

        /// Adds another tally's strength counts to this one's.
        mutating func mergeStrength(_ other: VersionTally) {
            for score in 0..<5 {
                strengthCounts[score] += other.strengthCounts[score]
                strengthUnlocked[score] += other.strengthUnlocked[score]
            }
        }

        /// Candidates, unlocked ones and per-rule failures (indexed by bit) on day slot `slot`.
        func day(_ slot: Int) -> (total: Int, unlocked: Int, failures: ArraySlice<Int>) {
            let base = slot * dayStride
            guard slot < dayCapacity else { return (0, 0, []) }
            return (dayCounts[base], dayCounts[base + 1], dayCounts[(base + 2)..<(base + dayStride)])
        }

        init(ruleCount: Int) {
            self.ruleCount = ruleCount
            flatMasks = ruleCount <= Self.flatHistogramRules ? [Int](repeating: 0, count: 1 << ruleCount) : []
        }

        /// Each failure mask seen, with its number of candidates.
        package var maskCounts: [(mask: UInt64, count: Int)] {
            if ruleCount > Self.flatHistogramRules { return sparseMasks.map { ($0.key, $0.value) } }
            return flatMasks.indices.compactMap { flatMasks[$0] > 0 ? (UInt64($0), flatMasks[$0]) : nil }
        }

        /// Candidates scored.
        package var total: Int { maskCounts.reduce(0) { $0 + $1.count } }
        /// Candidates failing no rule.
        package var unlocked: Int {
            ruleCount > Self.flatHistogramRules ? sparseMasks[0, default: 0] : flatMasks[0]
        }
        /// failures[bit]: candidates failing rule `bit`.
        package var failures: [Int] {
            var result = [Int](repeating: 0, count: 64)
            for (mask, count) in maskCounts { Self.forEachBit(of: mask) { result[$0] += count } }
            return result
        }
        /// onlyFailure[bit]: near misses blocked by rule `bit` alone.
        package var onlyFailure: [Int] {
            var result = [Int](repeating: 0, count: 64)
            for (mask, count) in maskCounts where mask.nonzeroBitCount == 1 {
                result[mask.trailingZeroBitCount] += count
            }
            return result
        }
        /// pairs[a * 64 + b] (a < b): candidates failing both rules.
        package var pairs: [Int] {
            var result = [Int](repeating: 0, count: 64 * 64)
            for (mask, count) in maskCounts {
                Self.forEachBit(of: mask) { first in
                    Self.forEachBit(of: mask >> UInt64(first + 1)) { result[first * 64 + first + 1 + $0] += count }
                }
            }
            return result
        }
        /// The candidates failing exactly one rule.
        package var nearMisses: Int {
            maskCounts.reduce(0) { $0 + ($1.mask.nonzeroBitCount == 1 ? $1.count : 0) }
        }

        /// Counts one candidate refused by a breach-corpus rule, seen `count` (at least 1) times in the corpus.
        mutating func addBreach(count: Int) {
            breachBuckets[RunBreachSummaryRow.bucket(ofCount: count)] += 1
        }

        /// Adds another tally's breach buckets to this one's.
        mutating func mergeBreaches(_ other: VersionTally) {
            tracksBreaches = tracksBreaches || other.tracksBreaches
            for index in breachBuckets.indices { breachBuckets[index] += other.breachBuckets[index] }
        }

        mutating func add(mask: UInt64, daySlot: Int) {
            add(mask: mask, count: 1)
            guard daySlot >= 0 else { return }
            if daySlot >= dayCapacity { growDays(to: daySlot + 1) }
            let base = daySlot &* dayStride
            dayCounts.withUnsafeMutableBufferPointer { counts in
                counts[base] &+= 1
                if mask == 0 { counts[base &+ 1] &+= 1 }
                Self.forEachBit(of: mask) { counts[base &+ 2 &+ $0] &+= 1 }
            }
        }

        /// Adds day counts of another tally (`total`, `unlocked`, then per-rule failures) to day slot `slot`.
        mutating func addDay(_ slot: Int, _ counts: (total: Int, unlocked: Int, failures: ArraySlice<Int>)) {
            if slot >= dayCapacity { growDays(to: slot + 1) }
            let base = slot * dayStride
            dayCounts[base] += counts.total
            dayCounts[base + 1] += counts.unlocked
            for (bit, failures) in counts.failures.enumerated() { dayCounts[base + 2 + bit] += failures }
        }

        /// Adds `count` candidates failing exactly `mask` (merging tallies).
        mutating func add(mask: UInt64, count: Int) {
            if ruleCount <= Self.flatHistogramRules {
                flatMasks[Int(truncatingIfNeeded: mask)] += count
            } else {
                sparseMasks[mask, default: 0] += count
            }
        }

        mutating func growDays(to count: Int) {
            let grown = Swift.max(count, dayCapacity * 2, 16)
            dayCounts += [Int](repeating: 0, count: grown * dayStride - dayCounts.count)
        }

        @inline(__always)
        private static func forEachBit(of mask: UInt64, _ body: (Int) -> Void) {
            var bits = mask
            while bits != 0 {
                body(bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
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
    /// Candidates by tuning key (version, failure mask, length and classes as the version counts them, strength
    /// score).
    private var tuning: TuneCellTally
    /// lengthCounts[n]: candidates of length n (Unicode scalars after NFKC).
    private var lengthCounts: [Int] = []
    /// compositionCounts[mask]: candidates whose classes present are `mask` (see `CompositionMask`).
    private var compositionCounts = [Int](repeating: 0, count: 256)
    /// The yyyymmdd number of each day slot, and the slot of each number.
    private var dayNumbers: [Int] = []
    private var daySlots: [Int: Int] = [:]
    /// A direct-mapped cache in front of `daySlots` (`day << 24 | slot`, -1 when empty): rows of an export come in
    /// any order, and a dictionary lookup per row showed in profiles.
    private var recentDays = [Int](repeating: -1, count: 1024)
    /// Rejected rows by reason.
    package var rejections: [String: Int] = [:]
    /// Accepted rows counted.
    package private(set) var acceptedCount = 0
    /// Rejected rows counted.
    package private(set) var rejectedCount = 0
    /// Accepted rows whose submission time named no zone (a date, or a date-time without `Z` or an offset), read as
    /// UTC: the import's summary says how many.
    package var timesWithoutZone = 0
    /// Accepted rows with a time, by the layout it was read as (indexed by `TimeKind.rawValue`).
    package var timeKinds = [Int](repeating: 0, count: TimeKind.allCases.count)
    /// Whether each accepted candidate's strength score is counted (`addStrength`): its summary rows are written.
    package var tracksStrength = false
    /// What `compare` reads of the run: its candidates by the versions that unlock them, and per version pair B's rule
    /// failures among those A unlocks and B blocks.
    package private(set) var unlockPairs: UnlockPairTally

    /// Records seen: accepted and rejected.
    package var rowsSeen: Int { acceptedCount + rejectedCount }

    /// An empty tally for policy versions with these numbers of rules.
    /// - Parameter breachRules: Per version, whether it has a breach-corpus rule (none when empty).
    /// - Parameter tracksStrength: Whether candidates' strength scores are counted.
    package init(ruleCounts: [Int], breachRules: [Bool] = [], tracksStrength: Bool = false) {
        self.tracksStrength = tracksStrength
        versions = ruleCounts.map { VersionTally(ruleCount: $0) }
        tuning = TuneCellTally(versionCount: ruleCounts.count)
        unlockPairs = UnlockPairTally(versionCount: ruleCounts.count)
        for (index, tracks) in breachRules.enumerated() where index < versions.count {
            versions[index].tracksBreaches = tracks
        }
    }

    /// Counts one candidate that version `version`'s breach-corpus rules refused, its password seen `count` times
    /// (the largest count among those rules).
    package mutating func addBreach(version: Int, count: Int) {
        versions[version].addBreach(count: count)
    }

    /// Counts one candidate's breach counts, one per version (`CandidateScorer.breachCounts`; 0: not refused by a
    /// breach-corpus rule).
    package mutating func addBreaches(_ counts: [Int]) {
        for (version, count) in counts.enumerated() where count > 0 { addBreach(version: version, count: count) }
    }

    /// Counts one candidate's strength score (0-4) under each version, by its failure masks there.
    package mutating func addStrength(score: Int, masks: [UInt64]) {
        for index in masks.indices { versions[index].addStrength(score: score, mask: masks[index]) }
    }

    /// Counts one candidate's tuning keys: per version, its failure mask there and its `features` as that version
    /// counts them, with its strength score when the run estimates strength (`tune`'s summary).
    package mutating func addTuning(
        masks: UnsafeBufferPointer<UInt64>, features: UnsafeBufferPointer<TuningFeatures>, score: Int?
    ) {
        tuning.add(masks: masks, features: features, score: score)
    }

    /// The tuning rows of version `index` (`run_tuning_cell`), as `versionID`.
    package func tuningRows(ofVersion index: Int, versionID: Int64) -> [RunTuningCellRow] {
        tuning.rows(ofVersion: index, versionID: versionID)
    }

    /// Counts one accepted candidate: its features and its failure mask under each version.
    /// - Parameters:
    ///   - composition: The classes present, as a `CompositionMask` bit set.
    ///   - day: The UTC submission day number (`SubmissionDay`); nil counts as `SubmissionDay.none`.
    package mutating func add(length: Int, composition: UInt8, masks: [UInt64], day: Int?) {
        acceptedCount += 1
        if length >= lengthCounts.count {
            lengthCounts += [Int](repeating: 0, count: Swift.max(length + 1, 64) - lengthCounts.count)
        }
        lengthCounts[length] += 1
        compositionCounts[Int(composition)] += 1
        let slot = self.slot(forDay: day ?? SubmissionDay.none)
        versions.withUnsafeMutableBufferPointer { versions in
            for index in masks.indices { versions[index].add(mask: masks[index], daySlot: slot) }
        }
        if unlockPairs.isCounting { unlockPairs.add(masks: masks) }
    }

    /// Counts the outcomes of one candidate whose features were counted by an earlier tally (rescoring).
    package mutating func addOutcomes(masks: [UInt64], day: Int?) {
        let slot = self.slot(forDay: day ?? SubmissionDay.none)
        for index in masks.indices { versions[index].add(mask: masks[index], daySlot: slot) }
    }

    private mutating func slot(forDay day: Int) -> Int {
        let cacheIndex = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: day) &* 0x9E37_79B9_7F4A_7C15) >> 54)
        let cached = recentDays[cacheIndex]
        if cached >= 0, cached >> 24 == day { return cached & 0xFF_FFFF }
        let slot: Int
        if let known = daySlots[day] {
            slot = known
        } else {
            slot = dayNumbers.count
            dayNumbers.append(day)
            daySlots[day] = slot
        }
        if slot <= 0xFF_FFFF, day >= 0, day < 1 << 39 { recentDays[cacheIndex] = day << 24 | slot }
        return slot
    }

    /// Accepted candidates submitted on day number `day` (a `SubmissionDay` number, `none` and `invalid` included).
    package func candidates(onDay day: Int) -> Int {
        guard let slot = daySlots[day], let version = versions.first else { return 0 }
        return version.day(slot).total
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

    /// The per-day figures of version `index`, keyed by the day number (yyyymmdd, or `SubmissionDay.none` /
    /// `.invalid`): every candidate is on exactly one day.
    package func days(ofVersion index: Int) -> [Int: DayTally] {
        let version = versions[index]
        var result: [Int: DayTally] = [:]
        for (slot, day) in dayNumbers.enumerated() where version.day(slot).total > 0 {
            let counts = version.day(slot)
            var tally = DayTally(total: counts.total, unlocked: counts.unlocked)
            for (bit, failures) in counts.failures.enumerated() where failures > 0 { tally.failures[bit] = failures }
            result[day] = tally
        }
        return result
    }

    /// Adds another worker's tally into this one (its day slots are renumbered into this tally's).
    package mutating func merge(_ other: RunTally) {
        acceptedCount += other.acceptedCount
        timesWithoutZone += other.timesWithoutZone
        for (index, count) in other.timeKinds.enumerated() { timeKinds[index] += count }
        tracksStrength = tracksStrength || other.tracksStrength
        rejectedCount += other.rejectedCount
        rejections.merge(other.rejections, uniquingKeysWith: +)
        unlockPairs.merge(other.unlockPairs)
        for (length, count) in other.lengthCounts.enumerated() where count > 0 {
            if length >= lengthCounts.count {
                lengthCounts += [Int](repeating: 0, count: length + 1 - lengthCounts.count)
            }
            lengthCounts[length] += count
        }
        for mask in 0..<256 { compositionCounts[mask] += other.compositionCounts[mask] }
        tuning.merge(other.tuning)
        var slotMap: [Int] = []
        for day in other.dayNumbers { slotMap.append(slot(forDay: day)) }
        for index in versions.indices {
            let theirs = other.versions[index]
            for (mask, count) in theirs.maskCounts { versions[index].add(mask: mask, count: count) }
            versions[index].mergeBreaches(theirs)
            versions[index].mergeStrength(theirs)
            for (theirSlot, mine) in slotMap.enumerated() where theirSlot < theirs.dayCapacity {
                versions[index].addDay(mine, theirs.day(theirSlot))
            }
        }
    }
}
