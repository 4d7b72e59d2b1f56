/// The Unicode properties a `pattern` rule's automaton asks about one scalar of the password, looked up once.
///
/// Matching creates one per position and every state that tests the scalar shares it, so a position costs at
/// most three property lookups (general category, `\w`, `\s`) however many class states are active: the cost of
/// a state stays a few table operations, which is what lets ``PatternBudget`` bound a policy's cost in states.
struct PatternScalarTraits {
    /// The scalar's value.
    let value: UInt32
    private var categoryBit: UInt32 = 0
    private var word: Int8 = -1
    private var whitespace: Int8 = -1

    /// Traits of the scalar with value `value`, none looked up yet.
    @inline(__always)
    init(_ value: UInt32) {
        self.value = value
    }

    private var scalar: Unicode.Scalar? { Unicode.Scalar(value) }

    /// The ``PatternClass/categoryBit(_:)`` of the scalar's general category (unassigned for a non-scalar).
    mutating func category() -> UInt32 {
        if categoryBit == 0 {
            categoryBit = PatternClass.categoryBit(scalar?.properties.generalCategory ?? .unassigned)
        }
        return categoryBit
    }

    /// Whether the scalar is an ICU `\w` scalar (``PatternClass/isWord(_:)``).
    mutating func isWord() -> Bool {
        if word < 0 { word = scalar.map(PatternClass.isWord) == true ? 1 : 0 }
        return word == 1
    }

    /// Whether the scalar has the White_Space property (ICU's `\s`).
    mutating func isWhitespace() -> Bool {
        if whitespace < 0 { whitespace = scalar?.properties.isWhitespace == true ? 1 : 0 }
        return whitespace == 1
    }
}
