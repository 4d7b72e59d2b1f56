import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Reads `bytes` and validates every record, returning outcomes in order.
func validateAll(_ bytes: [UInt8], chunkSize: Int = CSVReader.defaultChunkSize) throws -> [CSVRowOutcome] {
    let reader = try CSVReader(source: MemoryByteSource(bytes), chunkSize: chunkSize)
    let validator = try CSVRowValidator(firstLine: reader.firstLine)
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
        let validator = try CSVRowValidator(firstLine: reader.firstLine, mapping: mapping)
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

    @Test("a header without the mapped password column is not a header; a remapped one is")
    func missingPasswordColumn() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array("id, user ,pw\n1,a,b\n".utf8)))
        #expect(throws: CSVImportError.notAHeader(passwordColumn: "password", line: 1, fieldCount: 3)) {
            try CSVRowValidator(firstLine: reader.firstLine)
        }
        let remapped = try CSVRowValidator(
            firstLine: reader.firstLine, mapping: CSVColumnMapping(overrides: [.password: "PW", .username: "User"]))
        #expect(remapped.header.names == ["id", "user", "pw"])
        let record = try #require(try reader.next())
        guard case .accepted(let row) = remapped.validate(record) else {
            Issue.record("row was rejected")
            return
        }
        #expect(row.password == "b" && row.username == "a")
    }

    @Test("a file without a header: the error carries only the first line's position and field count")
    func headerlessFileListsNothing() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array("7,anna,Secr3t!Canary\n8,bob,x\n".utf8)))
        #expect(throws: CSVImportError.notAHeader(passwordColumn: "password", line: 1, fieldCount: 3)) {
            try CSVRowValidator(firstLine: reader.firstLine)
        }
        let message = CSVImportError.notAHeader(passwordColumn: "password", line: 1, fieldCount: 3).description
        #expect(!message.contains("Secr3t!Canary") && !message.contains("anna") && message.contains("not a header"))
        var dumped = ""
        dump(reader.firstLine, to: &dumped)
        for text in ["\(reader.firstLine)", String(reflecting: reader.firstLine), dumped] {
            #expect(!text.contains("Secr3t!Canary") && !text.contains("anna"), "\(text)")
        }
    }

    /// Defect 2 of issue 10: a CR-only file used to read as one header line, and the error listed every cell.
    @Test("a CR-only file imports, and no CSV error about its first line can name a cell", arguments: [0, 1])
    func crOnlyFileNeverPrintsCells(variant: Int) throws {
        let good = "id,user,password\r1,anna,S3cret!\r"
        let headerless = "1,anna,S3cret!\r2,bob,An0ther!\r"
        if variant == 0 {
            let outcomes = try validateAll(Array(good.utf8))
            #expect(accepted(outcomes).map(\.password) == ["S3cret!"])
            #expect(accepted(outcomes).map(\.line) == [2])
        } else {
            var message = ""
            do {
                _ = try validateAll(Array(headerless.utf8))
                Issue.record("a header-less file was accepted")
            } catch {
                message = String(describing: error)
            }
            for cell in ["anna", "S3cret!", "bob", "An0ther!"] { #expect(!message.contains(cell)) }
        }
    }

    @Test("a mapped column named twice is an error naming it; an unmapped repeat is fine")
    func duplicateMappedColumn() throws {
        let twice = try CSVReader(source: MemoryByteSource(Array("id,Password,note, password \n1,a,n,b\n".utf8)))
        #expect(throws: CSVImportError.self) { try CSVRowValidator(firstLine: twice.firstLine) }
        do {
            _ = try CSVRowValidator(firstLine: twice.firstLine)
        } catch {
            guard case .duplicateColumn(let name, let positions, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "password" && positions == [2, 4])
            #expect(error.description.contains("'password' more than once (columns 2, 4)"))
        }
        let user = try CSVReader(source: MemoryByteSource(Array("username,password,USERNAME\n".utf8)))
        #expect(throws: CSVImportError.self) { try CSVRowValidator(firstLine: user.firstLine) }
        let unmapped = try CSVReader(source: MemoryByteSource(Array("note,password,note,,\n".utf8)))
        #expect(throws: Never.self) { try CSVRowValidator(firstLine: unmapped.firstLine) }
    }

    @Test("an overridden optional column must exist; a default one may be absent")
    func overriddenOptionalColumnIsRequired() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array("password\n".utf8)))
        let header = try CSVHeader(accepting: reader.firstLine, passwordColumn: "password")
        #expect(throws: CSVImportError.missingColumn(name: "login", header: header)) {
            try CSVRowValidator(header: header, mapping: CSVColumnMapping(overrides: [.username: "login"]))
        }
        #expect(
            CSVImportError.missingColumn(name: "login", header: header).description
                == "The CSV header has no 'login' column (found: 'password'); rename the column or map it.")
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
                "invalid-time", "field-too-long",
            ])
    }
}
