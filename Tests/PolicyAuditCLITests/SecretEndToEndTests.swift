import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Canary passwords in every column position of CSV files that fail in every way pwaudit knows (no header, CR-only
/// line ends, the wrong delimiter, UTF-16, bad rows of each kind), put through every command and report format: no
/// trace of any canary, nor of its unkeyed MD5, SHA-1 or SHA-256, reaches the database, its WAL and SHM, the key,
/// a report or rejects file, stdout or stderr.
@Suite("No canary password leaks, whatever the input and the command")
struct SecretEndToEndTests {
    /// The columns of a candidate file, in the order of the position-0 file; later files rotate them.
    static let columns = ["password", "id", "username", "email", "submitted_at"]

    /// One input file: its name, its bytes and the canaries it holds.
    struct Input {
        let name: String
        let bytes: [UInt8]
        let canaries: [String]
        /// Extra options its imports get (a wrong delimiter, say).
        var options: [String] = []
    }

    @Test("canaries in every column position of every failing file leave no trace")
    func noCanaryLeaks() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        var inputs: [Input] = []
        for position in 0..<Self.columns.count {
            inputs += Self.inputs(passwordAt: position)
        }
        var outputs: [(name: String, text: String)] = []
        var written: [String] = []
        func run(_ name: String, _ arguments: [String], stdin: String? = nil) throws {
            var descriptor: Int32?
            if let stdin {
                let path = try sandbox.write(".stdin-\(UUID().uuidString)", Array(stdin.utf8))
                descriptor = open(path, O_RDONLY)
                unlink(path)
            }
            defer { if let descriptor { close(descriptor) } }
            let result = sandbox.run(arguments, stdin: descriptor)
            outputs.append(("stdout of \(name)", result.out))
            outputs.append(("stderr of \(name)", result.err))
        }

        for input in inputs {
            let path = try sandbox.write(input.name, input.bytes)
            let rejects = sandbox.path(input.name + ".rejects.csv")
            written.append(rejects)
            try run("import \(input.name)", ["import", path, "--rejects", rejects, "--again"] + input.options)
            try run("import --strict \(input.name)", ["import", path, "--strict", "--again"] + input.options)
            try run("import --rejects - \(input.name)", ["import", path, "--rejects", "-", "--again"] + input.options)
            try run("rescore \(input.name)", ["rescore", "1", "--policy", "nist", path] + input.options)
            try run(
                "check \(input.name)", ["check", "--policy", "seed"],
                stdin: String(decoding: input.bytes, as: UTF8.self))
        }
        let canaryLines = inputs.flatMap(\.canaries).joined(separator: "\n") + "\n\u{0}nul\n"
        try run("check lines", ["check", "--policy", "strict", "--user", "canary_user"], stdin: canaryLines)

        for format in ["table", "json", "csv", "markdown", "html"] {
            for command in [["report"], ["compare", "seed", "nist"], ["history"], ["history", "--by", "day"]] {
                let file = sandbox.path("\(command.joined(separator: "-")).\(format)")
                written.append(file)
                try run("\(command) \(format)", command + ["--format", format])
                try run("\(command) \(format) -o", command + ["--format", format, "--output", file])
            }
        }
        try run("runs", ["runs"])
        try run("policy list", ["policy", "list"])
        try run("policy show", ["policy", "show", "strict"])

        let database = sandbox.databasePath
        let stored = [database, database + "-wal", database + "-shm", database + ".key"]
        let scan = CanaryScan(canaries: inputs.flatMap(\.canaries))
        let scanned = try scan.expectNoTrace(in: stored + written, outputs: outputs)
        #expect(scanned >= outputs.count + 3)
        // Positive control: the well-formed canary rows were imported, so the scan looked at stored candidates.
        #expect(try sandbox.integer("SELECT count(*) FROM candidate WHERE username LIKE 'canary_user_%'") > 0)
    }

    /// The failing files for one position of the password column, each holding fresh canaries.
    static func inputs(passwordAt position: Int) -> [Input] {
        let order = Array(columns[position...] + columns[..<position])
        func canary(_ kind: String) -> String { "Cnry\(position)\(kind)-\(UUID().uuidString)-Pässwörd9!" }
        func row(_ password: String, user: String, line: Int) -> [String] {
            order.map { column in
                switch column {
                case "password": password
                case "id": "\(line)"
                case "username": user
                case "email": "\(user)@example.org"
                default: "2026-05-05T10:00:00Z"
                }
            }
        }
        func text(_ rows: [[String]], delimiter: String = ",", end: String = "\n") -> String {
            rows.map { $0.joined(separator: delimiter) }.joined(separator: end) + end
        }
        let header = order
        var inputs: [Input] = []

        let good = canary("good")
        let fieldCount = canary("fields")
        let quote = canary("quote")
        let long = canary("long")
        let nul = canary("nul")
        let utf8 = canary("utf8")
        var bad = text([header, row(good, user: "canary_user_\(position)", line: 1)])
        bad += text([row(fieldCount, user: "u2", line: 2) + ["extra"]])
        bad += text([row(String(repeating: long, count: 30), user: "u3", line: 3)])
        bad += text([row(nul + "\u{0}", user: "u4", line: 4)])
        var badBytes = Array(bad.utf8)
        badBytes += Array(text([row(utf8, user: "u5", line: 5)]).utf8).map { $0 == UInt8(ascii: "!") ? 0xFF : $0 }
        badBytes += Array(text([row("\"" + quote, user: "u6", line: 6)]).utf8)
        inputs.append(
            Input(
                name: "bad-rows-\(position).csv", bytes: badBytes, canaries: [good, fieldCount, quote, long, nul, utf8])
        )

        let crOnly = [canary("cr1"), canary("cr2")]
        let crRows = [header] + crOnly.enumerated().map { row($1, user: "canary_user_cr\(position)", line: $0 + 1) }
        inputs.append(
            Input(name: "cr-only-\(position).csv", bytes: Array(text(crRows, end: "\r").utf8), canaries: crOnly))

        let headerless = [canary("nohead1"), canary("nohead2")]
        let headerlessRows = headerless.enumerated().map { row($1, user: "u\($0)", line: $0 + 1) }
        inputs.append(
            Input(name: "headerless-\(position).csv", bytes: Array(text(headerlessRows).utf8), canaries: headerless))

        let semicolon = [canary("semi1"), canary("semi2")]
        let semicolonRows = [header] + semicolon.enumerated().map { row($1, user: "u\($0)", line: $0 + 1) }
        inputs.append(
            Input(
                name: "semicolon-\(position).csv", bytes: Array(text(semicolonRows, delimiter: ";").utf8),
                canaries: semicolon, options: ["--delimiter", ","]))

        let utf16 = [canary("utf16a"), canary("utf16b")]
        let utf16Text = text([header] + utf16.enumerated().map { row($1, user: "u\($0)", line: $0 + 1) })
        let utf16Bytes: [UInt8] = [0xFF, 0xFE] + utf16Text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        inputs.append(Input(name: "utf16-\(position).csv", bytes: utf16Bytes, canaries: utf16))
        return inputs
    }
}
