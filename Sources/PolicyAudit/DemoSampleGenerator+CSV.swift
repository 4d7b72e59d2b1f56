import PolicyDemo

extension DemoSampleGenerator {
    /// The CSV header the sample is written with.
    package static let csvHeader = "id,username,email,password,submitted_at"

    /// One row as an RFC 4180 CSV line, LF included; a field is quoted only when it holds `"`, `,`, CR or LF.
    package static func csvLine(_ row: DemoCandidate) -> String {
        let fields = [String(row.id), row.username, row.email, row.password, row.submittedAt]
        return fields.map(quotedIfNeeded).joined(separator: ",") + "\n"
    }

    private static func quotedIfNeeded(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
