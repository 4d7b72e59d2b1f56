import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// The shared benchmark kit's corpus generator: `shared/bench` beside the repository (as CI lays it out), else two
/// levels up (a git worktree), else `/work/shared`.
enum CorpusGenerator {
    static let script: URL = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            repository.appendingPathComponent("../shared"), repository.appendingPathComponent("../../shared"),
            URL(fileURLWithPath: "/work/shared"),
        ].map { $0.appendingPathComponent("bench/gen_corpus.py").standardizedFileURL }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }()

    static let python: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static var isAvailable: Bool {
        python != nil && FileManager.default.fileExists(atPath: script.path)
    }

    /// Runs the generator into `output` and returns its stderr.
    static func run(_ arguments: [String], output: URL) throws -> String {
        let process = Process()
        process.executableURL = python ?? URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + arguments + ["-o", output.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite(
    "CSV import of the benchmark corpus", .enabled(if: CorpusGenerator.isAvailable, "needs python3 and gen_corpus.py"))
struct CSVCorpusIntegrationTests {
    static let reasonByKind: [String: RejectReason] = [
        "field_count_short": .fieldCount, "field_count_long": .fieldCount, "invalid_utf8": .invalidUTF8,
        "empty_password": .emptyPassword, "nul_byte": .nulByte, "unterminated_quote": .unterminatedQuote,
    ]

    @Test(
        "every dirty row is rejected on its line with its reason, and only those",
        arguments: [[], ["--crlf", "--bom"]])
    func rejectsExactlyTheDirtyRows(flags: [String]) throws {
        let rows = 100_000
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pwaudit-corpus-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: path) }
        let stderr = try CorpusGenerator.run(["--rows", "\(rows)", "--dirty"] + flags, output: path)

        var expected: [Int: RejectReason] = [:]
        for line in stderr.split(separator: "\n") where line.hasPrefix("dirty ") {
            let pairs = Dictionary(
                uniqueKeysWithValues: line.split(separator: " ").dropFirst().compactMap { item in
                    item.split(separator: "=", maxSplits: 1).map(String.init).splitPair
                })
            guard let lineNumber = pairs["line"].flatMap({ Int($0) }), let kind = pairs["kind"],
                let reason = Self.reasonByKind[kind]
            else {
                Issue.record("unexpected generator output: \(line)")
                continue
            }
            expected[lineNumber] = reason
        }
        #expect(expected.count > 50, "the generator reported too few dirty rows")

        let reader = try CSVReader(path: path.path)
        let validator = try CSVRowValidator(firstLine: reader.firstLine)
        var actual: [Int: RejectReason] = [:]
        var acceptedCount = 0
        var records = 0
        while let record = try reader.next() {
            records += 1
            switch validator.validate(record) {
            case .accepted: acceptedCount += 1
            case .rejected(let rejection): actual[rejection.line] = rejection.reason
            }
        }
        #expect(actual == expected)
        #expect(records == rows)
        #expect(acceptedCount + actual.count == rows)
        #expect(reader.fractionCompleted == 1)
    }
}

extension Array where Element == String {
    /// A two-element array as a key/value pair.
    fileprivate var splitPair: (String, String)? { count == 2 ? (self[0], self[1]) : nil }
}
