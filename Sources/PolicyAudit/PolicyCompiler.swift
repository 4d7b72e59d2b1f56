import BreachCorpus
import PasswordPolicy

/// Compiles policies for evaluation with what the engine cannot open itself: the breach corpora their `blocklist`
/// rules name (`hibp:`, `hibp-ntlm:`), memory-mapped once per process (`BreachCorpusRegistry`).
package enum PolicyCompiler {
    /// `policy` compiled, its corpora opened.
    /// - Throws: `CorpusError` for a corpus that cannot be opened, `PolicyError` as `CompiledPolicy.init`.
    package static func compile(_ policy: PasswordPolicy) throws -> CompiledPolicy {
        var sources: [BreachCorpusReference: any BlocklistSource] = [:]
        for reference in policy.breachCorpusReferences {
            sources[reference] = try BreachCorpusRegistry.shared.corpus(reference)
        }
        return try CompiledPolicy(policy, sources: sources)
    }

    /// The corpus `reference` names, opened once per process and shared with the policies that name it.
    /// - Throws: `CorpusError` when it cannot be opened.
    package static func corpus(_ reference: BreachCorpusReference) throws(CorpusError) -> HIBPCorpus {
        try BreachCorpusRegistry.shared.corpus(reference)
    }

    /// Opens the corpora `policy` names, so that a bad path or file is reported before anything is stored.
    /// - Throws: `CorpusError` for the first that cannot be opened.
    package static func openCorpora(of policy: PasswordPolicy) throws(CorpusError) {
        for reference in policy.breachCorpusReferences { _ = try BreachCorpusRegistry.shared.corpus(reference) }
    }

    /// Throws the first fault a lookup met in a corpus the policies name (a malformed or unsorted line): call once
    /// evaluation is over, before trusting or storing its results.
    /// - Throws: `CorpusError.malformed` or `.unsorted`.
    package static func checkCorpora(of policies: [PasswordPolicy]) throws(CorpusError) {
        let references = policies.flatMap(\.breachCorpusReferences)
        for corpus in BreachCorpusRegistry.shared.opened(references) {
            if let fault = corpus.fault { throw fault }
        }
    }
}
