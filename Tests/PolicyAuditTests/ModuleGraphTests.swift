import Foundation
import PwauditTestSupport
import Testing

/// The module graph of `Sources/`, read from the files' `import` lines, is the one `docs/architecture.md` draws.
@Suite struct ModuleGraphTests {
    /// What every module may import without the table saying so.
    private static let platform: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin"]

    /// Module → the modules its files import.
    private static func importedModules() throws -> [String: Set<String>] {
        let sources = URL(fileURLWithPath: SourceTree.path("Sources"))
        var graph: [String: Set<String>] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let directory = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            var imports: Set<String> = []
            for case let file as String in files where file.hasSuffix(".swift") {
                imports.formUnion(try Self.imports(in: directory.appendingPathComponent(file)))
            }
            graph[module] = imports.subtracting(platform)
        }
        // System-library targets (CSQLite, CCrypto) have a module map and no Swift.
        return graph.filter { module, _ in
            let map = sources.appendingPathComponent(module).appendingPathComponent("module.modulemap")
            return !FileManager.default.fileExists(atPath: map.path)
        }
    }

    private static func imports(in file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") })
            else { return nil }
            return words.count > index + 1 ? String(words[index + 1]) : nil
        }
    }

    /// The table between `<!-- module-graph -->` markers in docs/architecture.md.
    private static func documentedModules() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: SourceTree.path("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- module-graph -->"))
        let end = try #require(text.range(of: "<!-- /module-graph -->"))
        var graph: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3, cells[1] != "module" else { continue }
            graph[cells[1]] = Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return graph
    }

    @Test func importLinesMatchTheDocumentedGraph() throws {
        let actual = try Self.importedModules()
        let documented = try Self.documentedModules()
        #expect(Set(actual.keys) == Set(documented.keys), "the table lists every module of Sources/")
        for (module, imports) in actual.sorted(by: { $0.key < $1.key }) {
            #expect(imports == documented[module], "\(module)'s imports")
        }
    }

    @Test func theGraphHasNoCycle() throws {
        let graph = try Self.importedModules()
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        func visit(_ module: String, path: [String]) {
            if state[module] == true { return }
            if state[module] == false {
                Issue.record("import cycle: \((path + [module]).joined(separator: " → "))")
                return
            }
            state[module] = false
            for next in graph[module, default: []].sorted() { visit(next, path: path + [module]) }
            state[module] = true
        }
        for module in graph.keys.sorted() { visit(module, path: []) }
    }

    /// The store modules: each implements AuditRepositories' protocols over one database engine.
    private static let storeModules: Set<String> = ["PolicyStore", "PostgresStore"]

    @Test(
        "neither the use cases nor the CLI import a store module: PolicyAudit and PolicyAuditCLI see AuditRepositories")
    func useCasesAndCLIImportNoStoreModule() throws {
        let graph = try Self.importedModules()
        for module in ["PolicyAudit", "PolicyAuditCLI"] {
            let imports = try #require(graph[module], "\(module) is a module of Sources/")
            #expect(
                imports.isDisjoint(with: Self.storeModules),
                "\(module) imports \(imports.intersection(Self.storeModules))")
            #expect(imports.contains("AuditRepositories"), "\(module) reaches the store through AuditRepositories")
        }
    }

    @Test("only the composition names a store module: AuditStores and the pwaudit executable")
    func onlyTheCompositionImportsAStoreModule() throws {
        let graph = try Self.importedModules()
        let importers = Set(graph.filter { !$0.value.isDisjoint(with: Self.storeModules) }.keys)
        #expect(importers.isSubset(of: ["AuditStores", "pwaudit"]), "\(importers.sorted()) import a store module")
        #expect(importers.contains("AuditStores"), "AuditStores composes the stores")
        #expect(graph["pwaudit"]?.contains("AuditStores") == true, "the executable hands the CLI its stores")
    }

    @Test("the store boundary declares nothing of SQLite or libpq: AuditRepositories imports neither")
    func theBoundaryNamesNoDatabaseEngine() throws {
        let graph = try Self.importedModules()
        let imports = try #require(graph["AuditRepositories"])
        #expect(imports.isDisjoint(with: Self.storeModules.union(["CSQLite", "CLibPQ"])))
    }

    @Test("the engine, the matcher and the estimator stay Foundation-only")
    func engineImportsNoStore() throws {
        let graph = try Self.importedModules()
        #expect(
            graph["PasswordPolicy"] == ["PasswordStrength", "PolicyPattern"],
            "the engine imports Foundation, the estimator and the matcher only")
        #expect(graph["PolicyPattern"] == [], "the matcher imports Foundation only")
        #expect(graph["PasswordStrength"] == [], "the estimator imports Foundation only")
    }
}
