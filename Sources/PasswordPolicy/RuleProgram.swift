/// The immutable, shareable evaluation machinery behind a ``CompiledPolicy``.
///
/// A final class so that evaluation touches one reference instead of copying the policy's fields. The hot
/// tables are raw buffers owned by the instance (written once in `init`, freed in `deinit`) and the
/// non-escaping closures capture `self` as `unowned(unsafe)`, so evaluating from several threads does not
/// bounce a shared reference count between cores.
final class RuleProgram: @unchecked Sendable {
    static let builtinCommon = BlocklistTable(BuiltinCommonPasswords.entries.map { Array($0.utf8) })

    let rules: UnsafeMutableBufferPointer<CompiledRule>
    let scalarSets: [ScalarSet]
    let blocklists: [BlocklistTable]
    let patterns: [PatternMatcher]
    let normalization: Normalization
    let asciiTable: UnsafeMutableBufferPointer<ASCIIInfo>
    let builtin: BlocklistTable
    /// Whether any rule needs sequence runs (the ASCII scan skips them otherwise).
    let tracksSequences: Bool

    init(_ policy: PasswordPolicy) throws(PolicyError) {
        var tables = RuleSideTables()
        var rules: [CompiledRule] = []
        for (index, rule) in policy.rules.enumerated() {
            rules.append(try tables.lower(rule.kind, normalization: policy.normalization, path: "rules[\(index)]"))
        }
        self.rules = .allocate(capacity: rules.count)
        _ = self.rules.initialize(from: rules)
        self.scalarSets = tables.scalarSets
        self.blocklists = tables.blocklists
        self.patterns = tables.patterns
        self.normalization = policy.normalization
        self.asciiTable = .allocate(capacity: ASCIIInfo.table.count)
        _ = self.asciiTable.initialize(from: ASCIIInfo.table)
        self.builtin = Self.builtinCommon
        self.tracksSequences = rules.contains {
            if case .maxSequence = $0 { return true }
            return false
        }
    }

    deinit {
        rules.deinitialize()
        rules.deallocate()
        asciiTable.deallocate()
    }

    /// Bit `i` set when rule `i` fails.
    func failureMask(_ candidate: Candidate) -> UInt64 {
        withPrepared(candidate.password) { [unowned(unsafe) self] prepared in
            var mask: UInt64 = 0
            for index in 0..<rules.count where check(rules[index], prepared, candidate).failed {
                mask |= 1 << UInt64(index)
            }
            return mask
        }
    }

    /// Every rule's raw check, in order.
    func checks(_ candidate: Candidate) -> [RuleCheck] {
        withPrepared(candidate.password) { prepared in rules.map { check($0, prepared, candidate) } }
    }

    /// Normalizes and scans `password` once, then runs `body` with the result.
    ///
    /// All-ASCII passwords take a path with no normalization and no heap allocation.
    @inline(__always)
    func withPrepared<R>(_ password: String, _ body: (PreparedPassword) -> R) -> R {
        let fast: R?? = password.utf8.withContiguousStorageIfAvailable { [unowned(unsafe) self] bytes -> R? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(bytes.count, 1)) {
                [unowned(unsafe) self] lowered -> R? in
                var present: (UInt64, UInt64) = (0, 0)
                let summary = PasswordScanner.scanASCII(
                    bytes, table: UnsafeBufferPointer(asciiTable), lowered: lowered.baseAddress!, present: &present,
                    tracksSequences: tracksSequences)
                guard let summary else { return nil }
                let prepared = PreparedPassword(
                    summary: summary, folded: UnsafeBufferPointer(start: lowered.baseAddress, count: bytes.count),
                    asciiPresent: present, scalars: [], foldedScalars: [], normalized: password)
                return body(prepared)
            }
        }
        if let fast, let result = fast { return result }
        let normalizedPassword = PasswordNormalizer.normalized(password, normalization)
        let scalars = Array(normalizedPassword.unicodeScalars)
        let foldedText = CompiledPolicy.folded(normalizedPassword)
        let foldedBytes = Array(foldedText.utf8)
        return foldedBytes.withUnsafeBufferPointer { folded in
            body(
                PreparedPassword(
                    summary: PasswordScanner.scan(scalars), folded: folded, asciiPresent: nil, scalars: scalars,
                    foldedScalars: foldedText.unicodeScalars.map(\.value), normalized: normalizedPassword))
        }
    }
}
