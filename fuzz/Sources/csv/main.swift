// libFuzzer target: the CSV reader and row validator over arbitrary bytes, from memory.
//
// Properties checked on every input: no crash or memory error (ASan); the records read with a tiny chunk size
// (the first byte's low four bits) equal the records read in one chunk, oversized flags included, with the default
// field limit or (the first byte's high bit) a limit of 5 bytes, which the reader's dropping of long fields then meets
// at every chunk boundary; no field handed out is over the limit; every accepted row's password is non-empty,
// at most CSVRowValidator.maximumPasswordBytes bytes, valid UTF-8 and free of NUL.

func records(_ bytes: [UInt8], chunkSize: Int, fieldLimit: Int) -> (
    header: CSVFirstLine?, rows: [[[UInt8]]], lines: [Int], oversized: [[Bool]]
) {
    guard
        let reader = try? CSVReader(
            source: MemoryByteSource(bytes), chunkSize: chunkSize, maximumFieldBytes: fieldLimit)
    else {
        return (nil, [], [], [])
    }
    var rows: [[[UInt8]]] = []
    var lines: [Int] = []
    var oversized: [[Bool]] = []
    let validator = try? CSVRowValidator(firstLine: reader.firstLine)
    while let record = try? reader.next() {
        rows.append(record.fields)
        lines.append(record.line)
        oversized.append((0..<record.fieldCount).map(record.isOversized))
        precondition(record.fields.allSatisfy { $0.count <= fieldLimit }, "a field over the limit")
        precondition(record.fieldCount <= max(16, 2 * reader.firstLine.fieldCount + 2), "more fields kept than needed")
        guard let validator else { continue }
        if case .accepted(let row) = validator.validate(record) {
            let password = Array(row.password.utf8)
            precondition(!password.isEmpty, "accepted an empty password")
            precondition(password.count <= CSVRowValidator.maximumPasswordBytes, "accepted a too-long password")
            precondition(!password.contains(0), "accepted a NUL in a password")
            precondition(record[0].count >= 0)
        }
    }
    precondition(reader.bytesConsumed == bytes.count || rows.isEmpty, "bytes consumed differ from the input")
    return (reader.firstLine, rows, lines, oversized)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let chunk = Int(data[0] % 16) + 1
    let limit = data[0] & 0x80 != 0 ? 5 : CSVReader.maximumFieldBytes
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = records(bytes, chunkSize: CSVReader.defaultChunkSize, fieldLimit: limit)
    let pieces = records(bytes, chunkSize: chunk, fieldLimit: limit)
    precondition(whole.header == pieces.header, "header differs with chunk size \(chunk)")
    precondition(whole.rows == pieces.rows, "records differ with chunk size \(chunk)")
    precondition(whole.lines == pieces.lines, "line numbers differ with chunk size \(chunk)")
    precondition(whole.oversized == pieces.oversized, "oversized fields differ with chunk size \(chunk)")
    return 0
}
