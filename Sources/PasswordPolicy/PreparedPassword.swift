/// A normalized password ready for the rules, valid only inside ``RuleEvaluator/withPrepared(_:_:)``.
///
/// Plain values and pointers only, so building and dropping one costs nothing on the ASCII path.
struct PreparedPassword {
    /// Counts and runs from the single pass.
    var summary: ScanSummary
    /// The case-folded normalized password as UTF-8 (for blocklist and context rules).
    var folded: UnsafeBufferPointer<UInt8>
    /// ``BlocklistLookup/fnv(_:)`` of ``folded``, made once for every blocklist of the policies.
    var foldedHash: UInt64
    /// The password's own UTF-8 bytes on the ASCII path (already normalized); empty otherwise.
    var asciiBytes: UnsafeBufferPointer<UInt8>
    /// ASCII bitmap of the scalars present when the password is all ASCII; `nil` on the general path.
    var asciiPresent: (UInt64, UInt64)?
    /// The normalized forms on the general path; `nil` on the ASCII path.
    var general: UnsafePointer<GeneralPassword>?
}

/// The normalized forms of a non-ASCII password.
struct GeneralPassword {
    /// The normalized password's UTF-8 bytes.
    var normalizedUTF8: UnsafeBufferPointer<UInt8>
    /// Its scalars.
    var scalars: [Unicode.Scalar]
    /// The case-folded scalar values.
    var foldedScalars: [UInt32]
}

/// One rule's raw verdict: cheap to produce, turned into a ``RuleOutcome`` only when asked.
struct RuleCheck {
    /// Whether the rule failed.
    var failed: Bool
    /// Which failure (rule-specific: e.g. 1 too short, 2 too long); 0 when passed.
    var variant: UInt8
    /// The measured value (length, count, run length…).
    var actual: Int
    /// A rule-specific index for the message (`banned-terms`: the first banned term matched); -1 when none.
    var detail: Int = -1

    static let pass = RuleCheck(failed: false, variant: 0, actual: 0)
}
