import Foundation
import PasswordPolicy
import PwauditTestSupport

@testable import PolicyAudit

/// A workspace in a fresh temporary directory holding one policy, `p` (length ≥ 8); the directory goes with it.
final class ScratchWorkspace {
    private let temporary: TemporaryDirectory
    let workspace: AuditWorkspace

    /// The directory.
    var directory: URL { temporary.url }

    init() throws {
        temporary = try TemporaryDirectory()
        workspace = try AuditWorkspace.initialize(AuditLocation(databasePath: temporary.path("a.db"))).workspace
        let policy = try PasswordPolicy(json: Data(#"{"name":"p","rules":[{"rule":"length","min":8}]}"#.utf8))
        _ = try PolicyLibrary(workspace: workspace).add(policy, effectiveFrom: "2026-01-01T00:00:00Z", note: nil)
    }

    /// Writes `text` to `name` in the directory and returns its path.
    func write(_ name: String, _ text: String) throws -> String { try temporary.write(name, text) }
}
