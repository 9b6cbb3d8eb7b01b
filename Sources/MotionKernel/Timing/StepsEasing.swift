/// A step easing function: CSS `steps(n, position)` (CSS Easing Level 1 §2.4).
///
/// The input is divided into `steps` equal intervals; the output jumps at interval boundaries.
/// The position says where the jumps are:
///
/// | position | jumps | output on [0, 1] |
/// | --- | --- | --- |
/// | `jumpStart` (`start`) | n | 1/n, 2/n, …, 1 (jump at 0) |
/// | `jumpEnd` (`end`, the default) | n | 0, 1/n, …, (n−1)/n, then 1 at x = 1 |
/// | `jumpNone` | n − 1 | 0, 1/(n−1), …, 1 (needs n ≥ 2) |
/// | `jumpBoth` | n + 1 | 1/(n+1), …, n/(n+1), then 1 at x = 1 |
///
/// The algorithm is the specification's, in its order: current step = ⌊x·n⌋; +1 for jump-start,
/// start and jump-both; −1 when the *before flag* is set and x·n is an integer; raised to 0 if
/// x ≥ 0 and it went negative; lowered to the number of jumps if x ≤ 1 and it exceeds it; divided
/// by the number of jumps. So jump-both's extra jump is counted before the before flag takes one
/// away and before the clamp at 0: `steps(2, jump-both)` at x = 0 with the before flag gives 0
/// (as WPT's web-animations transformed-progress test expects), without it 1/3. Inputs outside
/// [0, 1] are not clamped (e.g. `steps(4, end)` at x = −0.5 gives −0.5, at x = 1.5 gives 1.5).
public struct StepsEasing: Sendable, Hashable, CustomStringConvertible {
    /// Where the jumps of a step easing function happen (CSS `<step-position>`).
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// The first jump happens when the input starts (at x = 0).
        case jumpStart = "jump-start"
        /// The last jump happens when the input ends (at x = 1).
        case jumpEnd = "jump-end"
        /// No jump at either end: the output holds 0 and 1 for 1/n of the input each.
        case jumpNone = "jump-none"
        /// Jumps at both ends.
        case jumpBoth = "jump-both"
        /// The same as `jumpStart`.
        case start
        /// The same as `jumpEnd`.
        case end
    }

    /// Number of intervals n (≥ 1; ≥ 2 for `jumpNone`).
    public let steps: Int
    /// Where the jumps happen.
    public let position: Position

    /// Creates `steps(n, position)`.
    ///
    /// - Parameters:
    ///   - steps: number of intervals, ≥ 1 (≥ 2 with `.jumpNone`) and at most 2³¹ − 1, the range
    ///     of a CSS `<integer>` in browsers.
    ///   - position: where the jumps are; default `.end` as in CSS.
    /// - Throws: `MotionKernelError.invalidValue("steps", …)` when `steps` is too small or above
    ///   2³¹ − 1.
    public init(_ steps: Int, position: Position = .end) throws(MotionKernelError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard steps >= minimum else {
            throw MotionKernelError.invalidValue(
                "steps", "expected an integer >= \(minimum) for position \(position.rawValue), got \(steps)")
        }
        guard Int64(steps) <= Int64(Int32.max) else {
            throw MotionKernelError.invalidValue("steps", "expected at most 2147483647 steps, got \(steps)")
        }
        self.steps = steps
        self.position = position
    }

    /// CSS `step-start`: `steps(1, jump-start)`.
    public static let stepStart = StepsEasing(uncheckedSteps: 1, position: .jumpStart)
    /// CSS `step-end`: `steps(1, jump-end)`.
    public static let stepEnd = StepsEasing(uncheckedSteps: 1, position: .jumpEnd)

    init(uncheckedSteps: Int, position: Position) {
        self.steps = uncheckedSteps
        self.position = position
    }

    /// Number of jumps: n for jump-start/jump-end, n − 1 for jump-none, n + 1 for jump-both.
    ///
    /// Exact wherever `Int` has 64 bits. Where it has 32 (WebAssembly), `steps(2147483647,
    /// jump-both)`'s 2³¹ jumps do not fit; ``value(at:beforeFlag:)`` does not use this property.
    public var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd, .start, .end: return steps
        case .jumpNone: return steps - 1
        case .jumpBoth: return steps + 1
        }
    }

    /// The output progress at input progress `x`.
    ///
    /// - Parameters:
    ///   - x: input progress, any finite value.
    ///   - beforeFlag: the timing model's before flag (set in the before phase going forwards, or
    ///     the after phase going backwards); it makes a jump at exactly x·n ∈ ℤ not yet happen.
    /// - Returns: a multiple of 1/``jumps``; in [0, 1] when x is.
    public func value(at x: Double, beforeFlag: Bool = false) -> Double {
        let n = Double(steps)
        let xn = x * n
        var step = xn.rounded(.down)
        if position == .jumpStart || position == .start || position == .jumpBoth { step += 1 }
        if beforeFlag && xn == xn.rounded(.down) { step -= 1 }
        if x >= 0 && step < 0 { step = 0 }
        // In Double: steps + 1 need not fit a 32-bit Int.
        let jumps = Double(steps) + (position == .jumpBoth ? 1 : position == .jumpNone ? -1 : 0)
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps + 0
    }

    /// `steps(n, position)`.
    public var description: String { "steps(\(steps), \(position.rawValue))" }
}
