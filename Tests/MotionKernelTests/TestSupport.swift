import Testing
@testable import MotionKernel

/// Test draws on the shared seeded generator (`Sources/MotionKernel/Support/SplitMix64.swift`),
/// so property tests are reproducible.
extension SplitMix64 {
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &self) }
    /// Log-uniform in [lo, hi] (both > 0).
    mutating func logUniform(_ lo: Double, _ hi: Double) -> Double {
        Double.exp(uniform(Double.log(lo), Double.log(hi)))
    }
}

/// |a − b| ≤ tol · max(1, |b|).
func close(_ a: Double, _ b: Double, rel tol: Double) -> Bool {
    abs(a - b) <= tol * max(1, abs(b))
}

// MARK: Rounding-error bounds (Higham, "Accuracy and Stability of Numerical Algorithms", ch. 3)
//
// Every bound below holds for ANY summation order (pairwise, blocked, SIMD lanes, BLAS
// micro-kernels) and with or without FMA contraction: an FMA only removes roundings, and
// the γ_k argument counts at most k roundings on every term's path.

/// The unit roundoff u = ε/2 of `T` (2⁻²⁴ for Float, 2⁻⁵³ for Double).
func unitRoundoff<T: BinaryFloatingPoint>(_: T.Type) -> Double { Double(T.ulpOfOne) / 2 }

/// γ_k = k·u / (1 − k·u) for `T`: |∏(1 + δᵢ)^±1 − 1| ≤ γ_k for k factors with |δᵢ| ≤ u.
func gamma<T: BinaryFloatingPoint>(_ k: Int, _: T.Type) -> Double {
    let ku = Double(k) * unitRoundoff(T.self)
    precondition(ku < 1, "γ_k undefined for k·u ≥ 1")
    return ku / (1 - ku)
}

/// Forward error bound of a length-k dot product (or GEMM entry) computed in `T`:
/// |fl(Σ aᵢbᵢ) − Σ aᵢbᵢ| ≤ γ_k · Σ|aᵢ||bᵢ|, any order, any FMA use. `absSum` = Σ|aᵢ||bᵢ|.
/// Add `dotErrorBound(k:absSum:Double.self)` when the reference itself is a Double dot product.
func dotErrorBound<T: BinaryFloatingPoint>(k: Int, absSum: Double, _: T.Type) -> Double {
    gamma(k, T.self) * absSum
}

/// Bound on |fl(n̂ / ŵ) − n/w| where n̂, ŵ carry absolute errors ≤ `numErr`, `denErr`
/// (|denErr| < |w|) and the quotient is formed as n̂/ŵ or n̂·fl(1/ŵ) (≤ 2 roundings, γ₂):
/// n̂/ŵ − n/w = (e_n − q·e_w)/ŵ, so |q̂ − q| ≤ (numErr + |q|·denErr)/(|w| − denErr)·(1 + γ₂) + γ₂·|q|.
/// Infinite (no claim) when `denErr` ≥ |w|: the computed denominator may then be 0.
func quotientErrorBound<T: BinaryFloatingPoint>(q: Double, numErr: Double, w: Double, denErr: Double, _: T.Type) -> Double {
    guard denErr < abs(w) else { return .infinity }
    let g2 = gamma(2, T.self)
    return (numErr + abs(q) * denErr) / (abs(w) - denErr) * (1 + g2) + g2 * abs(q)
}

/// Checks a product `out` = B·V computed in T (B rows × k, V k × channels, both row-major,
/// `out` rows × channels at `out[r·ld + c]`) against the Double product of the same T
/// operands: per entry |error| ≤ γ_k(T)·Σⱼ|B_rj||V_jc| (any BLAS kernel, order, FMA) plus the
/// Double oracle's own γ_k(Double)·Σ. Isolates the GEMM's rounding from how B was built.
func expectProduct<T: MotionScalar>(
    _ out: [T], _ b: [T], _ v: [T], rows: Int, k: Int, channels: Int, ld: Int? = nil,
    _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let ld = ld ?? channels
    let g = gamma(k, T.self) + gamma(k, Double.self)
    for r in 0..<rows {
        for c in 0..<channels {
            var s = 0.0, a = 0.0
            for j in 0..<k {
                let t = b[r * k + j].doubleValue * v[j * channels + c].doubleValue
                s += t; a += abs(t)
            }
            #expect(abs(out[r * ld + c].doubleValue - s) <= g * a, "\(label) [\(r), \(c)]", sourceLocation: sourceLocation)
        }
    }
}

/// The two precisions the numeric tests run in, as test arguments:
/// `@Test(…, arguments: Precision.allCases)`, then `try check(precision.type)` with a generic
/// `check<T: MotionScalar>(_: T.Type)` (the existential metatype opens to `T`).
enum Precision: CaseIterable, Sendable, CustomTestStringConvertible {
    case float, double

    /// `Float.self` or `Double.self`.
    var type: any MotionScalar.Type { self == .float ? Float.self : Double.self }

    var testDescription: String { self == .float ? "Float" : "Double" }
}
