import Foundation

/// Runs a Markdown page's `sh` blocks in order, as a reader pasting them would, and says where the page and what the
/// binary prints part ways.
///
/// Every block of one page runs in one fresh working directory (holding links to the checkout's `examples` and
/// `docs`, as the tour runs from a checkout), by `bash` with standard input empty, `pwaudit` on `PATH` being the
/// binary under test (`swift run -c release pwaudit` is mapped to it), `HOME` and `TMPDIR` inside the test's
/// directory and no `PWAUDIT_*` variable. Each command's exit status is checked against the block's mark
/// (`DocsShellBlock`), and each line the page quotes after a block must be among the lines it printed, in order on
/// stdout and on stderr, `…` standing for any text.
package struct DocsTour {
    /// What one page's run found.
    package struct Outcome: Sendable {
        /// The blocks run.
        package var ran = 0
        /// The blocks not run (marked `skip:`), with their reasons.
        package var skipped: [String] = []
        /// Each disagreement between the page and the run, naming the block's line.
        package var problems: [String] = []
        /// Seconds each block run took, by the block's line.
        package var seconds: [(line: Int, seconds: Double)] = []
    }

    /// The `pwaudit` executable the blocks run.
    package let binary: String
    /// The checkout whose `examples` and `docs` the working directory links to.
    package let checkout: URL
    /// Seconds a block may take before it is stopped and counted as a problem.
    package var timeout: TimeInterval = 600

    /// A tour of `binary`, from `checkout`.
    package init(binary: String, checkout: URL = SourceTree.root) {
        self.binary = binary
        self.checkout = checkout
    }

    /// Runs every `sh` block of `page` in order and reports what disagreed.
    /// - Throws: `DocsShellBlock.MarkError` for a malformed mark, or when the directory cannot be set up.
    package func run(page: String) throws -> Outcome {
        let blocks = try DocsShellBlock.blocks(in: page)
        let root = try TemporaryDirectory(prefix: "pwaudit-docs")
        let work = root.path("work")
        for directory in ["work", "bin", "home", "tmp", "scripts"] {
            try FileManager.default.createDirectory(atPath: root.path(directory), withIntermediateDirectories: true)
        }
        for name in ["examples", "docs"] {
            try FileManager.default.createSymbolicLink(
                atPath: "\(work)/\(name)", withDestinationPath: checkout.appendingPathComponent(name).path)
        }
        try FileManager.default.createSymbolicLink(atPath: root.path("bin/pwaudit"), withDestinationPath: binary)
        let environment = [
            "PATH": "\(root.path("bin")):/usr/local/bin:/usr/bin:/bin", "HOME": root.path("home"),
            "TMPDIR": root.path("tmp"), "LANG": "C.UTF-8", "TERM": "dumb",
        ]
        var outcome = Outcome()
        for (number, block) in blocks.enumerated() {
            if let reason = block.skipReason {
                outcome.skipped.append("line \(block.line): \(reason)")
                continue
            }
            outcome.ran += 1
            let started = Date()
            let scriptPath = root.path("scripts/block-\(number).sh")
            let statusPath = root.path("scripts/block-\(number).status")
            let outputPath = root.path("scripts/block-\(number).out")
            let errorPath = root.path("scripts/block-\(number).err")
            try Self.script(of: block, statusPath: statusPath).write(
                toFile: scriptPath, atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: statusPath, contents: nil)
            _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["--norc", "--noprofile", scriptPath]
            process.currentDirectoryURL = URL(fileURLWithPath: work)
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            let streams = [outputPath, errorPath].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
            let printed = streams.joined()
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                outcome.problems.append("block at line \(block.line): still running after \(Int(timeout)) s")
                continue
            }
            try? output.close()
            try? error.close()
            outcome.seconds.append((block.line, Date().timeIntervalSince(started)))
            let statuses = try String(contentsOfFile: statusPath, encoding: .utf8)
            outcome.problems += Self.statusProblems(block, recorded: statuses, printed: printed)
            outcome.problems += Self.quoteProblems(block, out: streams[0], err: streams[1])
        }
        return outcome
    }

    /// The bash script of `block`: an `ERR` trap that appends `LINE STATUS` of every failing command to `statusPath`
    /// (the trap is line 1, so a block's line N is the script's N + 1), then the block with skipped lines as `:`.
    static func script(of block: DocsShellBlock, statusPath: String) -> String {
        let trap =
            "trap 'docs_test_status=$?; printf \"%d %d\\n\" \"$LINENO\" \"$docs_test_status\" >> \(statusPath)' ERR"
        let lines = block.lines.enumerated().map { index, line in
            block.skippedLines[index + 1] == nil
                ? line.replacingOccurrences(of: "swift run -c release pwaudit", with: "pwaudit") : ":"
        }
        return ([trap] + lines).joined(separator: "\n") + "\n"
    }

    /// What the recorded failures (`LINE STATUS` lines) say against the block's mark.
    static func statusProblems(_ block: DocsShellBlock, recorded: String, printed: String) -> [String] {
        let failures: [(line: Int, status: Int32)] = recorded.split(separator: "\n").compactMap { entry in
            let words = entry.split(separator: " ")
            guard words.count == 2, let line = Int(words[0]), let status = Int32(words[1]) else { return nil }
            return (line - 1, status)
        }
        let heading = "block at line \(block.line)"
        let tail =
            printed.isEmpty ? "" : "; it printed:\n\(printed.split(separator: "\n").suffix(15).joined(separator: "\n"))"
        var problems: [String] = []
        var expected = block.failures
        if let anyLine = expected.removeValue(forKey: nil) {
            let unlisted = failures.filter { expected[$0.line] == nil }
            if unlisted.count != 1 || unlisted[0].status != anyLine {
                let seen = unlisted.map { "line \($0.line) exited \($0.status)" }.joined(separator: ", ")
                problems.append(
                    "\(heading): expected one command to exit \(anyLine), saw \(seen.isEmpty ? "none" : seen)")
            }
        } else {
            for failure in failures where expected[failure.line] == nil {
                let text = block.lines.indices.contains(failure.line - 1) ? block.lines[failure.line - 1] : "?"
                problems.append("\(heading): line \(failure.line) `\(text)` exited \(failure.status)\(tail)")
            }
        }
        for (line, status) in expected.sorted(by: { ($0.key ?? 0) < ($1.key ?? 0) }) {
            guard let line else { continue }
            let seen = failures.filter { $0.line == line }.map(\.status)
            if seen != [status] {
                let what = seen.isEmpty ? "0" : seen.map(String.init).joined(separator: ", ")
                problems.append("\(heading): line \(line) was to exit \(status), exited \(what)\(tail)")
            }
        }
        return problems
    }

    /// The quoted lines not found among the printed ones (`…` standing for any text), in order within each stream: a
    /// quoted line is looked for after the last one found in stdout, then after the last one found in stderr (their
    /// interleaving on a terminal depends on buffering).
    static func quoteProblems(_ block: DocsShellBlock, out: String, err: String) -> [String] {
        var streams = [out, err].map { $0.split(separator: "\n", omittingEmptySubsequences: false)[...] }
        for quoted in block.quoted where !quoted.isEmpty {
            guard
                let stream = streams.indices.first(where: { streams[$0].contains { matches(String($0), quoted) } }),
                let found = streams[stream].firstIndex(where: { matches(String($0), quoted) })
            else {
                return [
                    "block at line \(block.line): its quoted line `\(quoted)` is not printed; it printed:\n\(out)\(err)"
                ]
            }
            streams[stream] = streams[stream][(found + 1)...]
        }
        return []
    }

    /// Whether `line` is `pattern`, each `…` of which stands for any text.
    static func matches(_ line: String, _ pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return line == pattern }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }
}
