import AuditCrypto
import BreachCorpus
import Foundation
import LibC
import PasswordPolicy

/// Reads a policy file from disk and loads its `file:` blocklists, read relative to the policy file, into the
/// policy (each kept by name, SHA-256 and entries: see `BlocklistFile`).
package enum PolicyFileLoader {
    /// The bytes of the file at `path` (absolute), at most ``listByteLimit`` of them.
    /// - Throws: `PolicyFileError.missing` when nothing is there, `.notRegularFile` for a directory, FIFO or device
    ///   (a FIFO would block, a device never end), `.tooLarge`, `.unreadable` when it cannot be read.
    package static func contents(of path: String) throws(PolicyFileError) -> Data {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch .missing {
            throw .missing(path: path)
        } catch .notRegular {
            throw .notRegularFile(path: path)
        } catch {
            throw .unreadable(path: path)
        }
        defer { close(file.descriptor) }
        switch readWhole(file, limit: listByteLimit) {
        case .bytes(let bytes): return Data(bytes)
        case .tooLarge: throw .tooLarge(path: path)
        case .failed: throw .unreadable(path: path)
        }
    }

    /// What reading a whole file gave.
    private enum ReadOutcome {
        case bytes([UInt8])
        case tooLarge
        case failed(reason: String)
    }

    /// Reads `file` to its end, stopping once it holds more than `limit` bytes (it may grow after its `fstat`).
    private static func readWhole(_ file: RegularFile, limit: Int) -> ReadOutcome {
        let descriptor = file.descriptor
        guard Int(file.status.st_size) <= limit else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(file.status.st_size) + 1)  // one more: a file still growing shows
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return .failed(reason: SystemCall.describe(errno)) }
            if got == 0 { break }
            count += got
            if count == bytes.count, count <= limit {
                bytes += [UInt8](repeating: 0, count: min(count, 1 << 20))  // it grew since fstat
            }
        }
        guard count <= limit else { return .tooLarge }
        bytes.removeSubrange(count...)
        return .bytes(bytes)
    }

    /// Loads the policy at `path` (absolute) and compiles it, so that what cannot be evaluated (a banned-terms rule
    /// over its size, a pattern over the budget) is refused with the file's name before anything is stored.
    /// - Throws: `PolicyFileError` naming the file and, for a bad definition, the key at fault.
    package static func compile(path: String) throws(PolicyFileError) -> CompiledPolicy {
        let policy = try load(path: path)
        do {
            return try PolicyCompiler.compile(policy)
        } catch let error as PolicyError {
            throw .invalid(path: path, error: error)
        } catch let error as CorpusError {
            throw .unreadableCorpus(policy: path, error: error)
        } catch {
            throw .unreadable(path: path)
        }
    }

    /// Loads and validates the policy at `path` (absolute), its file lists read and its corpora opened.
    /// - Throws: `PolicyFileError` naming the file and, for a bad definition, the key at fault.
    private static func load(path: String) throws(PolicyFileError) -> PasswordPolicy {
        let data = try contents(of: path)
        let parsed: PasswordPolicy
        do {
            parsed = try PasswordPolicy(json: data)
        } catch {
            throw .invalid(path: path, error: error)
        }
        let directory = (path as NSString).deletingLastPathComponent
        // A corpus stays where it is: the stored version names it by absolute path, and it is checked to open now.
        // `..` is left for the system to resolve, as for `file:` lists: collapsed by hand it would climb out of a
        // symlinked directory to another place than the one the system reaches.
        let policy = parsed.resolvingBreachCorpusPaths {
            $0.hasPrefix("/") ? $0 : (directory as NSString).appendingPathComponent($0)
        }
        do {
            try PolicyCompiler.openCorpora(of: policy)
        } catch {
            throw .unreadableCorpus(policy: path, error: error)
        }
        do {
            return try policy.loadingFileLists { reference in
                let listPath =
                    reference.hasPrefix("/")
                    ? reference : (directory as NSString).appendingPathComponent(reference)
                let bytes = try listText(at: listPath, policy: path)
                let sha256 = SHA256.hexDigest(bytes)
                // Held compactly, once per process; stored by reference (the store keeps each list's entries once).
                let entries = WordListCache.shared.entries(sha256: sha256) {
                    bytes.withUnsafeBufferPointer { BlocklistEntries(text: $0) }
                }
                return BlocklistFile(name: reference, sha256: sha256, entries: entries!)
            }
        } catch let error as PolicyFileError {
            throw error
        } catch {
            throw .unreadable(path: path)
        }
    }

    /// The most text a `file:` list may hold, decompressed: 1 GiB, seven times rockyou.txt. Beyond it a list is a
    /// gzip bomb or a breach corpus (which `hibp:` searches in place instead of loading).
    package static let listByteLimit = 1 << 30

    /// The text of the `file:` list at `listPath`, at most ``listByteLimit`` bytes of it. A gzip file (known by its
    /// first bytes, whatever its name) is decompressed, and its SHA-256 is the decompressed text's, so a list names
    /// the same content compressed or not; a leading UTF-8 byte order mark is dropped, as from a CSV.
    /// - Throws: `PolicyFileError.missingList`, `.unreadableList` (also for anything but a regular file: a FIFO would
    ///   block, a device never end), `.invalidList` (damaged gzip, not UTF-8), `.listTooLarge`.
    private static func listText(at listPath: String, policy: String) throws(PolicyFileError) -> [UInt8] {
        let file: RegularFile
        do {
            file = try RegularFile(path: listPath)
        } catch .missing {
            throw .missingList(policy: policy, list: listPath)
        } catch .unreadable(let reason) {
            throw .unreadableList(policy: policy, list: listPath, reason: reason)
        } catch {
            throw .unreadableList(policy: policy, list: listPath, reason: "not a regular file")
        }
        defer { close(file.descriptor) }
        var bytes: [UInt8]
        switch readWhole(file, limit: listByteLimit) {
        case .bytes(let read): bytes = read
        case .tooLarge: throw .listTooLarge(policy: policy, list: listPath)
        case .failed(let reason): throw .unreadableList(policy: policy, list: listPath, reason: reason)
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            do {
                bytes = try GzipDecoder.decompress(bytes, limit: listByteLimit)
            } catch .exceedsLimit {
                throw .listTooLarge(policy: policy, list: listPath)
            } catch {
                throw .invalidList(policy: policy, list: listPath, reason: "is damaged or cut-short gzip")
            }
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            var line = 1
            for part in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if String(validating: part, as: UTF8.self) == nil { break }
                line += 1
            }
            throw .invalidList(policy: policy, list: listPath, reason: "line \(line) is not UTF-8 text")
        }
        return bytes
    }
}
