import Foundation
import PwauditTestSupport
import Testing

/// Debian's python3-pwquality (libpwquality 1.4.5), driven in batches: one process per conf file reads every
/// candidate on stdin and prints one verdict per line.
enum PwqualityPeer {
    /// The system python3 (python3-pwquality exists only for it).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// Whether `import pwquality` works.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import pwquality"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Converts the generator's CSV into `password NUL username NUL` pairs (rows whose text is not valid UTF-8, or
    /// holds NUL, are left out) and returns how many it wrote.
    static let converter = """
        import csv, sys
        n = 0
        with open(sys.argv[1], newline="", encoding="utf-8", errors="surrogateescape") as f, open(sys.argv[2], "wb") as out:
            rows = csv.reader(f)
            next(rows, None)
            for rec in rows:
                if len(rec) != 5 or not rec[3] or "\\0" in rec[1] + rec[3]:
                    continue
                try:
                    out.write(rec[3].encode() + b"\\0" + rec[1].encode() + b"\\0")
                    n += 1
                except UnicodeEncodeError:
                    pass
        print(n)
        """

    /// Reads the pairs on stdin and prints `0` for a pass or libpwquality's (negative) error code, one per line.
    static let checker = """
        import sys, pwquality
        s = pwquality.PWQSettings()
        s.read_config(sys.argv[1])
        data = sys.stdin.buffer.read().split(b"\\0")
        out = []
        for i in range(0, len(data) - 1, 2):
            try:
                s.check(data[i].decode(), None, data[i + 1].decode() or None)
                out.append("0")
            except pwquality.PWQError as e:
                out.append(str(e.args[0]))
        sys.stdout.write("\\n".join(out) + "\\n")
        """

    /// Runs python3 with `script` and `arguments`, stdin from `input` (a path) if given; returns stdout.
    static func run(_ script: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + arguments
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        return String(decoding: data, as: UTF8.self)
    }
}
