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
///
/// One compatibility block is answered here too: NFKC maps the fullwidth forms U+FF01…U+FF5E (`１`, `Ａ`, `！`) to
/// ASCII U+0021…U+007E, each on its own (``fullwidthASCII(_:)``). Compatibility decomposition turns a string into the
/// same scalars as the string with those forms replaced by their ASCII, and NFKC composes from there, so the NFKC of a
/// string of ASCII, stable and fullwidth scalars is that replaced string, which the argument above leaves unchanged.
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

    /// The ASCII value NFKC maps the fullwidth form `value` to (U+FF01…U+FF5E to U+0021…U+007E); nil for any other.
    @inline(__always)
    package static func fullwidthASCII(_ value: UInt32) -> UInt32? {
        value &- 0xFF01 < 0x5E ? value &- 0xFEE0 : nil
    }

    /// `scalars` in `form` (NFKC or NFC) without Foundation when each is ASCII, stable, under NFKC a fullwidth form, or
    /// a lone combining mark of ``ASCIIMarkCompositions`` right after an ASCII scalar; nil when some other scalar needs
    /// the full normalization.
    ///
    /// Such a mark has class above 0 between two starters, so nothing reorders it, and it composes with the ASCII
    /// before it exactly when the table has the pair; the composite is then followed by a starter that is not the
    /// second of any composition (ASCII or stable), so nothing composes further. The rest is the argument above.
    package static func quickNormalized(_ scalars: [Unicode.Scalar], _ form: Normalization) -> [Unicode.Scalar]? {
        var normalized: [Unicode.Scalar] = []
        normalized.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            if value < 0x80 || isStable(value) {
                normalized.append(scalar)
            } else if form == .nfkc, let ascii = fullwidthASCII(value) {
                normalized.append(Unicode.Scalar(UInt8(ascii)))
            } else if index > 0, scalars[index - 1].value < 0x80, let merged = composite(scalars[index - 1], value) {
                if let merged { normalized[normalized.count - 1] = merged } else { normalized.append(scalar) }
            } else {
                return nil
            }
        }
        return normalized
    }

    /// For a mark of ``ASCIIMarkCompositions`` after `base`, the scalar the two compose into, or `.some(nil)` when
    /// they stay two; nil for any other scalar `value`.
    private static func composite(_ base: Unicode.Scalar, _ value: UInt32) -> Unicode.Scalar?? {
        let bit = value &- 0x300
        let word = bit < 64 ? ASCIIMarkCompositions.marks.0 : ASCIIMarkCompositions.marks.1
        guard bit < 0x70, (word >> UInt64(bit & 63)) & 1 != 0 else { return nil }
        return .some(compositions[UInt16(base.value << 8 | bit)].flatMap(Unicode.Scalar.init))
    }

    /// ``ASCIIMarkCompositions``' pairs by key.
    private static let compositions = Dictionary(
        uniqueKeysWithValues: zip(ASCIIMarkCompositions.keys, ASCIIMarkCompositions.composites))
}
