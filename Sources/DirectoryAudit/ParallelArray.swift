import Foundation

/// Work over a directory's million accounts spread over the processors.
enum ParallelArray {
    /// Threads for `count` accounts or hashes: one per processor, at most 4, and one per 4,096 items.
    static func threads(for count: Int) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, count / 4096 + 1))
    }

    /// `count` elements built on ``threads(for:)`` threads, each a contiguous share: `fill` runs once per thread with
    /// its share of the indices (and so its own state, such as a fingerprinter) and hands `initialize` each index's
    /// element.
    static func make<Element>(
        count: Int, fill: @Sendable (_ share: Range<Int>, _ initialize: (Int, Element) -> Void) -> Void
    ) -> [Element] {
        let threads = threads(for: count)
        let share = (count + threads - 1) / threads
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let elements = buffer  // each thread initializes its own range
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                fill((thread * share)..<min(count, (thread + 1) * share)) { index, element in
                    (elements.baseAddress! + index).initialize(to: element)
                }
            }
            initialized = count
        }
    }
}
