import PasswordStrength
import PolicyPattern

/// A plain value over a ``RuleProgram``'s buffers that evaluates candidates.
///
/// Copying it touches no reference count (``CompiledPolicy`` keeps the program alive), which keeps parallel
/// batch scoring free of shared atomic traffic.
struct RuleEvaluator: @unchecked Sendable {
    let rules: UnsafeBufferPointer<CompiledRule>
    let asciiTable: UnsafeBufferPointer<ASCIIInfo>
    /// The tables only some rules read, behind one pointer: the evaluator is copied for each policy and candidate,
    /// and over 128 bytes (it was 313 with them inline) the copy is a `memcpy`.
    let tables: UnsafePointer<RuleTables>
    let normalization: Normalization
    /// The semantics the rules read the password with.
    let mode: EvaluationMode
    /// Whether any rule needs sequence runs (the ASCII scan skips them otherwise).
    let tracksSequences: Bool

    /// Whether the rules read the prepared (normalized, scanned) password; a compat-mode policy whose rules all
    /// read bytes does not.
    let preparesPassword: Bool
    /// The byte runs compat mode's rules need (see ``PwqualityScan``).
    let scanNeeds: PwqualityScan.Needs
    /// The policy's first `length` rule, which tuning's lengths count as (``TuningFeatures``).
    let tuningLengthRule: TuningLengthRule?

    /// Bit `i` set when rule `i` fails.
    func failureMask(_ candidate: Candidate) -> UInt64 {
        candidate.withBytes { candidate in
            if !preparesPassword { return failureMask(candidate) }
            return withPrepared(candidate.password) { prepared in
                var contexts = ContextAnswers()
                return failureMask(prepared, candidate, contexts: &contexts)
            }
        }
    }

    /// Bit `i` set when rule `i` fails, over a password already prepared (by any evaluator of the same
    /// normalization that tracks sequences when this one does), sharing context answers through `contexts`.
    /// With `features`, also writes the candidate's ``TuningFeatures`` there.
    @inline(__always)
    func failureMask(
        _ prepared: PreparedPassword, _ candidate: CandidateBytes, contexts: inout ContextAnswers,
        features: UnsafeMutablePointer<TuningFeatures>? = nil
    ) -> UInt64 {
        var mask: UInt64 = 0
        let scan = pwqualityScan(of: candidate)
        if mode == .unicode {
            // The counted rules from the scan's counts, then each other rule's check.
            let summary = prepared.summary
            for counted in countedChecks where counted.fails(summary) { mask |= counted.bit }
            for index in uncountedRules where fails(rules[index], prepared, candidate, &contexts) {
                mask |= 1 << UInt64(index)
            }
        } else {
            for index in 0..<rules.count where check(rules[index], prepared, candidate, &contexts, scan).failed {
                mask |= 1 << UInt64(index)
            }
        }
        features?.pointee = tuningFeatures(prepared, candidate, scan)
        return mask
    }

    /// ``failureMask(_:_:contexts:)``, also raising `breachCount` to the largest count a failing breach-corpus rule
    /// found (the rule's own lookup: none is made twice). A policy without such a rule takes the loop above, which
    /// reads nothing of a check but whether it failed.
    @inline(__always)
    func failureMask(
        _ prepared: PreparedPassword, _ candidate: CandidateBytes, contexts: inout ContextAnswers,
        breachCount: inout Int, features: UnsafeMutablePointer<TuningFeatures>? = nil
    ) -> UInt64 {
        guard !sources.isEmpty else {
            return failureMask(prepared, candidate, contexts: &contexts, features: features)
        }
        var mask: UInt64 = 0
        let scan = pwqualityScan(of: candidate)
        for index in 0..<rules.count {
            let result = check(rules[index], prepared, candidate, &contexts, scan)
            guard result.failed else { continue }
            mask |= 1 << UInt64(index)
            if case .breached = rules[index] { breachCount = Swift.max(breachCount, result.actual) }
        }
        features?.pointee = tuningFeatures(prepared, candidate, scan)
        return mask
    }

    /// Compat mode's mask when every rule reads bytes (``preparesPassword`` false): one scan, no preparation.
    /// With `features`, also writes the candidate's ``TuningFeatures`` there.
    @inline(__always)
    func failureMask(_ candidate: CandidateBytes, features: UnsafeMutablePointer<TuningFeatures>? = nil) -> UInt64 {
        let scan = PwqualityScan(candidate.password, needs: scanNeeds)
        var mask: UInt64 = 0
        for index in 0..<rules.count where pwqualityFails(rules[index], candidate, scan) {
            mask |= 1 << UInt64(index)
        }
        features?.pointee = tuningFeatures(scan: scan, candidate)
        return mask
    }

    /// The password's byte scan in pwquality mode, which every rule of that mode reads; nil in the other modes.
    @inline(__always)
    func pwqualityScan(of candidate: CandidateBytes) -> PwqualityScan? {
        mode == .pwquality ? PwqualityScan(candidate.password, needs: scanNeeds) : nil
    }

    /// Every rule's raw check, in order, and the estimate the `strength` rules judged by (nil without one).
    func checksAndStrength(_ candidate: Candidate) -> (checks: [RuleCheck], strength: StrengthEstimate?) {
        candidate.withBytes { candidate in
            withPrepared(candidate.password) { prepared in
                var contexts = ContextAnswers()
                let scan = pwqualityScan(of: candidate)
                let checks = rules.map { check($0, prepared, candidate, &contexts, scan) }
                return (checks, contexts.strength?.estimate)
            }
        }
    }

