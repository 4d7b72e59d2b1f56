import Foundation

/// A `username\0password\0` corpus held as one byte buffer, each record's two fields as ranges of it: the candidates'
/// UTF-8 bytes as `pwaudit import` scores them (its reader hands the scorer fields of one buffer, not strings).
struct NULCorpus {
    let bytes: [UInt8]
    /// Field `2 × row` is the row's username, `2 × row + 1` its password.
    let fields: [Range<Int>]

    var rows: Int { fields.count / 2 }

    init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        bytes = [UInt8](data)
        var fields: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0 {
            fields.append(start..<index)
            start = index + 1
        }
        self.fields = fields
        guard rows > 0 else { fail("no records in \(path)") }
    }

    /// Calls `body(password, username)` for rows `range`, in order.
    func forEach(
        rows range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            fields.withUnsafeBufferPointer { fields in
                for row in range {
                    body(
                        UnsafeBufferPointer(rebasing: buffer[fields[2 * row + 1]]),
                        UnsafeBufferPointer(rebasing: buffer[fields[2 * row]]))
                }
            }
        }
    }
}
