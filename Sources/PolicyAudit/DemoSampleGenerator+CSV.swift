import PolicyDemo

extension DemoSampleGenerator {
    /// The CSV header the sample is written with.
    package static let csvHeader = "id,username,email,password,submitted_at"

    /// Writes the sample as RFC 4180 CSV (LF line ends, fields quoted only when they hold `"`, `,`, CR or
    /// LF) to `path` through `OutputFile`: a new file gets mode 0600, an existing one is replaced atomically.
    ///
    /// - Throws: `DemoSampleError` when the file cannot be created or written.
    package func writeCSV(to path: String) throws(DemoSampleError) {
        let file: OutputFile
        do {
            file = try OutputFile(path: path, option: "the demo CSV", protecting: [])
        } catch {
            throw .cannotCreate(path: path, reason: error.reason)
        }
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 20 + 4096)
        var failure: OutputFileError?
        forEachCSVLine { line in
            pending.append(contentsOf: line)
            if pending.count >= 1 << 20, failure == nil {
                do throws(OutputFileError) {
                    try file.write(pending)
                } catch {
                    failure = error
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
        do throws(OutputFileError) {
            if let failure { throw failure }
            try file.write(pending)
            try file.commit()
        } catch {
            throw .writeFailed(reason: error.reason)
        }
    }

    /// Writes the sample as CSV to an open descriptor (standard output is `1`), in 1 MiB writes.
    package func writeCSV(toFileDescriptor descriptor: Int32) throws(DemoSampleError) {
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 20 + 4096)
        var failure: DemoSampleError?
        forEachCSVLine { line in
            pending.append(contentsOf: line)
            if pending.count >= 1 << 20, failure == nil {
                failure = Self.write(pending, to: descriptor)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if let failure { throw failure }
        if let failure = Self.write(pending, to: descriptor) { throw failure }
    }

    /// The whole sample as CSV bytes, for small samples and tests.
    package func csvBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        forEachCSVLine { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// One row as a CSV line, newline included.
    package static func csvLine(_ row: DemoCandidate) -> String {
        let fields = [String(row.id), row.username, row.email, row.password, row.submittedAt]
        return fields.map(quotedIfNeeded).joined(separator: ",") + "\n"
    }

    private func forEachCSVLine(_ body: (String.UTF8View) -> Void) {
        body((Self.csvHeader + "\n").utf8)
        for row in self { body(Self.csvLine(row).utf8) }
    }

    private static func quotedIfNeeded(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> DemoSampleError? {
        bytes.withUnsafeBytes { buffer -> DemoSampleError? in
            Platform.writeAll(buffer, to: descriptor).map { .writeFailed(reason: Platform.describe($0)) }
        }
    }
}
