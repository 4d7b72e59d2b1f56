// libFuzzer target: the CSV reader and row validator over arbitrary bytes, from memory.
//
// Properties checked on every input: no crash or memory error (ASan); the records read with a tiny chunk size
// (chosen by the first byte) equal the records read in one chunk; every accepted row's password is non-empty,
// at most CSVRowValidator.maximumPasswordBytes bytes, valid UTF-8 and free of NUL.

func records(_ bytes: [UInt8], chunkSize: Int) -> (header: CSVFirstLine?, rows: [[[UInt8]]], lines: [Int]) {
    guard let reader = try? CSVReader(source: MemoryByteSource(bytes), chunkSize: chunkSize) else {
        return (nil, [], [])
    }
    var rows: [[[UInt8]]] = []
    var lines: [Int] = []
    let validator = try? CSVRowValidator(firstLine: reader.firstLine)
    while let record = try? reader.next() {
        rows.append(record.fields)
        lines.append(record.line)
        guard let validator else { continue }
        if case .accepted(let row) = validator.validate(record) {
            let password = Array(row.password.utf8)
            precondition(!password.isEmpty, "accepted an empty password")
            precondition(password.count <= CSVRowValidator.maximumPasswordBytes, "accepted a too-long password")
            precondition(!password.contains(0), "accepted a NUL in a password")
            precondition(record[0].count >= 0)
        }
    }
    return (reader.firstLine, rows, lines)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let chunk = Int(data[0] % 16) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = records(bytes, chunkSize: CSVReader.defaultChunkSize)
    let pieces = records(bytes, chunkSize: chunk)
    precondition(whole.header == pieces.header, "header differs with chunk size \(chunk)")
    precondition(whole.rows == pieces.rows, "records differ with chunk size \(chunk)")
    precondition(whole.lines == pieces.lines, "line numbers differ with chunk size \(chunk)")
    return 0
}
