/// A set of Unicode scalars that one step of a `pattern` rule's automaton accepts.
///
/// Built from a character class, an escape such as `\d`, or a case-insensitive literal. Membership of ASCII
/// scalars is a precomputed bitmap; other scalars are looked up in sorted ranges and Unicode properties.
struct PatternClass: Sendable, Equatable {
    /// A property-defined part of a class, such as `\d`, `\W` or `\p{Lu}`.
    struct Item: Sendable, Equatable {
        /// Which property an item tests.
        enum Kind: Sendable, Equatable {
            /// Any of the general categories whose bits (``PatternClass/categoryBit(_:)``) are set.
            case categories(UInt32)
            /// ICU's `\w`: Alphabetic, marks, decimal digits, connector punctuation, U+200C, U+200D.
            case word
            /// ICU's `\s`: the White_Space property.
            case whitespace
        }

        var kind: Kind
        /// Whether the item stands for the complement (`\D`, `\P{…}`).
        var negated: Bool
    }

    /// Membership of scalars 0–63 and 64–127, final (negation applied).
    private(set) var ascii: (UInt64, UInt64) = (0, 0)
    /// Sorted, disjoint, non-adjacent ranges of member scalars (before negation).
    private(set) var ranges: [ClosedRange<UInt32>]
    private(set) var items: [Item]
    /// Whether the class is the complement of its ranges and items (`[^…]`).
    private(set) var negated: Bool
    /// The general categories any category item admits (a `\P{…}` item as its complement), merged so that a
    /// class of many items costs one category lookup.
    private(set) var categoryMask: UInt32 = 0
    /// Which of `\w`, `\W`, `\s`, `\S` the items hold (``PropertyTest`` bits), each tested once.
    private(set) var propertyTests: UInt8 = 0

    /// Bits of ``propertyTests``.
    private enum PropertyTest {
        static let word: UInt8 = 1
        static let notWord: UInt8 = 2
        static let whitespace: UInt8 = 4
        static let notWhitespace: UInt8 = 8
    }

    /// Every category bit (``categoryBit(_:)``).
    private static let everyCategory: UInt32 = (1 << 30) - 1

    /// A class of `ranges` and `items`, complemented when `negated`.
    init(ranges: [ClosedRange<UInt32>], items: [Item] = [], negated: Bool = false) {
        self.ranges = Self.merged(ranges)
        self.items = items
        self.negated = negated
        for item in items {
            switch item.kind {
            case .categories(let mask): categoryMask |= item.negated ? ~mask & Self.everyCategory : mask
            case .word: propertyTests |= item.negated ? PropertyTest.notWord : PropertyTest.word
            case .whitespace: propertyTests |= item.negated ? PropertyTest.notWhitespace : PropertyTest.whitespace
            }
        }
        for value in 0..<128 where slowContains(UInt32(value)) {
            if value < 64 { ascii.0 |= 1 << UInt64(value) } else { ascii.1 |= 1 << UInt64(value - 64) }
        }
    }

    static func == (lhs: PatternClass, rhs: PatternClass) -> Bool {
        lhs.ranges == rhs.ranges && lhs.items == rhs.items && lhs.negated == rhs.negated
    }

