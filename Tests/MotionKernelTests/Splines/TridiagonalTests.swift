import Testing
@testable import MotionKernel

@Suite("Tridiagonal and cyclic solvers")
struct TridiagonalTests {
    @Test("pivoting LU matches a dense solve, including matrices that need row interchanges")
    func tridiagonal() throws {
        var rng = SplitMix64(seed: 21)
        for n in [1, 2, 3, 4, 7, 30] {
            for _ in 0..<10 {
                let lower = (0..<(n - 1)).map { _ in rng.uniform(-3, 3) }
                let upper = (0..<(n - 1)).map { _ in rng.uniform(-3, 3) }
                let diag = (0..<n).map { _ in rng.uniform(-1, 1) }  // weak diagonal: pivoting happens
                var dense = [Double](repeating: 0, count: n * n)
                for i in 0..<n { dense[i * n + i] = diag[i] }
                for i in 0..<(n - 1) { dense[(i + 1) * n + i] = lower[i]; dense[i * n + i + 1] = upper[i] }
                let c = 2
                let b = (0..<(n * c)).map { _ in rng.uniform(-1, 1) }
                var x = b
                #expect(BandedSolve.tridiagonal(lower: lower, diagonal: diag, upper: upper, rhs: &x, channels: c))
                for j in 0..<c {
                    let ref = try #require(denseSolve(dense, (0..<n).map { b[$0 * c + j] }, n: n))
                    let scale = ref.map(abs).max()! + 1
                    for i in 0..<n { #expect(near(x[i * c + j], ref[i], rel: 1e-9, scale: scale)) }
                }
            }
        }
    }

    @Test("cyclic (Sherman–Morrison) matches a dense solve")
    func cyclic() throws {
        var rng = SplitMix64(seed: 22)
        for m in [1, 2, 3, 4, 9, 25] {
            let a = (0..<m).map { _ in rng.uniform(0.1, 1) }
            let c = (0..<m).map { _ in rng.uniform(0.1, 1) }
            let b = (0..<m).map { 2 * (a[$0] + c[$0]) + rng.uniform(0, 1) }
            var dense = [Double](repeating: 0, count: m * m)
            for i in 0..<m {
                dense[i * m + i] += b[i]
                dense[i * m + (i + m - 1) % m] += a[i]
                dense[i * m + (i + 1) % m] += c[i]
            }
            let r = (0..<m).map { _ in rng.uniform(-1, 1) }
            var x = r
            #expect(BandedSolve.cyclic(a: a, b: b, c: c, rhs: &x, channels: 1))
            let ref = try #require(denseSolve(dense, r, n: m))
            for i in 0..<m { #expect(near(x[i], ref[i], rel: 1e-12, scale: 1)) }
        }
    }

    @Test("a singular matrix is reported, not divided by")
    func singular() {
        var r = [1.0, 1.0]
        #expect(!BandedSolve.tridiagonal(lower: [1], diagonal: [1, 1], upper: [1], rhs: &r, channels: 1))
    }
}
