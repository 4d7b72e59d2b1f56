import PolicyCSV

/// A `ByteSource` that writes a directory audit's cracked accounts as the CSV `CSVImport` reads
/// (`id,username,password,submitted_at`), one row at a time, so that they are scored as CSV candidates are without
/// their passwords ever reaching a file. The pending row is overwritten with zeros once copied out.
final class CrackedAccountsByteSource: ByteSource {
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

    private let rows: [Row]
    private var next = 0
    private var pending: [UInt8]
    private var offset = 0

    /// Streams `rows`, header first.
    init(_ rows: [Row]) {
        self.rows = rows
        pending = Array(Self.header.utf8)
    }

    deinit { wipe() }

    /// Unknown up front.
    var totalByteCount: Int? { nil }

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

    /// Copies as many bytes as fit; `0` once every row has been handed out.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        var written = 0
        while written < buffer.count {
            if offset == pending.count {
                wipe()
                guard next < rows.count else { break }
                pending.removeAll(keepingCapacity: true)
                pending.append(contentsOf: Self.csvLine(rows[next]).utf8)
                next += 1
                offset = 0
            }
            let count = min(buffer.count - written, pending.count - offset)
            pending.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
            }
            offset += count
            written += count
        }
        return written
    }

    private func wipe() {
        for index in pending.indices { pending[index] = 0 }
    }
}