    /// This evaluator, scanning for sequence runs whether or not its own rules need them.
    func trackingSequences() -> RuleEvaluator {
        RuleEvaluator(
            rules: rules, asciiTable: asciiTable, tables: tables, normalization: normalization, mode: mode,
            tracksSequences: true,
            preparesPassword: preparesPassword,
            scanNeeds: scanNeeds, tuningLengthRule: tuningLengthRule)
    }

    /// Normalizes and scans `password` (valid UTF-8) once, then runs `body` with the result.
    ///
    /// All-ASCII passwords take a path with no normalization and no heap allocation, and so, under NFKC, do those
    /// whose other scalars are all fullwidth forms (``NFKCQuickCheck/fullwidthASCII(_:)``), as their ASCII.
    @inline(__always)
    func withPrepared<R>(_ password: UnsafeBufferPointer<UInt8>, _ body: (PreparedPassword) -> R) -> R {
        if let ascii = withPreparedASCII(password, body) { return ascii }
        if normalization == .nfkc, let mapped = withFullwidthMapped(password, { withPreparedASCII($0, body) }) {
            return mapped
        }
        return withPreparedGeneral(password, body)
    }

    /// ``withPrepared(_:_:)`` of an all-ASCII `password` (its own normal form in every form); nil, without running
    /// `body`, when it has a non-ASCII byte.
    @inline(__always)
    private func withPreparedASCII<R>(_ password: UnsafeBufferPointer<UInt8>, _ body: (PreparedPassword) -> R) -> R? {
        // The closure reads these two, not `self`: capturing the evaluator copied all of it per candidate.
        let (table, tracksSequences) = (asciiTable, tracksSequences)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(password.count, 1)) {
            lowered -> R? in
            var present: (UInt64, UInt64) = (0, 0)
            var hash: UInt64 = 0
            let summary = PasswordScanner.scanASCII(
                password, table: table, lowered: lowered.baseAddress!, present: &present, loweredHash: &hash,
                tracksSequences: tracksSequences)
            guard let summary else { return nil }
            return body(
                PreparedPassword(
                    summary: summary, folded: UnsafeBufferPointer(start: lowered.baseAddress, count: password.count),
                    foldedHash: hash, asciiBytes: password, asciiPresent: present, general: nil))
        }
    }

    /// `body` of `password`'s NFKC when that is ASCII because each non-ASCII scalar is a fullwidth form (U+FF01…U+FF5E,
    /// UTF-8 `EF BC 81`…`EF BD 9E`); nil, without running `body`, when some other non-ASCII scalar is there.
    private func withFullwidthMapped<R>(
        _ password: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R?
    ) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(password.count, 1)) { mapped -> R? in
            var (index, count) = (0, 0)
            while index < password.count {
                let byte = password[index]
                if byte < 0x80 {
                    mapped[count] = byte
                    index += 1
                } else {
                    guard byte == 0xEF, index + 2 < password.count else { return nil }
                    let (second, third) = (password[index + 1], password[index + 2])
                    let value = 0xF000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
                    guard second & 0xC0 == 0x80, third & 0xC0 == 0x80,
                        let ascii = NFKCQuickCheck.fullwidthASCII(value)
                    else { return nil }
                    mapped[count] = UInt8(ascii)
                    index += 3
                }
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: mapped[..<count]))
        }
    }

    /// ``withPrepared(_:_:)`` of a password with a non-ASCII byte: its scalars decoded, normalized (by Foundation
    /// only when ``NFKCQuickCheck`` cannot give their normal form) and folded through ``ScalarFacts``.
    private func withPreparedGeneral<R>(_ password: UnsafeBufferPointer<UInt8>, _ body: (PreparedPassword) -> R) -> R {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(password.count)
        var iterator = password.makeIterator()
        var decoder = Unicode.UTF8()
        var stable = true
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar.value >= 0x80, !NFKCQuickCheck.isStable(scalar.value) { stable = false }
            case .emptyInput: break decoding
            case .error: scalars.append("\u{FFFD}")  // as `String(decoding:as:)` repairs; callers pass valid UTF-8
            }
        }
        var normalizedUTF8: [UInt8] = []
        if normalization != .none, !stable {
            if let quick = NFKCQuickCheck.quickNormalized(scalars, normalization) {
                scalars = quick
                normalizedUTF8 = ScalarFacts.utf8(of: quick.map(\.value))
            } else {
                let normalized = PasswordNormalizer.foundationNormalized(
                    String(decoding: password, as: UTF8.self), normalization)
                scalars = Array(normalized.unicodeScalars)
                normalizedUTF8 = Array(normalized.utf8)
            }
        }
        var foldedScalars: [UInt32] = []
        foldedScalars.reserveCapacity(scalars.count)
        for scalar in scalars { ScalarFacts.appendLowercase(of: scalar, to: &foldedScalars) }
        let summary = PasswordScanner.scan(scalars, tracksSequences: tracksSequences)
        return normalizedUTF8.withUnsafeBufferPointer { normalizedBytes in
            let general = GeneralPassword(
                normalizedUTF8: normalizedBytes.count > 0 ? normalizedBytes : password, scalars: scalars,
                foldedScalars: foldedScalars)
            return withUnsafePointer(to: general) { general in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: foldedScalars.count * 4 + 1) { foldedBytes in
                    let count = ScalarFacts.writeUTF8(of: foldedScalars, to: foldedBytes.baseAddress!)
                    let folded = UnsafeBufferPointer(start: foldedBytes.baseAddress, count: count)
                    return body(
                        PreparedPassword(
                            summary: summary, folded: folded, foldedHash: BlocklistLookup.fnv(folded),
                            asciiBytes: UnsafeBufferPointer(start: nil, count: 0),
                            asciiPresent: nil, general: general))
                }
            }
        }
    }
}
