import Dispatch

/// Splits bulk work over the machine's cores. The thread count is a process-wide setting
/// chosen once (by the CLI's `--threads`) before kernels run. BLAS itself always runs
/// single-threaded (`BLAS.setThreadCount`): kernels that call it parallelise over fixed blocks
/// of rows here, so their results never depend on the thread count.
public enum Parallel {
    private static let lock = Lock()
    nonisolated(unsafe) private static var _threads = 1

    /// A thread count for the current task only, set by ``withThreadCount(_:_:)``.
    @TaskLocal static var taskThreads: Int?

    /// How many threads bulk kernels use (default 1): the current task's
    /// ``withThreadCount(_:_:)`` value inside one, else the process-wide setting.
    public static var threadCount: Int { taskThreads ?? lock.withLock { _threads } }

    /// Runs `body` with `threadCount` = `n` (clamped to 1…64) for the current task only, leaving
    /// the process-wide setting and other tasks alone (concurrent callers, tests).
    /// - Returns: what `body` returns; rethrows what it throws.
    public static func withThreadCount<R, E: Error>(_ n: Int, _ body: () throws(E) -> R) throws(E) -> R {
        try $taskThreads.withValue(min(64, max(1, n)), typed: body)
    }

    /// Sets the number of threads for bulk kernels (clamped to 1…64); BLAS stays at 1 thread.
    public static func setThreadCount(_ n: Int) {
        let n = min(64, max(1, n))
        lock.withLock { _threads = n }
        BLAS.setThreadCount(n)
    }

    /// Runs `body(range)` over contiguous chunks of `0..<count`, on up to `threads` threads.
    /// Chunks never overlap, so bodies may write disjoint slices of one output buffer.
    /// Work below `minChunk` items per thread stays on the calling thread.
    public static func forEachChunk(
        count: Int, threads: Int = Parallel.threadCount, minChunk: Int = 1024,
        _ body: @Sendable (Range<Int>) -> Void
    ) {
        guard count > 0 else { return }
        let t = max(1, min(threads, count / max(1, minChunk)))
        if t <= 1 { body(0..<count); return }
        DispatchQueue.concurrentPerform(iterations: t) { k in
            let lo = count * k / t, hi = count * (k + 1) / t
            if lo < hi { body(lo..<hi) }
        }
    }
}
