import AuditCrypto
import Testing

@Suite struct CryptoVectorTests {
    @Test func sha256OfAbcMatchesFIPS180() {
        #expect(
            SHA256.hexDigest(utf8: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(utf8: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func incrementalHasherEqualsOneShot() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        let hasher = SHA256Hasher()
        hasher.update(Array(message[..<10]))
        hasher.update(Array(message[10...]))
        #expect(Hex.encode(hasher.finalize()) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func sha1OfAbcMatchesFIPS180() {
        #expect(LeakCheckDigest.sha1.hexDigest(utf8: "abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test func md5OfAbcMatchesRFC1321() {
        #expect(LeakCheckDigest.md5.hexDigest(utf8: "abc") == "900150983cd24fb0d6963f7d28e17f72")
    }

    /// RFC 4231 test cases 1, 2, 3, 4, 6 and 7 (case 5 tests truncation, which pwaudit never uses).
    @Test(arguments: [
        (
            "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", String(repeating: "dd", count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            String(repeating: "aa", count: 131),
            "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            String(repeating: "aa", count: 131),
            "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ])
    func hmacSHA256MatchesRFC4231(key: String, data: String, expected: String) throws {
        let key = try #require(Hex.decode(key))
        let data = try #require(Hex.decode(data))
        #expect(Hex.encode(HMACSHA256.authenticationCode(for: data, rawKey: key)) == expected)
    }

    @Test func fingerprinterGivesSameResultWhenReused() throws {
        let key = try HMACSHA256Key(bytes: Array(0..<32))
        let fingerprinter = Fingerprinter(key: key)
        let first = fingerprinter.fingerprint(utf8: "correct horse")
        _ = fingerprinter.fingerprint(utf8: "something else")
        #expect(fingerprinter.fingerprint(utf8: "correct horse") == first)
        #expect(first.bytes == HMACSHA256.authenticationCode(for: Array("correct horse".utf8), key: key))
        #expect(first != fingerprinter.fingerprint(utf8: ""))
    }

    @Test func randomKeysDifferAndHaveThirtyTwoBytes() throws {
        let first = try HMACSHA256Key.random()
        let second = try HMACSHA256Key.random()
        #expect(first.bytes.count == 32)
        #expect(first != second)
        #expect(!String(describing: first).contains(Hex.encode(first.bytes)))
    }

    @Test func keyOfWrongLengthIsRejected() {
        #expect(throws: CryptoError.wrongKeyLength(bytes: 31, expected: 32)) {
            try HMACSHA256Key(bytes: [UInt8](repeating: 0, count: 31))
        }
    }

    @Test func fingerprintRoundTripsThroughBytesAndHex() throws {
        let bytes = (0..<32).map { UInt8($0 * 7 & 0xFF) }
        let fingerprint = try #require(Fingerprint(bytes: bytes))
        #expect(fingerprint.bytes == bytes)
        #expect(fingerprint.hex == Hex.encode(bytes))
        #expect(Fingerprint(bytes: bytes.dropLast()) == nil)
    }
}
