/// The smallest index recorded from concurrent chunks.
final class FirstIndex: @unchecked Sendable {
    private let lock = Lock()
    private var first: Int?
    func record(_ i: Int) { lock.withLock { first = min(first ?? i, i) } }
    var value: Int? { lock.withLock { first } }
}
