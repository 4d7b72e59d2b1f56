import Foundation

@testable import PasswordPolicy

/// A corpus held in memory: counts by password, and the bytes it was asked about.
final class StubBlocklistSource: BlocklistSource, @unchecked Sendable {
    let counts: [String: Int]
    private let lock = NSLock()
    private var asked: [String] = []

    init(_ counts: [String: Int]) { self.counts = counts }

    func occurrences(of password: UnsafeBufferPointer<UInt8>) -> Int {
        let text = String(decoding: password, as: UTF8.self)
        lock.withLock { asked.append(text) }
        return counts[text] ?? 0
    }

    var questions: [String] { lock.withLock { asked } }
}
