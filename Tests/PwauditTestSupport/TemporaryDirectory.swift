import Foundation

/// A unique temporary directory per test, removed with everything in it when the value is deinitialised.
package final class TemporaryDirectory: @unchecked Sendable {  // immutable after init
    /// The directory.
    package let url: URL

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    package init(prefix: String = "pwaudit-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `name` inside the directory.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }
}
