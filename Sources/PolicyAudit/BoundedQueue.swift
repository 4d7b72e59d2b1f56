import Foundation

/// A blocking FIFO of bounded capacity between one producer thread and one consumer thread.
///
/// The bound keeps memory flat: a producer faster than its consumer waits instead of buffering the file.
package final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private let capacity: Int

    /// Creates a queue holding at most `capacity` elements.
    package init(capacity: Int) { self.capacity = capacity }

    /// Adds `element`, waiting while the queue is full. Returns false when the queue was closed.
    @discardableResult
    package func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// Removes the oldest element, waiting while the queue is empty; nil once closed and drained.
    package func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let element = items.removeFirst()
        condition.broadcast()
        return element
    }

    /// Ends the stream: `pop` drains what is left, then returns nil; `push` returns false.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
