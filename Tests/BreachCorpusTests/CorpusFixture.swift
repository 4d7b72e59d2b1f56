import AuditCrypto
import Foundation
import PasswordPolicy
import PwauditTestSupport

/// Small generated corpora in HIBP's format: `HASH:COUNT` lines sorted by hash.
struct CorpusFixture {
    /// One line: the hash's bytes and its count.
    struct Entry {
        var digest: [UInt8]
        var count: Int
    }

    let directory: TemporaryDirectory
    /// The entries, sorted by hash.
    private(set) var entries: [Entry]
    let format: BreachCorpusReference.Format

    /// A corpus of `passwords` (password `i` seen `counts(i)` times) plus `filler` random hashes.
    init(
        format: BreachCorpusReference.Format = .sha1, passwords: [String], counts: (Int) -> Int = { $0 + 1 },
        filler: Int = 0
    ) throws {
        directory = try TemporaryDirectory(prefix: "pwaudit-corpus")
        self.format = format
        var entries = passwords.enumerated().map { index, password in
            Entry(
                digest: format == .sha1 ? SHA1.digest(Array(password.utf8)) : NTLMHash.digest(password),
                count: counts(index))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<filler {
            let bytes = (0..<(format == .sha1 ? 20 : 16)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            entries.append(Entry(digest: bytes, count: Int.random(in: 1...5000, using: &generator)))
        }
        self.entries = entries.sorted { $0.digest.lexicographicallyPrecedes($1.digest) }
    }

    /// The lines' text: uppercase hex and LF unless asked otherwise.
    func lines(lowercase: Bool = false) -> [String] {
        entries.map { entry in
            let hex = Hex.encode(entry.digest)
            return "\(lowercase ? hex : hex.uppercased()):\(entry.count)"
        }
    }

    /// Writes `lines` joined by `separator` (plus a final one when `trailing`) and returns the path.
    func write(_ lines: [String], separator: String = "\n", trailing: Bool = true, name: String = "pwned.txt")
        throws -> String
    {
        try directory.write(name, lines.joined(separator: separator) + (trailing && !lines.isEmpty ? separator : ""))
    }
}
