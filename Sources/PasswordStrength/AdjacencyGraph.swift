/// A keyboard's adjacency graph as zxcvbn draws it: for each key, its neighbour slots in a fixed direction
/// order (a slot lists the unshifted then the shifted character; an empty slot has no neighbour).
struct AdjacencyGraph: Sendable {
    /// The graph's name (`qwerty`, `dvorak`, `keypad`, `mac_keypad`).
    let name: String
    /// Key → its slots.
    let neighbours: [Unicode.Scalar: [[Unicode.Scalar]]]
    /// Keys in the graph (zxcvbn's starting positions).
    var keyCount: Int { neighbours.count }

    /// Average number of non-empty slots per key (zxcvbn's average degree).
    var averageDegree: Double {
        var total = 0.0
        for slots in neighbours.values { total += Double(slots.filter { !$0.isEmpty }.count) }
        return total / Double(neighbours.count)
    }

    /// Whether a keyboard graph (shift counts apply) rather than a keypad.
    var isKeyboard: Bool { name == "qwerty" || name == "dvorak" }

    init(name: String, lines: String) {
        self.name = name
        var neighbours: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]
        for line in lines.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let key = fields.first?.unicodeScalars.first else { continue }
            neighbours[key] = fields.dropFirst().map { Array($0.unicodeScalars) }
        }
        self.neighbours = neighbours
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
