import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

@Suite struct FingerprintKeyStoreTests {
    @Test func createdKeyIsPrivateAndLoadsBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("audit.db.key")
        #expect(path.hasSuffix("audit.db.key"))
        let key = try FingerprintKeyStore.create(at: path)
        #expect(try permissions(of: path) == 0o600)
        #expect(try FingerprintKeyStore.load(at: path) == key)
    }

    @Test func createRefusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("k.key")
        let key = try FingerprintKeyStore.create(at: path)
        #expect(throws: FingerprintKeyError.alreadyExists(path: path)) { try FingerprintKeyStore.create(at: path) }
        #expect(try FingerprintKeyStore.load(at: path) == key)
    }

    @Test func missingKeyIsAnErrorNeverANewKey() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.key")
        #expect(throws: FingerprintKeyError.missing(path: path)) { try FingerprintKeyStore.load(at: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FingerprintKeyError.missing(path: path).description.contains("pwaudit init"))
    }

    @Test(arguments: [0, 31, 33, 64])
    func keyOfWrongSizeIsRejected(size: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad.key")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: size)))
        #expect(throws: FingerprintKeyError.wrongSize(path: path, bytes: size)) {
            try FingerprintKeyStore.load(at: path)
        }
    }

    @Test func directoryInsteadOfKeyIsNotARegularFile() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: FingerprintKeyError.notRegularFile(path: directory.url.path, kind: "a directory")) {
            try FingerprintKeyStore.load(at: directory.url.path)
        }
    }
}
