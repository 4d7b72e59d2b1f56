/// zxcvbn's keyboard-walk matcher: maximal runs of adjacent keys (three or more) on each graph, counting turns
/// (changes of direction) and shifted characters.
enum SpatialMatcher {
    /// Characters zxcvbn counts as shifted on a keyboard (its `SHIFTED_RX`, qwerty's, used for dvorak too), as
    /// ASCII bits (low: 0–63, high: 64–127).
    private static let shifted: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for scalar in "~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:\"ZXCVBNM<>?".unicodeScalars {
            if scalar.value < 64 {
                bits.low |= 1 << UInt64(scalar.value)
            } else {
                bits.high |= 1 << UInt64(scalar.value - 64)
            }
        }
        return bits
    }()

    @inline(__always) private static func isShifted(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 128 { return false }
        return (value < 64 ? shifted.low >> UInt64(value) : shifted.high >> UInt64(value - 64)) & 1 != 0
    }

    /// For two ASCII scalars (`128 × key + next`), bit g set when they are adjacent in graph g of
    /// `AdjacencyGraph.all`.
    private static let adjacentIn: [UInt8] = {
        precondition(AdjacencyGraph.all.count <= 8, "more keyboard graphs than a byte has bits")
        var bits = [UInt8](repeating: 0, count: 128 * 128)
        for (index, graph) in AdjacencyGraph.all.enumerated() {
            for cell in bits.indices where graph.adjacency[cell] != 0 { bits[cell] |= 1 << UInt8(index) }
        }
        return bits
    }()

    /// Appends the matches of every graph, graph by graph in zxcvbn's order, each graph's by position (not sorted
    /// across graphs: `omnimatch` sorts all matches by position, stably).
    static func matches(_ password: [Unicode.Scalar], into result: inout [StrengthMatch]) {
        let n = password.count
        guard n >= 3 else { return }
        // A walk is three keys or more: two adjacent pairs in a row on one graph. One pass over the pairs finds the
        // graphs that have such a place; the others are not walked at all (most passwords have none on any).
        var possible: UInt8 = 0
        adjacentIn.withUnsafeBufferPointer { adjacentIn in
            var previousPair: UInt8 = 0
            for j in 1..<n {
                let (key, next) = (password[j - 1].value, password[j].value)
                let pair = key < 128 && next < 128 ? adjacentIn[Int(key) &* 128 &+ Int(next)] : 0
                possible |= pair & previousPair
                previousPair = pair
            }
        }
        if possible == 0 { return }
        for (index, graph) in AdjacencyGraph.all.enumerated() where possible & 1 << UInt8(index) != 0 {
            matches(password, graph: graph, into: &result)
        }
    }

    private static func matches(_ password: [Unicode.Scalar], graph: AdjacencyGraph, into result: inout [StrengthMatch])
    {
        let n = password.count
        let keyboard = graph.isKeyboard
        graph.adjacency.withUnsafeBufferPointer { adjacency in
            var i = 0
            while i < n - 1 {
                var j = i + 1
                var lastDirection: UInt8 = 0
                var turns = 0
                var shiftedCount = keyboard && isShifted(password[i]) ? 1 : 0
                while j < n {
                    let previous = password[j - 1].value
                    let current = password[j].value
                    guard previous < 128, current < 128 else { break }
                    let cell = adjacency[Int(previous) &* 128 &+ Int(current)]
                    if cell == 0 { break }
                    if cell & AdjacencyGraph.shiftedBit != 0 { shiftedCount += 1 }
                    let direction = cell & ~AdjacencyGraph.shiftedBit
                    if lastDirection != direction {
                        turns += 1
                        lastDirection = direction
                    }
                    j += 1
                }
                if j - i > 2 {
                    result.append(
                        StrengthMatch(
                            start: i, end: j - 1, token: ScalarText.string(password[i..<j]),
                            pattern: .spatial(graph: graph.name, turns: turns, shiftedCount: shiftedCount)))
                }
                i = j
            }
        }
    }
}
