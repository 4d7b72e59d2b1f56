import Foundation
import PwauditTestSupport
import Testing

/// Issue 25, item 1: the README's and docs/*.md's shell examples, run in order as pasted, with the built binary,
/// exit as the pages say and print the lines the pages quote.
@Suite("Docs that run")
struct DocsTourTests {
    /// The pages with `sh` blocks: the README and every page of docs/.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: SourceTree.path("docs"))) ?? []
        return ["README.md"]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }.filter { page in
                let text = (try? String(contentsOfFile: SourceTree.path(page), encoding: .utf8)) ?? ""
                return text.contains("\n```sh\n")
            }
    }()

    /// The most marks, over all pages, that keep a block or a line from running: they stay few.
    static let mostSkipMarks = 11

    /// The binary the pages run: `PWAUDIT_DOCS_BINARY` (a release build, say), else the one `swift test` built.
    static let binary = ProcessInfo.processInfo.environment["PWAUDIT_DOCS_BINARY"] ?? BuiltBinary.url?.path

    @Test("every sh block of the page runs, in order, with the exits and output the page says", arguments: pages)
    func pageRuns(_ page: String) throws {
        let binary = try #require(Self.binary, "no built pwaudit executable")
        let text = try String(contentsOfFile: SourceTree.path(page), encoding: .utf8)
        let outcome = try DocsTour(binary: binary).run(page: text)
        #expect(outcome.ran + outcome.skipped.count > 0, "\(page) has no sh block")
        for problem in outcome.problems { Issue.record("\(page), \(problem)") }
        let slowest = outcome.seconds.max { $0.seconds < $1.seconds }
        print("docs test: \(page): \(outcome.ran) blocks run, \(outcome.skipped.count) skipped", terminator: "")
        print(slowest.map { String(format: ", slowest line %d %.1f s", $0.line, $0.seconds) } ?? "")
    }

    @Test("the pages are the README and four docs pages, and their skip marks are few")
    func marksAreFew() throws {
        #expect(Self.pages.contains("README.md") && Self.pages.count >= 5, "\(Self.pages)")
        var marks: [String] = []
        for page in Self.pages {
            let text = try String(contentsOfFile: SourceTree.path(page), encoding: .utf8)
            for block in try DocsShellBlock.blocks(in: text) {
                if let reason = block.skipReason { marks.append("\(page):\(block.line): \(reason)") }
                for (line, reason) in block.skippedLines { marks.append("\(page):\(block.line)+\(line): \(reason)") }
            }
        }
        #expect(marks.count <= Self.mostSkipMarks, "\(marks.count) skip marks:\n\(marks.joined(separator: "\n"))")
    }

    @Test("a page's broken example fails the tour: a wrong exit, a missing quoted line, a wrong mark")
    func brokenExamplesFail() throws {
        let binary = try #require(BuiltBinary.url?.path, "no built pwaudit executable")
        let page = """
            ```sh
            pwaudit init --db audit.db
            pwaudit policy show nosuch --db audit.db
            ```

            <!-- docs-test: exit 1 -->
            ```sh
            printf 'Password1!\\n' | pwaudit check --policy examples/seed.json
            ```

            ```
            {"line":1,"unlocksReset":false,…}
            ```

            <!-- docs-test: exit 65 on line 2 -->
            ```sh
            printf 'short\\n' | pwaudit check --policy examples/seed.json
            true
            ```

            <!-- docs-test: skip: not run -->
            ```sh
            false
            ```
            """
        let outcome = try DocsTour(binary: binary).run(page: page)
        #expect(outcome.ran == 3 && outcome.skipped == ["line 22: not run"])
        let problems = outcome.problems.map { $0.prefix { $0 != ";" } }
        #expect(
            problems == [
                "block at line 1: line 2 `pwaudit policy show nosuch --db audit.db` exited 66",
                "block at line 7: expected one command to exit 1, saw none",
                "block at line 7: its quoted line `{\"line\":1,\"unlocksReset\":false,…}` is not printed",
                "block at line 16: line 1 `printf 'short\\n' | pwaudit check --policy examples/seed.json` exited 1",
                "block at line 16: line 2 was to exit 65, exited 0",
            ], "\(outcome.problems)")
    }

    @Test("marks are read as documented, and a mark before no sh block is refused")
    func marksParse() throws {
        let blocks = try DocsShellBlock.blocks(
            in: """
                <!-- docs-test: exit 65 on lines 2, 3; skip line 1: builds -->
                ```sh
                swift build
                a
                b
                ```
                text

                ```
                not quoted: prose stands between
                ```
                """)
        #expect(blocks.count == 1)
        #expect(blocks[0].failures == [2: 65, 3: 65] && blocks[0].skippedLines == [1: "builds"])
        #expect(blocks[0].quoted.isEmpty && blocks[0].skipMarks == 1)
        #expect(throws: DocsShellBlock.MarkError.self) {
            try DocsShellBlock.blocks(in: "<!-- docs-test: exit 1 -->\n```json\n{}\n```\n")
        }
        #expect(throws: DocsShellBlock.MarkError.self) {
            try DocsShellBlock.blocks(in: "<!-- docs-test: exits 1 -->\n```sh\ntrue\n```\n")
        }
        #expect(throws: DocsShellBlock.MarkError.self) {
            try DocsShellBlock.blocks(in: "- a list item:\n\n  ```sh\n  true\n  ```\n")
        }
    }
}
