/// The first record of a CSV file while nobody knows yet whether it is a header: its place and shape, never its
/// text.
///
/// A file without a header has a data row here, perhaps with a password in it, so the names stay private to this
/// file: the only way to read them is `CSVHeader(accepting:passwordColumn:)`, which accepts the line as a header
/// when it names the password column. No error can therefore carry the text of an unaccepted first line.
package struct CSVFirstLine: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The physical line on which the record starts (1 unless blank lines precede it).
    package let line: Int
    /// The record's fields, trimmed of surrounding whitespace; valid UTF-8 (the reader checked).
    fileprivate let names: [String]

    /// A first line read at `line` (by `CSVReader`).
    init(line: Int, names: [String]) {
        self.line = line
        self.names = names.map(CSVHeader.trim)
    }

    /// The number of fields.
    package var fieldCount: Int { names.count }

    /// The line's position and shape only: printing a first line never shows its fields.
    package var description: String { "CSVFirstLine(line: \(line), fieldCount: \(fieldCount))" }

    /// Same as `description`.
    package var debugDescription: String { description }

    /// A mirror without the fields, so `dump(_:)` cannot show them either.
    package var customMirror: Mirror { Mirror(self, children: ["line": line, "fieldCount": fieldCount]) }
}

/// The column names of a CSV file, from a first line accepted as a header because it names the password column.
///
/// Names are trimmed of surrounding whitespace; lookups ignore case, so `Password`, ` password ` and `PASSWORD` all
/// find the same column. When a name repeats, the leftmost column wins (`CSVRowValidator` refuses a repeated mapped
/// column). A `CSVHeader` is the only value that lets an error name columns: it cannot hold a data row's text.
package struct CSVHeader: Equatable, Sendable {
    /// The column names as they appear in the file, trimmed, in column order.
    package let names: [String]
    /// The physical line of the header.
    package let line: Int
    private let indexByFoldedName: [String: Int]

    /// Accepts `firstLine` as a header when one of its names is `passwordColumn` (trimmed, any case).
    ///
    /// - Throws: `CSVImportError.notAHeader` (with the line's position and field count only) when it is not.
    package init(accepting firstLine: CSVFirstLine, passwordColumn: String) throws(CSVImportError) {
        var index: [String: Int] = [:]
        for (position, name) in firstLine.names.enumerated() where index[name.lowercased()] == nil {
            index[name.lowercased()] = position
        }
        guard index[Self.trim(passwordColumn).lowercased()] != nil else {
            throw .notAHeader(passwordColumn: passwordColumn, line: firstLine.line, fieldCount: firstLine.fieldCount)
        }
        names = firstLine.names
        line = firstLine.line
        indexByFoldedName = index
    }

    /// The number of columns, which every data record is expected to have.
    package var count: Int { names.count }

    /// The position of the column called `name` (compared trimmed and case-insensitively), if any.
    package func index(of name: String) -> Int? {
        indexByFoldedName[Self.trim(name).lowercased()]
    }

    /// Every position (0-based, ascending) of a column called `name`, compared as `index(of:)` compares.
    package func positions(of name: String) -> [Int] {
        let folded = Self.trim(name).lowercased()
        return names.indices.filter { names[$0].lowercased() == folded }
    }

    /// Whether `a` and `b` name the same column of any header (compared trimmed and case-insensitively, as
    /// `index(of:)` compares).
    package static func sameColumn(_ a: String, _ b: String) -> Bool {
        trim(a).lowercased() == trim(b).lowercased()
    }

    static func trim(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
