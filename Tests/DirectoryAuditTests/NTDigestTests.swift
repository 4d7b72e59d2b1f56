import Testing

@testable import DirectoryAudit

/// NT hashes read from hexadecimal text (either case, nothing else), and numbered by `NTDigestIndex` as a dictionary
/// would number them: the same digest always the same number, new ones in the order first seen.
@Suite struct NTDigestTests {
    @Test("32 hexadecimal digits of either case parse to their bytes; any other text is refused")
    func hexParsing() {
        let hex = "0123456789abcdefABCDEF0f1e2d3c4b"
        let digest = NTDigest(hex: hex)
        #expect(
            digest?.bytes == [
                0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xAB, 0xCD, 0xEF, 0x0F, 0x1E, 0x2D, 0x3C, 0x4B,
            ])
        #expect(NTDigest(hex: hex.uppercased()) == digest && NTDigest(hex: hex.lowercased()) == digest)
        // Each byte next to the digits and letters, and the letters past f, at every position.
        for bad in ["/", ":", "@", "G", "`", "g", " ", "\u{7F}"] {
            for position in [0, 15, 31] {
                var text = Array(hex.utf8)
                text[position] = bad.utf8.first!
                #expect(NTDigest(hex: text) == nil, "\(bad) at \(position)")
            }
        }
        #expect(NTDigest(hex: String(hex.dropLast())) == nil && NTDigest(hex: hex + "0") == nil)
    }

    @Test("the index numbers digests as a dictionary does, through collisions of its table's slots")
    func indexMatchesADictionary() {
        var generator = SystemRandomNumberGenerator()
        let pool = (0..<3_000).map { _ in
            NTDigest(bytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })!
        }
        var index = NTDigestIndex(capacity: 10_000)
        var reference: [NTDigest: Int] = [:]
        for _ in 0..<10_000 {
            let digest = pool.randomElement(using: &generator)!
            let expected = reference[digest] ?? reference.count
            reference[digest] = expected
            #expect(index.number(of: digest) == expected)
        }
        #expect(index.digests.count == reference.count)
        #expect(index.digests.enumerated().allSatisfy { reference[$0.element] == $0.offset })
    }
}
