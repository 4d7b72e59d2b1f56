/// Tells, without normalizing, that NFKC and NFC leave a string as it is: what lets the engine skip Foundation's
/// normalization (a bridge to `NSString` and back, most of a non-ASCII password's cost) for the common non-ASCII
/// passwords, `café`, `пароль`, `密码`, `비밀번호`, `😀`, while returning exactly what normalizing would.
///
/// A scalar is *stable* (``NFKCStableScalars``, generated from Foundation by `scripts/embed-nfkc-stable.sh`) when it is
/// assigned, has canonical combining class 0, normalizes to itself on its own under NFKC and NFC, and is not the second
/// scalar of any canonical composition. A string of ASCII and stable scalars is in NFKC and NFC: decomposing it yields,
/// per scalar, a starter followed by its own marks, so canonical reordering never crosses two scalars' decompositions;
/// recomposition rebuilds each scalar (it normalizes to itself) and could only join it to the next one's starter if
/// that starter were the second of a composition, which no stable or ASCII scalar is. So the normalization is the
/// identity. Anything else (a combining mark, a compatibility character such as `ﬁ` or `１`, a Hangul jamo, an
/// unassigned or supplementary-plane scalar past U+1FFFF) takes the full normalization, as before.
package enum NFKCQuickCheck {
    /// Whether every scalar of `text` is ASCII or stable: then `text` is its own NFKC and NFC.
    package static func leavesUnchanged(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x80 && !isStable(scalar.value) { return false }
        return true
    }

    /// Whether scalar value `value` (≥ 0x80) is stable.
    @inline(__always)
    package static func isStable(_ value: UInt32) -> Bool {
        guard value < 0x20000 else { return false }
        let block = Int(NFKCStableScalars.blocks[Int(value >> 8)])
        let word = NFKCStableScalars.bitmaps[block &* 4 &+ Int((value >> 6) & 3)]
        return (word >> UInt64(value & 63)) & 1 != 0
    }
}
