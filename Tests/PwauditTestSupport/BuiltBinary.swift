import Foundation

/// The built `pwaudit` executable, found beside the test bundle (same configuration), else in `<repo>/.build`.
package enum BuiltBinary {
    /// Its location, or nil when it has not been built.
    package static let url: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("pwaudit"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("pwaudit"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("pwaudit"))
        for configuration in ["debug", "release"] {
            candidates.append(SourceTree.root.appendingPathComponent(".build/\(configuration)/pwaudit"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
