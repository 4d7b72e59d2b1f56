import AuditCrypto
import Foundation

/// A hashcat potfile of NT hashes (`NTHASH:plaintext`, `$HEX[…]` for a plaintext hashcat would not print), joined
/// to an extract by NT hash.
///
/// Each plaintext is checked against its hash (MD4 of its UTF-16LE text, read as UTF-8, or failing that as
/// ISO-8859-1, as hashcat's byte-wise NTLM kernels see it): a line whose plaintext does not give its hash is counted
/// as unmatched and not used. The plaintexts live in memory for the import only; they are never stored or printed.
package struct Potfile: Sendable {
    /// The verified plaintext of each cracked NT hash.
    package private(set) var plaintexts: [NTDigest: String] = [:]
    /// Lines read.
    package private(set) var linesRead = 0
    /// Lines whose plaintext does not hash to their NT hash (another hash type, or a damaged line).
    package private(set) var unmatched = 0
    /// Lines that could not be read.
    package private(set) var malformed: [MalformedLine] = []

    /// An empty potfile: nothing cracked.
    package init() {}

    /// Reads the potfile at `path`.
    /// - Throws: `DirectoryAuditError.cannotRead`.
    package init(path: String) throws(DirectoryAuditError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .cannotRead(path: path, reason: DirectoryAuditError.reason(error))
        }
        self = data.withUnsafeBytes { Potfile(bytes: $0) }
    }

    /// Reads a potfile held in `bytes`: in `chunks` ranges of whole lines on as many threads (by default one per
    /// processor, at most 4, for a potfile of a megabyte or more; each line's MD4 check is most of the work), their
    /// readings joined in file order, so a hash cracked twice keeps its last line's plaintext as one pass would.
    package init(bytes: UnsafeRawBufferPointer, chunks: Int? = nil) {
        self.init()
        let parts = LineSplitter.readInRanges(bytes, count: chunks) { bytes, firstLine in
            var part = Potfile()
            part.read(bytes, numberingFrom: firstLine)
            return part
        }
        for part in parts {
            if plaintexts.isEmpty {
                plaintexts = part.plaintexts
            } else {
                plaintexts.merge(part.plaintexts) { _, later in later }
            }
            unmatched += part.unmatched
            malformed += part.malformed
            linesRead = part.linesRead
        }
    }

    /// Reads a potfile held in `text` (tests).
    package init(text: String) {
        self = Array(text.utf8).withUnsafeBytes { Potfile(bytes: $0) }
    }

    /// The verified plaintext of `hash`, if the potfile cracked it.
    package subscript(hash: NTDigest) -> String? { plaintexts[hash] }

    /// Reads the lines of `bytes`, numbered from `first`.
    private mutating func read(_ bytes: UnsafeRawBufferPointer, numberingFrom first: Int) {
        LineSplitter.forEachLine(in: bytes, numberingFrom: first) { number, line in
            linesRead = number
            guard !line.isEmpty else { return }
            guard line.count > 32, line[32] == UInt8(ascii: ":"),
                let hash = NTDigest(hex: UnsafeRawBufferPointer(rebasing: line[0..<32]))
            else {
                malformed.append(MalformedLine(file: "potfile", line: number, reason: "not NTHASH:password"))
                return
            }
            var plain = Array(line[33...])
            defer { plain.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
            if let decoded = Self.hexPayload(plain) {
                guard let bytes = decoded else {
                    malformed.append(
                        MalformedLine(file: "potfile", line: number, reason: "$HEX[…] holds no hexadecimal bytes"))
                    return
                }
                plain = bytes
            }
            guard let password = Self.password(plain, hashingTo: hash) else {
                unmatched += 1
                return
            }
            plaintexts[hash] = password
        }
    }

    /// `$HEX[414243]` → `.some([0x41, 0x42, 0x43])`; `$HEX[` with a bad payload → `.some(nil)`; anything else → nil.
    static func hexPayload(_ plain: [UInt8]) -> [UInt8]?? {
        let prefix = Array("$HEX[".utf8)
        guard plain.count > prefix.count, plain.starts(with: prefix), plain.last == UInt8(ascii: "]") else {
            return nil
        }
        let payload = plain[prefix.count..<(plain.count - 1)]
        guard payload.count % 2 == 0 else { return .some(nil) }
        return .some(Hex.decode(String(decoding: payload, as: UTF8.self)))
    }

    /// The plaintext of `bytes` whose NT hash is `hash`: read as UTF-8, else as ISO-8859-1; nil when neither is.
    static func password(_ bytes: [UInt8], hashingTo hash: NTDigest) -> String? {
        if let utf8 = String(validating: bytes, as: UTF8.self), NTDigest(bytes: NTLMHash.digest(utf8)) == hash {
            return utf8
        }
        let latin1 = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        return NTDigest(bytes: NTLMHash.digest(latin1)) == hash ? latin1 : nil
    }
}
