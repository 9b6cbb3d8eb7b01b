#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A minimal mutex (Foundation-free, portable) guarding process-wide settings.
///
/// On Darwin it wraps `OSAllocatedUnfairLock`, which owns its lock storage at a stable address
/// (taking `&` of an `os_unfair_lock` stored in a class is not guaranteed to be stable, so it is
/// not used). Elsewhere it is a heap-allocated `pthread_mutex_t`, which has a stable address for
/// the lock's lifetime.
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
    private let m = OSAllocatedUnfairLock()

    /// An unlocked lock.
    package init() {}

    /// Runs `f` while holding the lock.
    package func withLock<R, E: Error>(_ f: () throws(E) -> R) throws(E) -> R {
        m.lock(); defer { m.unlock() }
        return try f()
    }
    #else
    private let m: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked lock.
    package init() {
        m = .allocate(capacity: 1)
        m.initialize(to: pthread_mutex_t())
        pthread_mutex_init(m, nil)
    }

    deinit {
        pthread_mutex_destroy(m)
        m.deinitialize(count: 1)
        m.deallocate()
    }

    /// Runs `f` while holding the lock.
    package func withLock<R, E: Error>(_ f: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(m); defer { pthread_mutex_unlock(m) }
        return try f()
    }
    #endif
}
