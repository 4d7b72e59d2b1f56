import AuditCrypto
import Foundation
import Testing

/// Searches files and captured output for any trace of canary passwords: the text, a distinctive fragment of it,
/// its UTF-16 form, and its unkeyed MD5, SHA-1 and SHA-256 (hex in both cases, and SHA-256's raw bytes).
package struct CanaryScan {
    /// What is looked for, each with a name for the failure message.
    package let needles: [(what: String, bytes: [UInt8])]

    /// Needles for every canary; `fragmentLength` leading characters of each are searched too.
    package init(canaries: [String], fragmentLength: Int = 24) {
        var needles: [(String, [UInt8])] = []
        for canary in canaries {
            needles.append(("plaintext", Array(canary.utf8)))
            needles.append(("a fragment", Array(canary.prefix(fragmentLength).utf8)))
            needles.append(("UTF-16LE text", canary.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
            let digests = [
                ("MD5", LeakCheckDigest.md5.hexDigest(utf8: canary)),
                ("SHA-1", LeakCheckDigest.sha1.hexDigest(utf8: canary)),
                ("SHA-256", SHA256.hexDigest(utf8: canary)),
            ]
            for (name, hex) in digests {
                needles.append(("\(name) hex", Array(hex.utf8)))
                needles.append(("\(name) HEX", Array(hex.uppercased().utf8)))
            }
            needles.append(("SHA-256 bytes", SHA256.digest(utf8: canary)))
        }
        self.needles = needles
    }

    /// Records a failed expectation for every needle found in an existing file of `paths` or in `outputs`.
    ///
    /// - Returns: The number of files and outputs scanned.
    @discardableResult
    package func expectNoTrace(in paths: [String], outputs: [(name: String, text: String)]) throws -> Int {
        var scanned = 0
        for path in paths where FileManager.default.fileExists(atPath: path) {
            scanned += 1
            expectNoTrace(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        }
        for output in outputs {
            scanned += 1
            expectNoTrace(in: Array(output.text.utf8), name: output.name)
        }
        return scanned
    }

    private func expectNoTrace(in haystack: [UInt8], name: String) {
        for index in found(in: haystack) {
            Issue.record("\(needles[index].what) of a canary found in \(name)")
        }
    }

    /// The indices of the needles `haystack` holds, in one pass for those of 8 bytes or more (their first 8 bytes
    /// looked up at every offset, so that megabytes of a server's files and hundreds of needles stay quick), one pass
    /// each for shorter ones.
    private func found(in haystack: [UInt8]) -> [Int] {
        var byPrefix: [UInt64: [Int]] = [:]
        var result: Set<Int> = []
        for (index, needle) in needles.enumerated() {
            if needle.bytes.count >= 8 {
                byPrefix[Self.word(needle.bytes, at: 0), default: []].append(index)
            } else if bytes(haystack, contain: needle.bytes) {
                result.insert(index)
            }
        }
        guard haystack.count >= 8 else { return result.sorted() }
        for offset in 0...(haystack.count - 8) {
            guard let candidates = byPrefix[Self.word(haystack, at: offset)] else { continue }
            for index in candidates where !result.contains(index) {
                let needle = needles[index].bytes
                if offset + needle.count <= haystack.count,
                    haystack[offset..<(offset + needle.count)].elementsEqual(needle)
                {
                    result.insert(index)
                }
            }
        }
        return result.sorted()
    }

    /// The 8 bytes of `bytes` from `offset` as one integer.
    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    }
}
