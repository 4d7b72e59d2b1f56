/// The records of a small CSV text as tests read it independently of the importer (RFC 4180: a quoted field may
/// hold commas, doubled quotes and line breaks; records end at a line feed).
package enum CSVRecords {
    /// Every record of `text`, its fields unquoted; a last record without a line feed is left out.
    package static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
            } else if scalar == "\n" {
                record.append(field)
                records.append(record)
                (record, field) = ([], "")
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return records
    }
}