    /// Whether the scalar with value `value` is a member.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        var traits = PatternScalarTraits(value)
        return contains(&traits)
    }

    /// Whether the scalar of `traits` is a member, looking up in `traits` only the properties not known yet.
    ///
    /// Costs a bitmap test for ASCII, else a binary search of the ranges and at most three property lookups
    /// shared with every other class tested on the same scalar.
    @inline(__always)
    func contains(_ traits: inout PatternScalarTraits) -> Bool {
        let value = traits.value
        if value < 64 { return ascii.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return ascii.1 & (1 << UInt64(value - 64)) != 0 }
        return slowContains(&traits)
    }

    private func slowContains(_ value: UInt32) -> Bool {
        var traits = PatternScalarTraits(value)
        return slowContains(&traits)
    }

    private func slowContains(_ traits: inout PatternScalarTraits) -> Bool {
        ranges.withUnsafeBufferPointer {
            Self.isMember(
                ranges: $0, categoryMask: categoryMask, propertyTests: propertyTests, negated: negated, &traits)
        }
    }

    /// Whether the non-ASCII scalar of `traits` belongs to the class made of these parts (``ranges``,
    /// ``categoryMask``, ``propertyTests``, ``negated``): a binary search, then the shared property lookups.
    @inline(__always)
    static func isMember(
        ranges: UnsafeBufferPointer<ClosedRange<UInt32>>, categoryMask: UInt32, propertyTests: UInt8, negated: Bool,
        _ traits: inout PatternScalarTraits
    ) -> Bool {
        var member = rangesContain(ranges, traits.value)
        if !member, categoryMask != 0 { member = categoryMask & traits.category() != 0 }
        if !member, propertyTests & (PropertyTest.word | PropertyTest.notWord) != 0 {
            let word = traits.isWord()
            member = propertyTests & (word ? PropertyTest.word : PropertyTest.notWord) != 0
        }
        if !member, propertyTests & (PropertyTest.whitespace | PropertyTest.notWhitespace) != 0 {
            let whitespace = traits.isWhitespace()
            member = propertyTests & (whitespace ? PropertyTest.whitespace : PropertyTest.notWhitespace) != 0
        }
        return member != negated
    }

    /// This class closed over simple case mappings: every scalar that case-folds like a member becomes a
    /// member, and a category item holding any of Lu, Ll, Lt holds all three (as ICU does under `(?i)`).
    func caseClosed() -> PatternClass {
        var extra: [ClosedRange<UInt32>] = []
        for group in PatternCaseFolding.groups where group.contains(where: { Self.rangesContain(ranges, $0) }) {
            extra.append(contentsOf: group.map { $0...$0 })
        }
        let cased =
            Self.categoryBit(.uppercaseLetter) | Self.categoryBit(.lowercaseLetter)
            | Self.categoryBit(.titlecaseLetter)
        let closedItems = items.map { item -> Item in
            guard case .categories(let mask) = item.kind, mask & cased != 0 else { return item }
            return Item(kind: .categories(mask | cased), negated: item.negated)
        }
        return PatternClass(ranges: ranges + extra, items: closedItems, negated: negated)
    }

    /// The class's complement.
    func inverted() -> PatternClass {
        PatternClass(ranges: ranges, items: items, negated: !negated)
    }

    private static func rangesContain(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        ranges.withUnsafeBufferPointer { rangesContain($0, value) }
    }

    @inline(__always)
    private static func rangesContain(_ ranges: UnsafeBufferPointer<ClosedRange<UInt32>>, _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else if ranges[mid].lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// ICU's word characters (`\w`, and the sides of `\b`).
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 128 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        if value == 0x200C || value == 0x200D { return true }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// The bit standing for `category` in a ``Item/Kind/categories(_:)`` mask (its index in ``allCategories``).
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        let index: UInt32
        switch category {
        case .uppercaseLetter: index = 0
        case .lowercaseLetter: index = 1
        case .titlecaseLetter: index = 2
        case .modifierLetter: index = 3
        case .otherLetter: index = 4
        case .nonspacingMark: index = 5
        case .spacingMark: index = 6
        case .enclosingMark: index = 7
        case .decimalNumber: index = 8
        case .letterNumber: index = 9
        case .otherNumber: index = 10
        case .connectorPunctuation: index = 11
        case .dashPunctuation: index = 12
        case .openPunctuation: index = 13
        case .closePunctuation: index = 14
        case .initialPunctuation: index = 15
        case .finalPunctuation: index = 16
        case .otherPunctuation: index = 17
        case .mathSymbol: index = 18
        case .currencySymbol: index = 19
        case .modifierSymbol: index = 20
        case .otherSymbol: index = 21
        case .spaceSeparator: index = 22
        case .lineSeparator: index = 23
        case .paragraphSeparator: index = 24
        case .control: index = 25
        case .format: index = 26
        case .surrogate: index = 27
        case .privateUse: index = 28
        case .unassigned: index = 29
        @unknown default: index = 29
        }
        return 1 << index
    }

    /// Every general category, in bit order.
    static let allCategories: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark,
        .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
        .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .control, .format, .surrogate, .privateUse, .unassigned,
    ]
}
