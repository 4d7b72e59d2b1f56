import Foundation

/// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
///
/// The sleep blocks its thread on purpose: an async one would wait for a free thread of the shared pool, which the
/// suite's other tests can hold for a long time. The limit only bounds a broken run; a passing test never reaches it.
package func waitUntil(seconds: TimeInterval = 120, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        usleep(20_000)
    }
}
