import AuditCrypto
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

    /// Loads and validates the policy at `path` (absolute).
    /// - Throws: `PolicyFileError` naming the file and, for a bad definition, the key at fault.
    package static func load(path: String) throws(PolicyFileError) -> PasswordPolicy {
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
                // A `.gz` list is decompressed (zlib); its SHA-256 is the decompressed text's, so a list names the
                // same content compressed or not.
                guard let data = FileManager.default.contents(atPath: listPath),
                    let bytes = listPath.hasSuffix(".gz") ? GzipDecoder.decompress([UInt8](data)) : [UInt8](data),
                    String(bytes: bytes, encoding: .utf8) != nil
                else { throw PolicyFileError.unreadableBlocklist(policy: path, list: listPath) }
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
}
