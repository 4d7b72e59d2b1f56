/// zxcvbn's keyboard-walk matcher: maximal runs of adjacent keys (three or more) on each graph, counting turns
/// (changes of direction) and shifted characters.
enum SpatialMatcher {
    /// Characters zxcvbn counts as shifted on a keyboard (its `SHIFTED_RX`, qwerty's, used for dvorak too).
    private static let shifted = Set("~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:\"ZXCVBNM<>?".unicodeScalars)

    static func matches(_ password: [Unicode.Scalar], graphs: [AdjacencyGraph] = AdjacencyGraph.all) -> [StrengthMatch]
    {
        var result: [StrengthMatch] = []
        for graph in graphs { result += matches(password, graph: graph) }
        return stableSortedByPosition(result)
    }

    private static func matches(_ password: [Unicode.Scalar], graph: AdjacencyGraph) -> [StrengthMatch] {
        var result: [StrengthMatch] = []
        let n = password.count
        var i = 0
        while i < n - 1 {
            var j = i + 1
            var lastDirection = -1
            var turns = 0
            var shiftedCount = graph.isKeyboard && shifted.contains(password[i]) ? 1 : 0
            while true {
                let adjacents = graph.neighbours[password[j - 1]] ?? []
                var found = false
                if j < n {
                    let current = password[j]
                    for (direction, slot) in adjacents.enumerated() {
                        guard let position = slot.firstIndex(of: current) else { continue }
                        found = true
                        if position == 1 { shiftedCount += 1 }
                        if lastDirection != direction {
                            turns += 1
                            lastDirection = direction
                        }
                        break
                    }
                }
                if found {
                    j += 1
                } else {
                    if j - i > 2 {
                        result.append(
                            StrengthMatch(
                                start: i, end: j - 1, token: ScalarText.string(password[i..<j]),
                                pattern: .spatial(graph: graph.name, turns: turns, shiftedCount: shiftedCount)))
                    }
                    i = j
                    break
                }
            }
        }
        return result
    }
}
