import Foundation
import PasswordPolicy

@testable import PolicyAudit

/// A workspace in a fresh temporary directory holding one policy, `p` (length ≥ 8); the directory goes with it.
final class ScratchWorkspace {
    let directory: URL
    let workspace: AuditWorkspace

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pwaudit-test-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        workspace = try AuditWorkspace.initialize(
            AuditLocation(databasePath: directory.appendingPathComponent("a.db").path)
        ).workspace
        let policy = try PasswordPolicy(json: Data(#"{"name":"p","rules":[{"rule":"length","min":8}]}"#.utf8))
        _ = try PolicyLibrary(workspace: workspace).add(policy, effectiveFrom: "2026-01-01T00:00:00Z", note: nil)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `text` to `name` in the directory and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
