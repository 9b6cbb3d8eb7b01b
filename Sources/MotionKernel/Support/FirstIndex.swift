/// The smallest index recorded from concurrent chunks.
final class FirstIndex: @unchecked Sendable {
    private let lock = Lock()
    private var first: Int?
    func record(_ i: Int) { lock.withLock { first = min(first ?? i, i) } }
    var value: Int? { lock.withLock { first } }
}

/// The failure of the lowest row among threads.
final class FirstFailure<F: Error & Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var row = Int.max
    private var stored: F?

    func record(_ i: Int, _ failure: F) {
        lock.withLock {
            if i < row { (row, stored) = (i, failure) }
        }
    }

    var failure: F? { lock.withLock { stored } }
}
