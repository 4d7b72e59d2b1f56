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

    /// The part of an email address before its last `@` (the whole text when there is none).
    static func localPart<C: BidirectionalCollection>(_ email: C, at: C.Element) -> C.SubSequence
    where C.Element: Equatable {
        guard let sign = email.lastIndex(of: at) else { return email[...] }
        return email[..<sign]
    }
}
