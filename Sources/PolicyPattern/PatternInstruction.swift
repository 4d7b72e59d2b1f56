/// One state of a `pattern` rule's Thompson automaton.
struct PatternInstruction: Sendable, Equatable {
    /// What the state does.
    enum Operation: UInt8, Sendable {
        /// Consumes the scalar `argument`.
        case scalar
        /// Consumes a scalar of class number `argument`.
        case set
        /// Consumes any scalar.
        case any
        /// Consumes any scalar but a line terminator.
        case anyButLineTerminator
        /// Continues at both `next` and `alternative` without consuming.
        case split
        /// Continues at `next` without consuming.
        case jump
        /// Continues at the following state when assertion `argument` holds here.
        case assertion
        /// The pattern has matched.
        case match
    }

    var operation: Operation
    var argument: UInt32 = 0
    var next: Int32 = 0
    var alternative: Int32 = 0
}

/// Lowers a ``PatternNode`` to instructions, refusing automata larger than a fixed bound.
struct PatternCompiler {
    /// The largest automaton accepted, in states (``PatternMatcher/maximumStates``, the engine's per-rule budget);
    /// matching costs at most a few steps per state per scalar.
    static let maximumStates = 500

    private(set) var instructions: [PatternInstruction] = []
    private(set) var classes: [PatternClass] = []

    /// Compiles `node` followed by a match state.
    static func compile(_ node: PatternNode) throws(PatternError) -> PatternCompiler {
        let size = Self.size(node)
        guard size < maximumStates else {
            throw PatternError(
                reason: "needs more than \(maximumStates) automaton states (counted repetitions such as {1,1000} "
                    + "expand to one copy per count); use smaller counts")
        }
        var compiler = PatternCompiler()
        compiler.instructions.reserveCapacity(size + 1)
        compiler.emit(node)
        compiler.instructions.append(PatternInstruction(operation: .match))
        return compiler
    }

    /// The number of states `node` compiles to, saturating just above the bound.
    static func size(_ node: PatternNode) -> Int {
        let cap = maximumStates + 1
        switch node {
        case .empty: return 0
        case .scalar, .set, .any, .assertion: return 1
        case .concatenation(let items):
            return items.reduce(0) { min(cap, $0 + size($1)) }
        case .alternation(let branches):
            return min(cap, branches.reduce(0) { min(cap, $0 + size($1)) } + 2 * (branches.count - 1))
        case .repetition(let body, let low, let high):
            let one = size(body)
            if one == 0 { return 0 }  // the body only matches the empty string: so does the repetition
            let required = min(cap, low * one)
            if let high { return min(cap, required + min(cap, (high - low) * (one + 1))) }
            return min(cap, low == 0 ? one + 2 : required + 1)
        }
    }

    private var here: Int32 { Int32(instructions.count) }

    private mutating func append(_ operation: PatternInstruction.Operation, _ argument: UInt32 = 0) {
        instructions.append(PatternInstruction(operation: operation, argument: argument))
    }

    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .empty: break
        case .scalar(let value): append(.scalar, value)
        case .set(let set):
            if let existing = classes.firstIndex(of: set) {
                append(.set, UInt32(existing))
            } else {
                classes.append(set)
                append(.set, UInt32(classes.count - 1))
            }
        case .any(let dotAll): append(dotAll ? .any : .anyButLineTerminator)
        case .assertion(let assertion): append(.assertion, assertion.rawValue)
        case .concatenation(let items): for item in items { emit(item) }
        case .alternation(let branches): emitAlternation(branches)
        case .repetition(let body, let low, let high): emitRepetition(body, low: low, high: high)
        }
    }

    private mutating func emitAlternation(_ branches: [PatternNode]) {
        // split(b1, next split); b1; jump end; … ; bn
        var jumps: [Int] = []
        for (offset, branch) in branches.enumerated() {
            guard offset < branches.count - 1 else {
                emit(branch)
                break
            }
            let split = Int(here)
            append(.split)
            instructions[split].next = here
            emit(branch)
            jumps.append(Int(here))
            append(.jump)
            instructions[split].alternative = here
        }
        for jump in jumps { instructions[jump].next = here }
    }

    private mutating func emitRepetition(_ body: PatternNode, low: Int, high: Int?) {
        if Self.size(body) == 0 { return }
        guard let high else {
            if low == 0 {
                // L: split(L+1, end); body; jump L
                let split = Int(here)
                append(.split)
                instructions[split].next = here
                emit(body)
                append(.jump)
                instructions[Int(here) - 1].next = Int32(split)
                instructions[split].alternative = here
                return
            }
            for _ in 0..<(low - 1) { emit(body) }
            // L: body; split(L, end)
            let loop = here
            emit(body)
            append(.split)
            instructions[Int(here) - 1].next = loop
            instructions[Int(here) - 1].alternative = here
            return
        }
        for _ in 0..<low { emit(body) }
        // Each optional copy: split(copy, end); copy — skipping one skips the rest.
        var splits: [Int] = []
        for _ in 0..<(high - low) {
            splits.append(Int(here))
            append(.split)
            instructions[Int(here) - 1].next = here
            emit(body)
        }
        for split in splits { instructions[split].alternative = here }
    }
}
