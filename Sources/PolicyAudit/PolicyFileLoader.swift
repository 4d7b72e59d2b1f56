import AuditCrypto
import BreachCorpus
import Foundation
import PasswordPolicy

/// Reads a policy file from disk and loads its `file:` blocklists, read relative to the policy file, into the
/// policy (each kept by name, SHA-256 and entries: see `BlocklistFile`).
package enum PolicyFileLoader {
    /// The bytes of the file at `path` (absolute).
    /// - Throws: `PolicyFileError.missing` when nothing is there, `.unreadable` when it cannot be read.
    package static func contents(of path: String) throws(PolicyFileError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileManager.default.fileExists(atPath: path) ? .unreadable(path: path) : .missing(path: path)
        }
        return data
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
        let policy = parsed.resolvingBreachCorpusPaths {
            $0.hasPrefix("/") ? $0 : ((directory as NSString).appendingPathComponent($0) as NSString).standardizingPath
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

    /// The text of the `file:` list at `listPath`: a `.gz` list is decompressed (zlib), and its SHA-256 is the
    /// decompressed text's, so a list names the same content compressed or not.
    /// - Throws: `PolicyFileError.unreadableBlocklist` when it cannot be read or is not UTF-8 (or not gzip), and
    ///   `.blocklistTooLarge` past ``listByteLimit``.
    private static func listText(at listPath: String, policy: String) throws(PolicyFileError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: listPath)[.size] as? Int) ?? 0
        guard size <= listByteLimit else { throw .blocklistTooLarge(policy: policy, list: listPath) }
        guard let data = FileManager.default.contents(atPath: listPath) else {
            throw .unreadableBlocklist(policy: policy, list: listPath)
        }
        var bytes = [UInt8](data)
        if listPath.hasSuffix(".gz") {
            do {
                bytes = try GzipDecoder.decompress(bytes, limit: listByteLimit)
            } catch .exceedsLimit {
                throw .blocklistTooLarge(policy: policy, list: listPath)
            } catch {
                throw .unreadableBlocklist(policy: policy, list: listPath)
            }
        }
        guard bytes.count <= listByteLimit else { throw .blocklistTooLarge(policy: policy, list: listPath) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .unreadableBlocklist(policy: policy, list: listPath)
        }
        return bytes
    }
}
