import Foundation

/// One fenced `sh` block of a Markdown page, as the docs test runs it: its lines, the `docs-test` mark before it and
/// the output block the page quotes right after it.
///
/// A mark is an HTML comment on the last non-blank line before the fence, one or more clauses separated by `;`:
/// `<!-- docs-test: exit 65 -->` (one command of the block fails, with 65; every other succeeds),
/// `<!-- docs-test: exit 65 on lines 2, 3 -->` (those lines' commands fail with 65, every other succeeds),
/// `<!-- docs-test: skip line 2: REASON -->` (that line is not run) and `<!-- docs-test: skip: REASON -->` (the block is
/// not run; the reason is the rest of the comment). An unmarked block's commands must all succeed.
package struct DocsShellBlock: Equatable, Sendable {
    /// The fence's line in the page, from 1.
    package let line: Int
    /// The block's lines.
    package let lines: [String]
    /// Why the whole block is not run, or nil when it runs.
    package private(set) var skipReason: String?
    /// The lines (from 1, in the block) not run, with why.
    package private(set) var skippedLines: [Int: String]
    /// The status each failing command's line exits with (from 1, in the block); nil line: some one line.
    package private(set) var failures: [Int?: Int32]
    /// The output lines the page quotes after the block (`…` stands for any text); empty when it quotes none.
    package let quoted: [String]

    /// How many marks the block carries that keep something from running (a skipped block or line).
    package var skipMarks: Int { (skipReason == nil ? 0 : 1) + skippedLines.count }

    /// What a page's blocks could not be read as: a mark that is not one, one that stands before no `sh` block, or an
    /// indented `sh` fence (which the tour would pass over).
    package struct MarkError: Error, CustomStringConvertible {
        /// The page's line of the mark.
        package let line: Int
        /// What is wrong.
        package let reason: String

        package var description: String { "line \(line): \(reason)" }
    }

    /// Every fenced `sh` block of `page`, in order.
    /// - Throws: `MarkError` for a malformed mark or one not followed by an `sh` fence.
    package static func blocks(in page: String) throws -> [DocsShellBlock] {
        let lines = page.components(separatedBy: "\n")
        var blocks: [DocsShellBlock] = []
        var index = 0
        var pendingMark: (line: Int, text: String)?
        while index < lines.count {
            let line = lines[index]
            if let mark = markText(line) {
                pendingMark = (index + 1, mark)
                index += 1
                continue
            }
            guard line.hasPrefix("```") else {
                if line.trimmingCharacters(in: .whitespaces) == "```sh" {
                    throw MarkError(line: index + 1, reason: "an indented ```sh block would not be run: unindent it")
                }
                if let mark = pendingMark, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw MarkError(line: mark.line, reason: "a docs-test mark stands before no ```sh block")
                }
                index += 1
                continue
            }
            let language = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let body = fencedBody(lines, after: index)
            if language == "sh" {
                var block = DocsShellBlock(
                    line: index + 1, lines: body, skipReason: nil, skippedLines: [:], failures: [:],
                    quoted: quotedOutput(lines, after: index + body.count + 1))
                if let mark = pendingMark { try block.read(mark: mark.text, at: mark.line) }
                blocks.append(block)
            } else if let mark = pendingMark {
                throw MarkError(line: mark.line, reason: "a docs-test mark stands before a ```\(language) block")
            }
            pendingMark = nil
            index += body.count + 2
        }
        if let mark = pendingMark { throw MarkError(line: mark.line, reason: "a docs-test mark ends the page") }
        return blocks
    }

    /// The clauses of a `<!-- docs-test: … -->` line, or nil for any other line.
    private static func markText(_ line: String) -> String? {
        guard let match = line.wholeMatch(of: #/\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*/#) else { return nil }
        return String(match.output.1)
    }

    /// The lines between the fence at `index` and its closing fence (or the page's end).
    private static func fencedBody(_ lines: [String], after index: Int) -> [String] {
        var body: [String] = []
        for line in lines[(index + 1)...] {
            if line.hasPrefix("```") { break }
            body.append(line)
        }
        return body
    }

    /// The lines of a plain or `text` fenced block that follows the closing fence at `index` after blank lines only.
    private static func quotedOutput(_ lines: [String], after index: Int) -> [String] {
        var next = index + 1
        while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
        guard next < lines.count, lines[next] == "```" || lines[next] == "```text" else { return [] }
        return fencedBody(lines, after: next)
    }

    /// Applies the clauses of a mark found at page line `line`.
    private mutating func read(mark: String, at line: Int) throws {
        var rest = Substring(mark)
        while !rest.isEmpty {
            if let match = rest.prefixMatch(of: #/skip:\s*(.+)/#) {
                skipReason = String(match.output.1)
                return
            }
            let clause: Substring
            if let end = rest.firstIndex(of: ";") {
                clause = rest[..<end]
                rest = rest[rest.index(after: end)...].drop { $0 == " " }
            } else {
                clause = rest
                rest = ""
            }
            if let match = clause.wholeMatch(of: #/skip line (\d+):\s*(.+)/#), let number = Int(match.output.1) {
                guard lines.indices.contains(number - 1) else {
                    throw MarkError(line: line, reason: "skip line \(number): the block has \(lines.count) lines")
                }
                skippedLines[number] = String(match.output.2)
            } else if let match = clause.wholeMatch(of: #/exit (\d+)(?: on lines? ([\d, ]+))?/#),
                let status = Int32(match.output.1)
            {
                let numbers = match.output.2.map { $0.split(separator: ",").compactMap { Int($0.trimmed) } }
                for number in numbers ?? [] {
                    guard lines.indices.contains(number - 1) else {
                        throw MarkError(
                            line: line, reason: "exit on line \(number): the block has \(lines.count) lines")
                    }
                    failures[number] = status
                }
                if numbers == nil { failures[nil] = status }
            } else {
                throw MarkError(
                    line: line,
                    reason:
                        "'\(clause)' is no docs-test clause (exit N, exit N on lines A, B, skip line N: WHY, skip: WHY)"
                )
            }
        }
    }
}

extension Substring {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
