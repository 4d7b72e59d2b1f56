/// A keyboard's adjacency graph as zxcvbn draws it: for each key, its neighbour slots in a fixed direction
/// order (a slot lists the unshifted then the shifted character; an empty slot has no neighbour).
struct AdjacencyGraph: Sendable {
    /// The graph's name (`qwerty`, `dvorak`, `keypad`, `mac_keypad`).
    let name: String
    /// Key → its slots.
    let neighbours: [Unicode.Scalar: [[Unicode.Scalar]]]
    /// For a key and the next scalar, both ASCII (`128 × key + next`): 0 when they are not adjacent, else the first
    /// direction whose slot holds the next scalar, plus one, with `shiftedBit` set when it is the slot's shifted
    /// character. Every key and neighbour of the four graphs is ASCII, so a non-ASCII scalar is adjacent to nothing.
    let adjacency: [UInt8]
    static let shiftedBit: UInt8 = 0x80
    /// Keys in the graph (zxcvbn's starting positions).
    var keyCount: Int { neighbours.count }

    /// Average number of non-empty slots per key (zxcvbn's average degree).
    var averageDegree: Double {
        var total = 0.0
        for slots in neighbours.values { total += Double(slots.filter { !$0.isEmpty }.count) }
        return total / Double(neighbours.count)
    }

    /// Whether a keyboard graph (shift counts apply) rather than a keypad.
    let isKeyboard: Bool

    init(name: String, lines: String) {
        self.name = name
        isKeyboard = name == "qwerty" || name == "dvorak"
        var neighbours: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]
        for line in lines.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let key = fields.first?.unicodeScalars.first else { continue }
            neighbours[key] = fields.dropFirst().map { Array($0.unicodeScalars) }
        }
        self.neighbours = neighbours
        var adjacency = [UInt8](repeating: 0, count: 128 * 128)
        for (key, slots) in neighbours {
            precondition(key.isASCII, "a keyboard key outside ASCII")
            for (direction, slot) in slots.enumerated() {
                for (position, next) in slot.enumerated() {
                    precondition(next.isASCII && direction < 0x7F, "a keyboard neighbour outside ASCII")
                    let cell = Int(key.value) * 128 + Int(next.value)
                    // The first direction holding it wins, as zxcvbn's scan of the slots in order.
                    if adjacency[cell] == 0 {
                        adjacency[cell] = UInt8(direction + 1) | (position == 1 ? Self.shiftedBit : 0)
                    }
                }
            }
        }
        self.adjacency = adjacency
    }

    /// The four graphs in zxcvbn's order.
    static let all: [AdjacencyGraph] = EmbeddedAdjacencyGraphs.all.map {
        AdjacencyGraph(name: $0.name, lines: $0.lines)
    }
    /// qwerty's starting positions and average degree (zxcvbn uses them for dvorak too).
    static let keyboard = shape(of: "qwerty")
    /// keypad's (zxcvbn uses them for the mac keypad too).
    static let keypad = shape(of: "keypad")

    private static func shape(of name: String) -> (keys: Double, degree: Double) {
        guard let graph = all.first(where: { $0.name == name }) else { return (1, 1) }
        return (Double(graph.keyCount), graph.averageDegree)
    }
}
