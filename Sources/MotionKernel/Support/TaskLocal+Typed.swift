extension TaskLocal {
    /// Binds the task-local to `value` while `body` runs, keeping `body`'s error type (the
    /// standard `withValue` is `rethrows`, which widens every error to `any Error`).
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, unchanged.
    func withValue<R, E: Error>(_ value: Value, typed body: () throws(E) -> R) throws(E) -> R {
        try withValue(value, operation: { Result { () throws(E) -> R in try body() } }).get()
    }
}
