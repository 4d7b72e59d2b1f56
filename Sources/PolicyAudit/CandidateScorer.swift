import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PasswordPolicy
import PasswordStrength
import PolicyCSV

/// Scores accepted rows against compiled policy versions — fingerprint, features and one failure mask per version —
/// and counts them into a `RunTally`: the one row-scoring step of the import (`ScoringWorkers`), `check --record`
/// (`InteractiveCheckRecorder`) and rescore (`RunRescore`, outcomes only), so a row's figures are the same whichever
/// of them scored it.
///
/// Not thread-safe (it reuses one HMAC context); make one per thread. The password is dropped when `score` returns.
/// ASCII passwords (most of any real export) take a fast path: NFKC leaves them unchanged, so they are fingerprinted
/// as given and their features are counted straight from the bytes, with the same classes as `PasswordFeatures`.
package final class CandidateScorer {
    private let policies: CompiledPolicySet
    /// Nil for a scorer of outcomes only (rescore: the candidates' fingerprints are stored already).
    private let fingerprinter: Fingerprinter?
    /// The failure masks of the row scored last, one per policy, in order.
    package private(set) var masks: [UInt64]
    /// Per policy, the bits of its breach-corpus rules (see `CompiledPolicy.breachedRuleMask`).
    package let breachedRules: [UInt64]
    /// Whether any policy has a breach-corpus rule; when none has, the counts are all 0 and need no tally.
    package let hasBreachedRules: Bool
    /// Per policy, the breach count of the row scored last when that policy's breach-corpus rules refused it, else
    /// 0 (from the rules' own lookups: a policy without such a rule makes none).
    package private(set) var breachCounts: [Int]
    /// Per policy, the tuning features of the row scored last (`TuningFeatures`), counted into the tally's tuning
    /// summary: a buffer of this scorer's own, which a row writes and reads with no exclusivity check nor retain.
    private let tuningFeatures: UnsafeMutableBufferPointer<TuningFeatures>
    /// `talliesTuning`, read once.
    private let talliesTuning = CandidateScorer.talliesTuning
    /// Per policy, the maximum of its first `length` rule (`Int.max` when it sets none or has none), when every
    /// policy's tuning features follow from the feature row stored of a candidate
    /// (`PasswordPolicy.readsStoredTuningFeatures`): `score` then derives them from that row, as `init --backfill`
    /// does, and the evaluation computes none. Nil when a policy reads them otherwise: the evaluation writes them.
    private let storedFeatureMaxima: UnsafeMutableBufferPointer<Int>?
    /// Whether each scored candidate gets zxcvbn's estimate (stored with it and counted per score): when a version
    /// has a `strength` rule, or the import asked for it (`--strength`).
    package let estimatesStrength: Bool
    private let estimator: StrengthEstimator?
    /// Repeated candidates' estimates, within this scorer's run.
    let strengthCache: StrengthEstimateCache?
    /// Whether rows' tuning features are computed and tallied: always, except in the baseline of bench/import-tally.sh,
    /// which sets `PWAUDIT_BENCH_SKIP_TUNING` to measure what the tally costs an import (its runs store no tuning
    /// cells; `init --backfill` or `rescore` writes them).
    static let talliesTuning = ProcessInfo.processInfo.environment["PWAUDIT_BENCH_SKIP_TUNING"] == nil
    /// How the rows' submission times are read (`--time-format`, `--time-zone`; ISO-8601 and the shapes at UTC unless
    /// set).
    package var timeReader = TimeReader.standard

    /// A scorer for `policies` fingerprinting with `key`; without a key it scores outcomes only (`scoreOutcomes`).
    /// With `strength`, or when a version has a `strength` rule, `score` also estimates each candidate's strength,
    /// reusing repeated candidates' estimates through `strengthCache` (one of its own when nil; scorers of one run
    /// under one key may share one).
    init(
        policies: [CompiledPolicy], key: HMACSHA256Key?, strength: Bool = false,
        strengthCache: StrengthEstimateCache?
    ) {
        estimatesStrength = key != nil && (strength || policies.contains(where: \.hasStrengthRule))
        estimator = estimatesStrength ? StrengthEstimator() : nil
        self.strengthCache = estimatesStrength ? strengthCache ?? StrengthEstimateCache() : nil
        self.policies = CompiledPolicySet(policies)
        fingerprinter = key.map(Fingerprinter.init(key:))
        masks = [UInt64](repeating: 0, count: policies.count)
        breachCounts = [Int](repeating: 0, count: policies.count)
        tuningFeatures = .allocate(capacity: policies.count)
        tuningFeatures.initialize(repeating: TuningFeatures(length: 0, classes: 0))
        if policies.allSatisfy(\.policy.readsStoredTuningFeatures) {
            let maxima = UnsafeMutableBufferPointer<Int>.allocate(capacity: policies.count)
            _ = maxima.initialize(from: policies.map { $0.policy.tuningLengthMaximum ?? .max })
            storedFeatureMaxima = maxima
        } else {
            storedFeatureMaxima = nil
        }
        breachedRules = policies.map(\.breachedRuleMask)
        hasBreachedRules = breachedRules.contains { $0 != 0 }
    }

    deinit {
        tuningFeatures.deallocate()
        storedFeatureMaxima?.deallocate()
    }

    /// A scorer for `policies` fingerprinting with `key` with a reuse cache of its own (see the designated
    /// initializer).
    package convenience init(policies: [CompiledPolicy], key: HMACSHA256Key?, strength: Bool = false) {
        self.init(policies: policies, key: key, strength: strength, strengthCache: nil)
    }

    /// An empty tally of this scorer's policies (their rule counts and breach-corpus rules), counting strength when
    /// this scorer estimates it or `tracksStrength` says so (a rescore reading stored estimates).
    package func emptyTally(tracksStrength: Bool = false) -> RunTally {
        RunTally(
            ruleCounts: policies.policies.map(\.rules.count), breachRules: breachedRules.map { $0 != 0 },
            tracksStrength: estimatesStrength || tracksStrength)
    }

    /// Scores one row and counts it into `tally` (its length, composition, outcomes and day, its breach counts, a
    /// time read without a zone); its failure masks are in `masks` until the next call.
    package func score(_ row: CSVRowFields, into tally: inout RunTally) -> ScoredCandidate {
        let scored = score(row)
        tally.add(length: scored.features.length, composition: scored.composition, masks: masks, day: scored.day)
        if scored.time.zoneAssumed { tally.timesWithoutZone += 1 }
        if let kind = scored.time.kind { tally.timeKinds[kind.rawValue] += 1 }
        if hasBreachedRules { tally.addBreaches(breachCounts) }
        if let strength = scored.strength { tally.addStrength(score: Int(strength.score), masks: masks) }
        if talliesTuning { addTuning(into: &tally, score: scored.strength.map { Int($0.score) }) }
        return scored
    }

    /// Scores one row's outcomes only, for a candidate whose fingerprint and features are stored already, and counts
    /// them into `tally` (outcomes and day, breach counts, tuning keys with its stored strength score `strengthScore`);
    /// its failure masks are in `masks` until the next call.
    package func scoreOutcomes(_ row: CSVRowFields, strengthScore: Int? = nil, into tally: inout RunTally) {
        computeMasks(row, evaluationFeatures: talliesTuning)
        tally.addOutcomes(masks: masks, day: SubmissionDay.number(row.submittedAt, reader: timeReader))
        if hasBreachedRules { tally.addBreaches(breachCounts) }
        if talliesTuning { addTuning(into: &tally, score: strengthScore) }
    }

    /// Scores one row's outcomes and estimates its strength, for a candidate whose fingerprint and features are stored
    /// already but not its strength (a rescore storing it), and counts them into `tally` (outcomes and day, breach
    /// counts, strength); its failure masks are in `masks` until the next call. The scorer must estimate strength.
    package func scoreOutcomesAndStrength(_ row: CSVRowFields, into tally: inout RunTally) -> CandidateStrength {
        guard let strength = score(row).strength else { preconditionFailure("a scorer that estimates strength") }
        tally.addOutcomes(masks: masks, day: SubmissionDay.number(row.submittedAt))
        if hasBreachedRules { tally.addBreaches(breachCounts) }
        tally.addStrength(score: Int(strength.score), masks: masks)
        if talliesTuning { addTuning(into: &tally, score: Int(strength.score)) }
        return strength
    }

    /// What is stored of a row's password — its fingerprint, features and classes — and whether the fingerprint
    /// identifies it as typed (`exact`: NFKC left it as it is) and it is all ASCII.
    private struct Identity {
        var fingerprint: Fingerprint
        var features: CandidateFeatureRow
        var composition: UInt8
        var exact = true
        var isASCII = false
    }

    /// Rows prepared by `prepare(_:)` (their line, identity and estimate), which `score` takes in order.
    private var prepared: [(line: Int, identity: Identity, strength: CandidateStrength)] = []
    private var nextPrepared = 0

    /// Fingerprints the rows of `batch` and estimates their strength ahead of `score`, which must then be given them
    /// in the same order (what an earlier preparation left unscored is dropped). The estimator's code and tables so
    /// stay in the caches for a whole batch, instead of taking turns with the policies' at every row: about 5% of an
    /// import's CPU time. The scorer must estimate strength.
    func prepare(_ batch: RowBatch) {
        prepared.removeAll(keepingCapacity: true)
        nextPrepared = 0
        batch.forEachRow { row in
            let identity = identify(row)
            prepared.append((row.line, identity, estimateStrength(of: row, identity)))
        }
    }

    /// Scores one row; its failure masks are in `masks` until the next call.
    package func score(_ row: CSVRowFields) -> ScoredCandidate {
        let identity: Identity
        var strength: CandidateStrength?
        if nextPrepared < prepared.count {
            let entry = prepared[nextPrepared]
            precondition(entry.line == row.line, "a row scored out of the order it was prepared in")
            (identity, strength) = (entry.identity, entry.strength)
            nextPrepared += 1
            if nextPrepared == prepared.count {
                prepared.removeAll(keepingCapacity: true)
                nextPrepared = 0
            }
        } else {
            identity = identify(row)
            if estimatesStrength { strength = estimateStrength(of: row, identity) }
        }
        computeMasks(row, evaluationFeatures: talliesTuning && storedFeatureMaxima == nil)
        if talliesTuning, let maxima = storedFeatureMaxima {
            writeTuningFeatures(of: identity.features, maxima: maxima)
        }
        return ScoredCandidate(
            fingerprint: identity.fingerprint, features: identity.features, composition: identity.composition,
            time: SubmissionTime(row.submittedAt, reader: timeReader), strength: strength)
    }

    private func identify(_ row: CSVRowFields) -> Identity {
        guard let fingerprinter else { preconditionFailure("a scorer without a key scores outcomes only") }
        if let ascii = ASCIIFeatures(row.password) {
            return Identity(
                fingerprint: fingerprinter.fingerprint(row.password), features: ascii.row,
                composition: ascii.composition, isASCII: true)
        }
        let password = row.password.assumingMemoryBound(to: UInt8.self)
        var normalized = PasswordNormalizer.normalized(String(decoding: password, as: UTF8.self), .nfkc)
        let fingerprint = normalized.withUTF8 { fingerprinter.fingerprint(UnsafeRawBufferPointer($0)) }
        let full = PasswordFeatures(password: normalized, normalization: .none)
        return Identity(
            fingerprint: fingerprint,
            features: CandidateFeatureRow(
                length: full.length, upperCount: full.upper, lowerCount: full.lower, digitCount: full.digit,
                specialCount: full.special, otherLetterCount: full.otherLetter, spaceCount: full.space,
                otherCount: full.mark + full.other),
            composition: CompositionMask.mask(of: full),
            exact: normalized.utf8.elementsEqual(UnsafeRawBufferPointer(row.password)))
    }

    /// The row's estimate, from the run's cache when it holds one that applies.
    private func estimateStrength(of row: CSVRowFields, _ identity: Identity) -> CandidateStrength {
        guard let estimator, let strengthCache else { preconditionFailure("a scorer that estimates strength") }
        guard identity.exact else { return Self.strength(of: row, estimator, withInputs: true) }
        // An ASCII password none of whose windows reads as an input: the inputs cannot change its estimate, which is
        // then made without them.
        let inputFree =
            identity.isASCII
            && StrengthInputScreen.inputsCannotMatch(password: row.password, username: row.username, email: row.email)
        return strengthCache.strength(
            fingerprint: identity.fingerprint,
            inputs: inputFree ? nil : StrengthEstimateCache.inputsKey(username: row.username, email: row.email),
            estimate: { Self.strength(of: row, estimator, withInputs: !inputFree) })
    }

    /// zxcvbn's estimate of the row's password as typed, with its username and e-mail as user inputs (as a `strength`
    /// rule estimates it, less a policy's organization: the stored estimate is the candidate's, whatever the version),
    /// or without them when they cannot change it.
    private static func strength(
        of row: CSVRowFields, _ estimator: StrengthEstimator, withInputs: Bool
    ) -> CandidateStrength {
        let text = { (bytes: UnsafeRawBufferPointer?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
        let inputs = withInputs ? [text(row.username), text(row.email)].compactMap { $0 } : []
        let estimate = estimator.score(utf8: row.password, userInputs: inputs)
        return CandidateStrength(score: estimate.score, guessesLog10: estimate.guessesLog10)
    }

    /// Appends `row`, scored last as `scored`, to `batch` with its masks: what is stored of a candidate (fingerprint,
    /// features, line, ids, time), never its password. A time already in canonical form is copied as read.
    package func append(_ row: CSVRowFields, scored: ScoredCandidate, to batch: inout CandidateBatch) {
        masks.withUnsafeBufferPointer { masks in
            batch.append(
                line: row.line, externalID: row.externalID, username: row.username, submittedAt: scored.time.instant,
                canonicalText: scored.time.isCanonical ? row.submittedAt : nil, fingerprint: scored.fingerprint,
                features: scored.features, masks: masks)
        }
        if let strength = scored.strength { batch.appendStrength(strength) }
    }

    /// Writes the row's failure masks and breach counts, and with `evaluationFeatures` its tuning features as the
    /// evaluation counts them.
    private func computeMasks(_ row: CSVRowFields, evaluationFeatures: Bool) {
        masks.withUnsafeMutableBufferPointer { masks in
            breachCounts.withUnsafeMutableBufferPointer { breachCounts in
                policies.failureMasks(
                    of: row, into: masks, breachCounts: breachCounts,
                    features: evaluationFeatures ? tuningFeatures : nil)
            }
        }
    }

    /// Writes each policy's tuning features from the candidate's stored feature row `row` and the policies' length
    /// maxima: the length (0 over the maximum) and the classes present, as `init --backfill` reads them (upper, lower,
    /// digit, special, letter: upper, lower or another letter, space).
    @inline(__always)
    private func writeTuningFeatures(of row: CandidateFeatureRow, maxima: UnsafeMutableBufferPointer<Int>) {
        @inline(__always) func bit(_ count: Int, _ value: UInt8) -> UInt8 { count > 0 ? value : 0 }
        let classes =
            bit(row.upperCount, 1) | bit(row.lowerCount, 2) | bit(row.digitCount, 4) | bit(row.specialCount, 8)
            | bit(row.upperCount | row.lowerCount | row.otherLetterCount, 16) | bit(row.spaceCount, 32)
        for index in maxima.indices {
            let length = row.length > maxima[index] ? 0 : row.length
            tuningFeatures[index] = TuningFeatures(length: length, classes: classes)
        }
    }

    /// Counts the row scored last into `tally`'s tuning summary, with its strength score `score`.
    @inline(__always)
    private func addTuning(into tally: inout RunTally, score: Int?) {
        let features = UnsafeBufferPointer(tuningFeatures)
        masks.withUnsafeBufferPointer { tally.addTuning(masks: $0, features: features, score: score) }
    }
}

/// Character-class counts of an all-ASCII password, read from its bytes; nil when a byte is not ASCII.
///
/// The classes are `PasswordFeatures`'s for ASCII scalars: A–Z upper, a–z lower, 0–9 digit, space, the other
/// printable characters special, controls (including tab and DEL) other.
struct ASCIIFeatures {
    var upper = 0
    var lower = 0
    var digit = 0
    var special = 0
    var space = 0
    var other = 0
    var length = 0

    init?(_ bytes: UnsafeRawBufferPointer) {
        length = bytes.count
        let lanes = Self.lanes
        var start = 0
        while start < bytes.count {
            // One 8-bit counter per class in `packed`, flushed every 255 bytes so that none overflows.
            let end = Swift.min(start + 255, bytes.count)
            var packed: UInt64 = 0
            var seen: UInt8 = 0
            for index in start..<end {
                let byte = bytes[index]
                seen |= byte
                packed &+= lanes[Int(byte & 0x7F)]
            }
            guard seen < 0x80 else { return nil }
            upper += Int(packed & 0xFF)
            lower += Int(packed >> 8 & 0xFF)
            digit += Int(packed >> 16 & 0xFF)
            space += Int(packed >> 24 & 0xFF)
            special += Int(packed >> 32 & 0xFF)
            other += Int(packed >> 40 & 0xFF)
            start = end
        }
    }

    /// Per ASCII byte, a 1 in the 8-bit lane of its class: upper, lower, digit, space, special, other.
    private static let lanes: [UInt64] = (0..<128).map { byte -> UInt64 in
        switch byte {
        case 0x41...0x5A: 1
        case 0x61...0x7A: 1 << 8
        case 0x30...0x39: 1 << 16
        case 0x20: 1 << 24
        case 0x21...0x7E: 1 << 32
        default: 1 << 40
        }
    }

    /// The stored feature row.
    var row: CandidateFeatureRow {
        CandidateFeatureRow(
            length: length, upperCount: upper, lowerCount: lower, digitCount: digit, specialCount: special,
            spaceCount: space, otherCount: other)
    }

    /// The classes present, as a `CompositionMask`.
    var composition: UInt8 {
        var mask: UInt8 = 0
        if upper > 0 { mask |= 1 }
        if lower > 0 { mask |= 2 }
        if digit > 0 { mask |= 8 }
        if special > 0 { mask |= 16 }
        if space > 0 { mask |= 32 }
        if other > 0 { mask |= 128 }
        return mask
    }
}
