/// Finds a context value (or one of its tokens) inside a password, forwards or reversed.
enum ContextMatcher {
    /// Whether `haystack` contains `value`, or a token of it, of at least `minToken` elements, in either direction.
    ///
    /// - Parameters:
    ///   - fold: Maps a value element to the haystack's (already folded) alphabet.
    ///   - isSeparator: Whether a value element splits tokens.
    @inline(__always)
    static func contains<H: RandomAccessCollection, V: RandomAccessCollection>(
        _ haystack: H, _ value: V, minToken: Int, fold: (V.Element) -> H.Element, isSeparator: (V.Element) -> Bool
    ) -> Bool where H.Index == Int, V.Index == Int, H.Element: Equatable {
        guard value.count >= minToken, haystack.count >= minToken else { return false }
        if occurs(haystack, value, value.startIndex, value.endIndex, fold) { return true }
        var start = value.startIndex
        while start < value.endIndex {
            while start < value.endIndex, isSeparator(value[start]) { start += 1 }
            var stop = start
            while stop < value.endIndex, !isSeparator(value[stop]) { stop += 1 }
            let isWhole = start == value.startIndex && stop == value.endIndex
            if stop - start >= minToken, !isWhole, occurs(haystack, value, start, stop, fold) { return true }
            start = stop
        }
        return false
    }

    @inline(__always)
    private static func occurs<H: RandomAccessCollection, V: RandomAccessCollection>(
        _ haystack: H, _ value: V, _ low: Int, _ high: Int, _ fold: (V.Element) -> H.Element
    ) -> Bool where H.Index == Int, V.Index == Int, H.Element: Equatable {
        let width = high - low
        guard width > 0, width <= haystack.count else { return false }
        let base = haystack.startIndex
        let first = fold(value[low])
        let last = fold(value[high - 1])
        for shift in base...(base + haystack.count - width) {
            let head = haystack[shift]
            if head == first {
                var offset = 1
                while offset < width, haystack[shift + offset] == fold(value[low + offset]) { offset += 1 }
                if offset == width { return true }
            }
            if head == last {
                var offset = 1
                while offset < width, haystack[shift + offset] == fold(value[high - 1 - offset]) { offset += 1 }
                if offset == width { return true }
            }
        }
        return false
    }

    /// ``contains(_:_:minToken:fold:isSeparator:)`` for an ASCII value and folded ASCII haystack, folding and splitting
    /// by `table`, with a filter that cannot change the answer: a text occurs (forwards or reversed) only if each of
    /// its folded bytes is in the haystack, so the value and each token gather the set of their bytes (bit `b & 63`)
    /// and are looked for only when `haystackBytes`, the haystack's set, holds it all. Most are not looked for.
    @inline(__always)
    static func containsASCII(
        _ haystack: UnsafeBufferPointer<UInt8>, haystackBytes: UInt64, _ value: UnsafeBufferPointer<UInt8>,
        minToken: Int, table: UnsafeBufferPointer<ASCIIInfo>
    ) -> Bool {
        guard value.count >= minToken, haystack.count >= minToken else { return false }
        let fold = { (byte: UInt8) in table[Int(byte)].lower }
        let isSeparator = { (byte: UInt8) in !RuleEvaluator.isAlphanumeric(table[Int(byte)].kind) }
        var whole: UInt64 = 0  // the bytes of the value, separators included
        var start = 0
        while start < value.count {
            while start < value.count, isSeparator(value[start]) {
                whole |= 1 << UInt64(fold(value[start]) & 63)
                start += 1
            }
            var stop = start
            var token: UInt64 = 0
            while stop < value.count, !isSeparator(value[stop]) {
                token |= 1 << UInt64(fold(value[stop]) & 63)
                stop += 1
            }
            whole |= token
            let isWhole = start == 0 && stop == value.count
            if stop - start >= minToken, !isWhole, token & ~haystackBytes == 0,
                occurs(haystack, value, start, stop, fold)
            {
                return true
            }
            start = stop
        }
        return whole & ~haystackBytes == 0 && occurs(haystack, value, value.startIndex, value.endIndex, fold)
    }

    /// The part of an email address before its last `@` (the whole text when there is none).
    static func localPart<C: BidirectionalCollection>(_ email: C, at: C.Element) -> C.SubSequence
    where C.Element: Equatable {
        guard let sign = email.lastIndex(of: at) else { return email[...] }
        return email[..<sign]
    }
}
