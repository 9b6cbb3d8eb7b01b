import Testing

@testable import MotionKernel

/// `allFinite`, the finiteness check of bulk outputs.
@Suite struct FiniteTests {
    @Test("the finiteness check finds one NaN or infinity at any position, and passes finite extremes")
    func finiteness() {
        func check<T: MotionScalar>(_: T.Type) {
            for n in 0..<41 {
                var a = [T](repeating: 1, count: n + 1)
                for i in 0..<n {
                    let sign: T = i % 3 == 0 ? -1 : 1
                    a[i] = sign * T.greatestFiniteMagnitude / T(i + 1)
                }
                if n > 1 { a[1] = T.leastNonzeroMagnitude }
                let ok: Bool = a.withUnsafeBufferPointer { allFinite(UnsafeBufferPointer(rebasing: $0[..<n])) }
                #expect(ok, "\(T.self) n \(n)")
                let bads: [T] = [T.nan, T.infinity, -T.infinity, T.signalingNaN]
                for i in 0..<n {
                    for bad in bads {
                        var b = a
                        b[i] = bad
                        let found: Bool = b.withUnsafeBufferPointer { !allFinite(UnsafeBufferPointer(rebasing: $0[..<n])) }
                        #expect(found, "\(T.self) n \(n) at \(i)")
                    }
                }
                // A non-finite number just past the end is not looked at.
                a[n] = T.nan
                let past: Bool = a.withUnsafeBufferPointer { allFinite(UnsafeBufferPointer(rebasing: $0[..<n])) }
                #expect(past, "\(T.self) n \(n) past the end")
            }
        }
        check(Float.self)
        check(Double.self)
    }
}
