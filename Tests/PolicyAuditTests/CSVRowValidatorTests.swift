import Testing

@testable import PolicyAudit

/// Reads `bytes` and validates every record, returning outcomes in order.
func validateAll(_ bytes: [UInt8], chunkSize: Int = CSVReader.defaultChunkSize) throws -> [CSVRowOutcome] {
    let reader = try CSVReader(source: MemoryByteSource(bytes), chunkSize: chunkSize)
    let validator = try CSVRowValidator(header: reader.header)
    var outcomes: [CSVRowOutcome] = []
    while let record = try reader.next() { outcomes.append(validator.validate(record)) }
    return outcomes
}

/// The rejections among `outcomes`.
func rejections(_ outcomes: [CSVRowOutcome]) -> [RowRejection] {
    outcomes.compactMap { if case .rejected(let rejection) = $0 { rejection } else { nil } }
}

/// The accepted rows among `outcomes`.
func accepted(_ outcomes: [CSVRowOutcome]) -> [CandidateRow] {
    outcomes.compactMap { if case .accepted(let row) = $0 { row } else { nil } }
}

/// One bad row inside good ones: the bytes of the file and the rejection expected.
struct BadRowCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let expected: RowRejection
    let acceptedLines: [Int]
    var testDescription: String { name }

    init(_ name: String, _ middle: [UInt8], line: Int = 3, _ reason: RejectReason, accepted: [Int] = [2, 4]) {
        self.name = name
        bytes = Array("id,username,password\n1,ann,good1\n".utf8) + middle + Array("3,cy,good3\n".utf8)
        expected = RowRejection(line: line, reason: reason)
        acceptedLines = accepted
    }
}

@Suite("CSVRowValidator: rejections and mapping")
struct CSVRowValidatorTests {
    static let badRows: [BadRowCase] = [
        BadRowCase("too few fields", Array("2,bo\n".utf8), .fieldCount),
        BadRowCase("too many fields", Array("2,bo,pw,extra\n".utf8), .fieldCount),
        BadRowCase("invalid UTF-8 in password", [0x32, 0x2C, 0x62, 0x2C, 0x70, 0xFF, 0x0A], .invalidUTF8),
        BadRowCase("surrogate in username", Array("2,".utf8) + [0xED, 0xA0, 0x80] + Array(",pw\n".utf8), .invalidUTF8),
        BadRowCase("overlong encoding", Array("2,b,".utf8) + [0xC0, 0xAF] + [0x0A], .invalidUTF8),
        BadRowCase("truncated sequence", Array("2,b,pw".utf8) + [0xE2, 0x82] + [0x0A], .invalidUTF8),
        BadRowCase("empty password", Array("2,bo,\n".utf8), .emptyPassword),
        BadRowCase("empty quoted password", Array("2,bo,\"\"\n".utf8), .emptyPassword),
        BadRowCase("NUL in password", Array("2,bo,pa\0ss\n".utf8), .nulByte),
        BadRowCase(
            "password over 1 KiB", Array("2,bo,\(String(repeating: "x", count: 1025))\n".utf8), .passwordTooLong),
        BadRowCase(
            "line after a quoted password with two newlines", Array("2,bo,\"a\nb\nc\"\n2,bo,\n".utf8), line: 6,
            .emptyPassword, accepted: [2, 3, 7]),
        BadRowCase(
            "CRLF inside quotes then a bad row", Array("2,bo,\"a\r\nb\"\r\n2,bo\r\n".utf8), line: 5, .fieldCount,
            accepted: [2, 3, 6]),
    ]

    @Test("each bad row is rejected with its line and reason, and reading goes on", arguments: badRows)
    func rejectsBadRow(_ bad: BadRowCase) throws {
        for chunkSize in [1, 3, 7, CSVReader.defaultChunkSize] {
            let outcomes = try validateAll(bad.bytes, chunkSize: chunkSize)
            #expect(rejections(outcomes) == [bad.expected], "chunk size \(chunkSize)")
            #expect(accepted(outcomes).map(\.line) == bad.acceptedLines, "chunk size \(chunkSize)")
        }
    }

