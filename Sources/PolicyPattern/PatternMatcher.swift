/// A compiled `pattern` rule regular expression: a Thompson automaton simulated over a set of states.
///
/// Matching visits each state at most once per scalar of the password, so it takes time linear in the
/// password's length (at most ``PatternCompiler/maximumStates`` steps per scalar), whatever the pattern:
/// `(a+)+$` cannot backtrack because nothing backtracks. Immutable after `init`; the per-call state sets
/// live on the calling thread's stack (or a temporary allocation), so one matcher serves many threads.
package final class PatternMatcher: @unchecked Sendable {
    /// The largest automaton a pattern may compile to, in states (its match state included); matching costs at most a
    /// few steps per state per scalar.
    package static var maximumStates: Int { PatternCompiler.maximumStates }

    /// States of the automaton, the match state last.
    package let stateCount: Int
    /// Whether every match starts at the start of the password (a leading `^`), so the search can stop early.
    package let isAnchoredAtStart: Bool
    private let instructions: UnsafeMutableBufferPointer<PatternInstruction>
    private let classes: PatternClassTable
    /// Distinct classes in ``classes`` (repeated copies of one class share its entry).
    private let classCount: Int

    /// Parses and compiles `pattern` (the syntax of docs/policy-format.md).
    ///
    /// - Throws: ``PatternError`` naming the unsupported or malformed construct and its offset, or saying the
    ///   automaton would exceed ``PatternCompiler/maximumStates`` states.
    package init(_ pattern: String) throws(PatternError) {
        let node = try PatternParser.parse(pattern)
        let compiled = try PatternCompiler.compile(node)
        stateCount = compiled.instructions.count
        isAnchoredAtStart = node.isAnchoredAtStart
        instructions = .allocate(capacity: compiled.instructions.count)
        _ = instructions.initialize(from: compiled.instructions)
        classes = PatternClassTable(compiled.classes)
        classCount = compiled.classes.count
    }

    deinit {
        _ = instructions.deinitialize()
        instructions.deallocate()
        classes.deallocate()
    }

    /// Whether the pattern matches anywhere in `text` (its Unicode scalars, as given).
    package func matches(_ text: String) -> Bool {
        var steps = 0
        return Array(text.unicodeScalars).withUnsafeBufferPointer { search(ScalarInput(scalars: $0), steps: &steps) }
    }

    /// Whether the pattern matches anywhere in an all-ASCII password given as its bytes.
    package func matches(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var steps = 0
        return search(ASCIIInput(bytes: bytes), steps: &steps)
    }

    /// Whether the pattern matches anywhere in `scalars`.
    package func matches(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        var steps = 0
        return search(ScalarInput(scalars: scalars), steps: &steps)
    }

    /// Whether the pattern matches anywhere in `text`, and how many automaton steps the search took.
    package func matchCounting(_ text: String) -> (matched: Bool, steps: Int) {
        var steps = 0
        let matched = Array(text.unicodeScalars).withUnsafeBufferPointer {
            search(ScalarInput(scalars: $0), steps: &steps)
        }
        return (matched, steps)
    }

    /// The unanchored search: one state set per position, the start state added at every position.
    private func search<Input: PatternInput>(_ input: Input, steps: inout Int) -> Bool {
        let count = stateCount
        let classCount = classCount
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 5 * count + 2 + 2 * classCount) {
            scratch -> Bool in
            let base = scratch.baseAddress!
            var current = base
            var next = base + count
            let marks = base + 2 * count
            marks.initialize(repeating: -1, count: count)
            let stack = base + 3 * count
            // Per class, the position of its last non-ASCII test and the answer: copies of one class (`(?:\w*){100}`)
            // cost one test per position, not one per copy.
            let tested = base + 5 * count + 2
            tested.initialize(repeating: -1, count: classCount)
            let answers = tested + classCount
            var currentCount = 0
            var boundary = WordBoundary.unknown
            if closure(from: 0, at: 0, input, into: current, &currentCount, marks, stack, &boundary, &steps) {
                return true
            }
            var position = 0
            while position < input.count {
                let value = input[position]
                let after = position + 1
                var nextCount = 0
                var traits = PatternScalarTraits(value)
                boundary = .unknown
                for slot in 0..<currentCount {
                    let state = Int(current[slot])
                    let instruction = instructions[state]
                    steps += 1
                    let accepted: Bool
                    switch instruction.operation {
                    case .scalar: accepted = instruction.argument == value
                    case .set:
                        let index = Int(instruction.argument)
                        if value < 128 {
                            accepted = classes.contains(index, &traits)
                        } else if tested[index] == Int32(truncatingIfNeeded: position) {
                            accepted = answers[index] != 0
                        } else {
                            accepted = classes.contains(index, &traits)
                            tested[index] = Int32(truncatingIfNeeded: position)
                            answers[index] = accepted ? 1 : 0
                        }
                    case .any: accepted = true
                    case .anyButLineTerminator: accepted = !Self.isLineTerminator(value)
                    default: accepted = false
                    }
                    if accepted,
                        closure(
                            from: state + 1, at: after, input, into: next, &nextCount, marks, stack, &boundary, &steps)
                    {
                        return true
                    }
                }
                if !isAnchoredAtStart {
                    if closure(from: 0, at: after, input, into: next, &nextCount, marks, stack, &boundary, &steps) {
                        return true
                    }
                } else if nextCount == 0 {
                    return false
                }
                swap(&current, &next)
                currentCount = nextCount
                position = after
            }
            return false
        }
    }

    /// Adds the states reachable from `start` without consuming (at `position`) to `list`; `true` on a match.
    @inline(__always)
    private func closure<Input: PatternInput>(
        from start: Int, at position: Int, _ input: Input, into list: UnsafeMutablePointer<Int32>,
        _ listCount: inout Int, _ marks: UnsafeMutablePointer<Int32>, _ stack: UnsafeMutablePointer<Int32>,
        _ boundary: inout WordBoundary, _ steps: inout Int
    ) -> Bool {
        let stamp = Int32(truncatingIfNeeded: position)
        stack[0] = Int32(start)
        var top = 1
        while top > 0 {
            top -= 1
            let state = Int(stack[top])
            if marks[state] == stamp { continue }
            marks[state] = stamp
            steps += 1
            let instruction = instructions[state]
            switch instruction.operation {
            case .jump:
                stack[top] = instruction.next
                top += 1
            case .split:
                stack[top] = instruction.alternative
                stack[top + 1] = instruction.next
                top += 2
            case .assertion:
                if holds(instruction.argument, at: position, input, &boundary) {
                    stack[top] = Int32(state + 1)
                    top += 1
                }
            case .match:
                return true
            case .scalar, .set, .any, .anyButLineTerminator:
                list[listCount] = Int32(state)
                listCount += 1
            }
        }
        return false
    }

    /// Whether `assertion` holds at `position`; `boundary` caches the word-boundary answer for this position, so
    /// any number of `\b` and `\B` states cost two property lookups per position together.
    @inline(__always)
    private func holds<Input: PatternInput>(
        _ assertion: UInt32, at position: Int, _ input: Input, _ boundary: inout WordBoundary
    ) -> Bool {
        switch PatternAssertion(rawValue: assertion) {
        case .start: return position == 0
        case .end: return position == input.count
        case .wordBoundary, .notWordBoundary:
            if boundary == .unknown {
                boundary = isWord(input, position - 1) != isWord(input, position) ? .boundary : .inside
            }
            return (boundary == .boundary) == (assertion == PatternAssertion.wordBoundary.rawValue)
        case nil: return false
        }
    }

    /// Whether the current position is a word boundary, once known.
    private enum WordBoundary {
        case unknown, boundary, inside
    }

    private func isWord<Input: PatternInput>(_ input: Input, _ position: Int) -> Bool {
        guard position >= 0, position < input.count, let scalar = Unicode.Scalar(input[position]) else { return false }
        return PatternClass.isWord(scalar)
    }

    /// The line terminators `.` does not match without `(?s)`: LF, VT, FF, CR, NEL, U+2028, U+2029 (as ICU).
    @inline(__always)
    static func isLineTerminator(_ value: UInt32) -> Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}

/// Random access to the scalar values a pattern is matched against.
protocol PatternInput {
    var count: Int { get }
    subscript(_ position: Int) -> UInt32 { get }
}

/// An all-ASCII password's bytes (each byte is one scalar).
struct ASCIIInput: PatternInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    subscript(_ position: Int) -> UInt32 { UInt32(bytes[position]) }
}

/// A password's scalars.
struct ScalarInput: PatternInput {
    let scalars: UnsafeBufferPointer<Unicode.Scalar>
    var count: Int { scalars.count }
    subscript(_ position: Int) -> UInt32 { scalars[position].value }
}
