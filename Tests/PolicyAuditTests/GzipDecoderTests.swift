import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAudit

/// `.gz` word lists: decompressed whole, one member or several, and never past the limit (a gzip bomb stops there).
@Suite("Gzip word lists")
struct GzipDecoderTests {
    /// `text` compressed by the system's gzip.
    private func gzip(_ text: [UInt8], in directory: TemporaryDirectory, name: String) throws -> [UInt8] {
        let compressed = try SystemGzip.compress(try directory.write(name, text))
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: compressed)))
    }

    @Test("a list decompresses whole up to the limit, and one byte more than the limit is refused")
    func limitIsExact() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-gzip")
        let text = Array(String(repeating: "password\n", count: 20_000).utf8)  // 180,000 bytes, 1 MiB chunks
        let compressed = try gzip(text, in: directory, name: "list.txt")
        #expect(try GzipDecoder.decompress(compressed, limit: text.count) == text)
        #expect(throws: GzipDecoder.Failure.exceedsLimit) {
            try GzipDecoder.decompress(compressed, limit: text.count - 1)
        }
    }

    @Test("a bomb (64 MiB of zeros in 64 KiB) stops at the limit instead of filling memory")
    func bombStopsAtTheLimit() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-gzip")
        let compressed = try gzip([UInt8](repeating: 0, count: 64 << 20), in: directory, name: "bomb.txt")
        #expect(compressed.count < 128 << 10)
        #expect(throws: GzipDecoder.Failure.exceedsLimit) { try GzipDecoder.decompress(compressed, limit: 4 << 20) }
    }

    @Test("two members concatenated are one list; a member cut short is invalid")
    func membersAndTruncation() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-gzip")
        let first = try gzip(Array("alpha\n".utf8), in: directory, name: "a.txt")
        let second = try gzip(Array("beta\n".utf8), in: directory, name: "b.txt")
        #expect(try GzipDecoder.decompress(first + second, limit: 100) == Array("alpha\nbeta\n".utf8))
        #expect(throws: GzipDecoder.Failure.invalid) {
            try GzipDecoder.decompress(Array(first.dropLast(6)), limit: 100)
        }
        #expect(throws: GzipDecoder.Failure.invalid) { try GzipDecoder.decompress(Array("plain".utf8), limit: 100) }
        #expect(try GzipDecoder.decompress(first + [0, 0, 0, 0], limit: 100) == Array("alpha\n".utf8), "zero padding")
        #expect(throws: GzipDecoder.Failure.invalid) { try GzipDecoder.decompress(first + [0, 7], limit: 100) }
    }
}