    @Test("a password of exactly 1 KiB is accepted")
    func acceptsMaximumLength() throws {
        let password = String(repeating: "y", count: CSVRowValidator.maximumPasswordBytes)
        let outcomes = try validateAll(Array("password\n\(password)\n".utf8))
        #expect(accepted(outcomes).map(\.password) == [password])
    }

    @Test("a quote left open at the end of the file rejects the last record only", arguments: ["\n", "\r\n", ""])
    func rejectsUnterminatedQuote(lineEnd: String) throws {
        let text = "id,username,password\n1,ann,ok\r\n2,bo,\"never, closed\nstill open\(lineEnd)"
        let outcomes = try validateAll(Array(text.utf8))
        #expect(rejections(outcomes) == [RowRejection(line: 3, reason: .unterminatedQuote)])
        #expect(accepted(outcomes).map(\.line) == [2])
    }

    @Test("accepted rows carry the mapped columns, empty optional fields as nil")
    func mapsColumns() throws {
        let text = "ID,E-Mail,User,Password,Submitted_At\n7,a@x.test,,S3cret!,2025-01-02T03:04:05Z\n"
        let reader = try CSVReader(source: MemoryByteSource(Array(text.utf8)))
        let mapping = CSVColumnMapping().overriding(.email, with: "e-mail")
        let validator = try CSVRowValidator(header: reader.header, mapping: mapping)
        let record = try #require(try reader.next())
        guard case .accepted(let row) = validator.validate(record) else {
            Issue.record("row was rejected")
            return
        }
        #expect(
            row
                == CandidateRow(
                    line: 2, password: "S3cret!", username: nil, email: "a@x.test", externalID: "7",
                    submittedAt: "2025-01-02T03:04:05Z"))
    }

    @Test("a missing password column is an error listing the headers found")
    func missingPasswordColumn() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array("id, user ,pw\n1,a,b\n".utf8)))
        #expect(throws: CSVImportError.missingColumn(name: "password", found: ["id", "user", "pw"])) {
            try CSVRowValidator(header: reader.header)
        }
        let remapped = try CSVRowValidator(
            header: reader.header, mapping: CSVColumnMapping(overrides: [.password: "PW", .username: "User"]))
        let record = try #require(try reader.next())
        guard case .accepted(let row) = remapped.validate(record) else {
            Issue.record("row was rejected")
            return
        }
        #expect(row.password == "b" && row.username == "a")
    }

    @Test("a file without a header: the error lists nothing from its first line, which may hold a password")
    func headerlessFileListsNothing() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array("7,anna,Secr3t!Canary\n8,bob,x\n".utf8)))
        #expect(throws: CSVImportError.missingColumn(name: "password", found: [])) {
            try CSVRowValidator(header: reader.header)
        }
        let message = CSVImportError.missingColumn(name: "password", found: []).description
        #expect(!message.contains("Secr3t!Canary") && message.contains("does not look like a header"))
    }

    @Test("an overridden optional column must exist; a default one may be absent")
    func overriddenOptionalColumnIsRequired() throws {
        let header = CSVHeader(names: ["password"])
        #expect(throws: CSVImportError.missingColumn(name: "login", found: ["password"])) {
            try CSVRowValidator(header: header, mapping: CSVColumnMapping(overrides: [.username: "login"]))
        }
        #expect(throws: Never.self) { try CSVRowValidator(header: header) }
    }

    @Test("printing an accepted row never shows its password")
    func rowDescriptionRedactsPassword() {
        let row = CandidateRow(line: 9, password: "hunter2-secret", username: "ann")
        var dumped = ""
        dump(row, to: &dumped)
        for text in [row.description, String(describing: row), String(reflecting: row), "\(row)", dumped] {
            #expect(!text.contains("hunter2-secret"))
            #expect(text.contains("ann"))
        }
    }

    @Test("reject reasons keep their stored raw values")
    func reasonRawValues() {
        #expect(
            RejectReason.allCases.map(\.rawValue) == [
                "field-count", "invalid-utf8", "empty-password", "nul-byte", "password-too-long", "unterminated-quote",
            ])
    }
}
