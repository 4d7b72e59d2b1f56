import Foundation
import Testing

/// The system's `gzip`, for tests of `.gz` word lists.
package enum SystemGzip {
    /// Writes `path`.gz beside `path`, keeping `path`; returns the compressed file's path.
    @discardableResult
    package static func compress(_ path: String) throws -> String {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", "-f", path]
        try gzip.run()
        gzip.waitUntilExit()
        try #require(gzip.terminationStatus == 0, "gzip \(path) failed")
        return path + ".gz"
    }
}
