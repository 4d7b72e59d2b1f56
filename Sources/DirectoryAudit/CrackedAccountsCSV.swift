import PolicyCSV

/// A directory audit's cracked accounts as the CSV `CSVImport` reads (`id,username,password,submitted_at`), streamed
/// one row at a time (`source`), so that they are scored as CSV candidates are without their passwords ever reaching
/// a file.
enum CrackedAccountsCSV {
    /// The CSV's header line.
    static let header = "id,username,password,submitted_at\n"

    /// One cracked account: its ordinal (the candidate's `id`), the name its candidate carries, its password and
    /// `pwdLastSet` (canonical UTC text).
    struct Row: Sendable {
        var ordinal: Int
        var username: String
        var password: String
        var time: String?
    }

    /// Streams `rows`, header first (each line wiped once copied out).
    static func source(_ rows: [Row]) -> LineStreamByteSource {
        var next = rows.makeIterator()
        return LineStreamByteSource(header: header) { next.next().map(csvLine) }
    }

    /// The CSV line each row starts on (the header is line 1), counting the line feeds a quoted field holds.
    static func lines(of rows: [Row]) -> [Int] {
        var line = 2
        return rows.map { row in
            defer {
                line += 1
                for text in [row.username, row.password] {
                    line += text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                }
            }
            return line
        }
    }

    /// One row as CSV: the name and password always quoted, their quotes doubled.
    static func csvLine(_ row: Row) -> String {
        func quoted(_ text: String) -> String {
            guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return "\(row.ordinal),\(quoted(row.username)),\(quoted(row.password)),\(row.time ?? "")\n"
    }
}
