/// The column names of a CSV file, read from its first record.
///
/// Names are trimmed of surrounding whitespace; lookups ignore case, so `Password`, ` password ` and
/// `PASSWORD` all find the same column. When a name repeats, the leftmost column wins.
package struct CSVHeader: Equatable, Sendable {
    /// The column names as they appear in the file, trimmed, in column order.
    package let names: [String]
    private let indexByFoldedName: [String: Int]

    /// Builds a header from column names (each is trimmed; invalid UTF-8 has already been replaced).
    package init(names: [String]) {
        let trimmed = names.map(Self.trim)
        self.names = trimmed
        var index: [String: Int] = [:]
        for (position, name) in trimmed.enumerated() where index[name.lowercased()] == nil {
            index[name.lowercased()] = position
        }
        indexByFoldedName = index
    }

    /// The number of columns, which every data record is expected to have.
    package var count: Int { names.count }

    /// The position of the column called `name` (compared trimmed and case-insensitively), if any.
    package func index(of name: String) -> Int? {
        indexByFoldedName[Self.trim(name).lowercased()]
    }

    private static func trim(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
