/// Where one field of the current record lies, relative to the record's first byte.
struct CSVFieldSpan {
    /// Offset of the field's first byte (after unquoting, its first content byte).
    var start: Int
    /// Offset one past the field's last byte.
    var end: Int
    /// Whether the field began with a quote and so still needs (or has had) unquoting.
    var isQuoted: Bool
    /// Whether the field is longer than the reader hands out (then it is empty, its bytes dropped).
    var isOversized: Bool
}

/// One CSV record as returned by `CSVReader.next()`: a borrowed view of field bytes, not a copy.
///
/// The bytes live in the reader's buffer and are valid only until the reader's next call to `next()`;
/// copy what must outlive that (`string(at:)` makes a `String`). Quoted fields are already unquoted: the
/// surrounding quotes are gone and `""` has become `"`. Do not let a record escape the loop that reads it.
package struct CSVRecord {
    /// The physical, 1-based line on which the record starts (the header is on line 1).
    package let line: Int
    /// The number of fields, counting empty ones (`a,,b` has three); after the header, it stops a little past the
    /// header's count (the fields past that are not kept).
    package let fieldCount: Int
    /// Whether the input ended inside a quoted field, so the record swallowed the rest of the file.
    package let endsInsideQuotes: Bool
    /// Whether some field is longer than `CSVReader.maximumFieldBytes` (see `isOversized(_:)`).
    package let hasOversizedField: Bool
    private let base: UnsafeRawPointer
    private let spans: UnsafePointer<CSVFieldSpan>

    init(
        line: Int, fieldCount: Int, endsInsideQuotes: Bool, hasOversizedField: Bool = false,
        base: UnsafeRawPointer, spans: UnsafePointer<CSVFieldSpan>
    ) {
        self.line = line
        self.fieldCount = fieldCount
        self.endsInsideQuotes = endsInsideQuotes
        self.hasOversizedField = hasOversizedField
        self.base = base
        self.spans = spans
    }

    /// The bytes of field `index` (`0..<fieldCount`), valid until the reader's next `next()` call.
    package subscript(index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < fieldCount, "CSV field index out of range")
        let span = spans[index]
        return UnsafeRawBufferPointer(start: base + span.start, count: span.end - span.start)
    }

    /// Whether field `index` is longer than the reader's field limit after unquoting: it is then handed out empty,
    /// since the reader did not keep its bytes.
    package func isOversized(_ index: Int) -> Bool {
        precondition(index >= 0 && index < fieldCount, "CSV field index out of range")
        return spans[index].isOversized
    }

    /// A copy of field `index` as a `String`, or `nil` when its bytes are not valid UTF-8.
    package func string(at index: Int) -> String? {
        let bytes = self[index]
        guard CSVUTF8.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A copy of every field's bytes; convenient in tests, too slow for the import loop.
    package var fields: [[UInt8]] {
        (0..<fieldCount).map { Array(self[$0]) }
    }
}
