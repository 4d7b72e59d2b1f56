/// A blocklist too large to hold, which the compiled policy queries instead: a breach corpus such as Have I Been
/// Pwned's, opened by the caller (the engine reads no files) and passed to ``CompiledPolicy/init(_:sources:)``.
///
/// Implementations are immutable once open and safe to query from many threads at once.
public protocol BlocklistSource: AnyObject, Sendable {
    /// How many times `password` (its UTF-8 bytes after the policy's normalization, not case-folded) was seen in
    /// breaches; 0 when it is not in the corpus.
    ///
    /// It cannot throw (it runs inside rule evaluation): a source that finds its file damaged while searching
    /// answers 0 and records the fault for its owner to report once evaluation is over.
    func occurrences(of password: UnsafeBufferPointer<UInt8>) -> Int
}

/// A source held without reference counting, so that evaluators copied onto many threads share no atomic counter;
/// ``RuleProgram`` keeps the source alive.
struct BlocklistSourceSlot: @unchecked Sendable {
    unowned(unsafe) let source: any BlocklistSource
}

/// A `banned-terms` matcher held without reference counting, like ``BlocklistSourceSlot``.
struct BannedTermsSlot: @unchecked Sendable {
    unowned(unsafe) let matcher: BannedTermsMatcher
}
