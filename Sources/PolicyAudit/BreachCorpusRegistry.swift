import BreachCorpus
import Foundation
import PasswordPolicy

/// The breach corpora this process has opened, one `HIBPCorpus` per path and format, shared by every policy and
/// scoring thread that names it (a mapping costs nothing to keep; the file is opened once).
final class BreachCorpusRegistry: @unchecked Sendable {  // `corpora` only under `lock`
    /// The process's registry.
    static let shared = BreachCorpusRegistry()

    private let lock = NSLock()
    private var corpora: [BreachCorpusReference: HIBPCorpus] = [:]

    /// The opened corpus `reference` names, opening it the first time.
    /// - Throws: `CorpusError` when it cannot be opened.
    func corpus(_ reference: BreachCorpusReference) throws(CorpusError) -> HIBPCorpus {
        lock.lock()
        defer { lock.unlock() }
        if let open = corpora[reference] { return open }
        let opened = try HIBPCorpus(path: reference.path, format: reference.format)
        corpora[reference] = opened
        return opened
    }

    /// The corpora of `references` opened so far, for their faults.
    func opened(_ references: [BreachCorpusReference]) -> [HIBPCorpus] {
        lock.lock()
        defer { lock.unlock() }
        return references.compactMap { corpora[$0] }
    }
}
