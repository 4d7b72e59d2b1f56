import Foundation
import PasswordPolicy

/// The large word lists this process holds, one `BlocklistEntries` per SHA-256: a list named by several policy
/// versions (or loaded from a file and from the store) is parsed once and its lookup tables built once, shared by
/// every scoring thread.
final class WordListCache: @unchecked Sendable {  // `lists` only under `lock`
    /// The process's cache.
    static let shared = WordListCache()

    private let lock = NSLock()
    private var lists: [String: BlocklistEntries] = [:]

    /// The entries of the list whose SHA-256 is `sha256`, made by `make` the first time.
    func entries(sha256: String, _ make: () throws -> BlocklistEntries?) rethrows -> BlocklistEntries? {
        lock.lock()
        defer { lock.unlock() }
        if let held = lists[sha256] { return held }
        guard let made = try make() else { return nil }
        lists[sha256] = made
        return made
    }
}
