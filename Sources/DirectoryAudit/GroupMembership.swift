import Foundation

/// The privileged groups of a directory audit and their members, from `--groups`: a file of `GROUP:user` lines, or a
/// directory of files named after their group (`Domain Admins.txt`), one member per line.
///
/// Members are matched by account name without regard to case or to a `DOMAIN\` prefix, as Active Directory
/// compares sAMAccountNames. Blank lines and lines starting with `#` are skipped.
package struct GroupMembership: Sendable, Equatable {
    /// Each member's groups, keyed by the lowercased account name without its domain.
    private var groupsByMember: [String: Set<String>] = [:]
    /// The groups read, sorted.
    package private(set) var groups: [String] = []
    /// Lines that could not be read (a `GROUP:user` file's line without a colon).
    package private(set) var malformed: [MalformedLine] = []

    /// No privileged group.
    package init() {}

    /// Reads each path: a directory's regular files as one group each, a file as `GROUP:user` lines.
    /// - Throws: `DirectoryAuditError.cannotReadGroups`.
    package init(paths: [String]) throws(DirectoryAuditError) {
        self.init()
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .cannotReadGroups(path: path, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                } catch {
                    throw .cannotReadGroups(path: path, reason: DirectoryAuditError.reason(error))
                }
                for name in names where !name.hasPrefix(".") {
                    let file = (path as NSString).appendingPathComponent(name)
                    var isSubdirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: file, isDirectory: &isSubdirectory),
                        !isSubdirectory.boolValue
                    else { continue }
                    let group = (name as NSString).deletingPathExtension
                    for (_, member) in try Self.lines(of: file) { add(String(member), to: group, seen: &seen) }
                }
            } else {
                for (number, line) in try Self.lines(of: path) {
                    guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                        malformed.append(
                            MalformedLine(
                                file: (path as NSString).lastPathComponent, line: number, reason: "not GROUP:user"))
                        continue
                    }
                    add(String(line[line.index(after: colon)...]), to: String(line[..<colon]), seen: &seen)
                }
            }
        }
        groups = seen.sorted()
    }

    /// Members given as `(group, member)` pairs (tests).
    package init(members: [(group: String, member: String)]) {
        self.init()
        var seen = Set<String>()
        for (group, member) in members { add(member, to: group, seen: &seen) }
        groups = seen.sorted()
    }

    /// The privileged groups `username` (with or without `DOMAIN\`) belongs to, sorted.
    package func groups(of username: String) -> [String] {
        groupsByMember[Self.key(username)].map { $0.sorted() } ?? []
    }

    /// Whether any group is known.
    package var isEmpty: Bool { groups.isEmpty }

    private mutating func add(_ member: String, to group: String, seen: inout Set<String>) {
        let group = group.trimmingCharacters(in: .whitespaces)
        let key = Self.key(member)
        guard !group.isEmpty, !key.isEmpty else { return }
        seen.insert(group)
        groupsByMember[key, default: []].insert(group)
    }

    /// The lowercased account name without its domain.
    static func key(_ name: String) -> String {
        ExtractParser.split(name.trimmingCharacters(in: .whitespaces)).username.lowercased()
    }

    /// The file's lines, numbered from 1, without blank and `#` lines.
    private static func lines(of path: String) throws(DirectoryAuditError) -> [(Int, Substring)] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .cannotReadGroups(path: path, reason: DirectoryAuditError.reason(error))
        }
        // "\r\n" is one Character in Swift: split at it as well as at "\n".
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        return lines.enumerated().compactMap {
            let line = $0.element
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : ($0.offset + 1, line)
        }
    }
}
