/// A raw pointer that may cross into `Parallel.forEachChunk` bodies. Safe only because the
/// chunks write disjoint index ranges and the caller keeps the buffer alive for the call.
/// (Package access: the C ABI's threaded entry points share it.)
@usableFromInline
package struct SendablePointer<T>: @unchecked Sendable {
    @usableFromInline package let base: UnsafeMutablePointer<T>
    @usableFromInline package init(_ base: UnsafeMutablePointer<T>) { self.base = base }
}

/// A read-only counterpart of `SendablePointer`.
@usableFromInline
struct SendableConstPointer<T>: @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<T>
    @usableFromInline init(_ base: UnsafePointer<T>) { self.base = base }
}
