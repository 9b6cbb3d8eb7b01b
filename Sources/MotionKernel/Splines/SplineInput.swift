/// Validation of spline knots and values, shared by every spline initialiser.
///
/// Values are a row-major `K × C` buffer: knot `i`, channel `c` at `values[i * C + c]`.
@usableFromInline
enum SplineInput {
    /// Throws unless `x` holds at least `minimum` finite, strictly increasing knots and
    /// `values` holds `x.count × channels` finite numbers.
    /// - Throws: `invalidValue` naming `x`, `x[i]`, `y`, `y[i]` or `y[i][c]`, or `channels`.
    @usableFromInline
    static func validate<T: MotionScalar>(
        x: [T], values: [T], channels: Int, minimum: Int
    ) throws(MotionKernelError) {
        guard channels >= 1 else {
            throw MotionKernelError.invalidValue("channels", "expected at least 1 channel, got \(channels)")
        }
        guard x.count >= minimum else {
            throw MotionKernelError.invalidValue(
                "x", "expected at least \(minimum) knots, got \(x.count)")
        }
        for i in x.indices {
            guard x[i].isFinite else {
                throw MotionKernelError.invalidValue("x[\(i)]", "expected a finite number, got \(x[i])")
            }
            if i > 0 && !(x[i] > x[i - 1]) {
                let why = x[i] == x[i - 1] ? "repeated knot" : "unsorted knots"
                throw MotionKernelError.invalidValue(
                    "x[\(i)]",
                    "expected strictly increasing knots, got \(x[i]) after \(x[i - 1]) (\(why))")
            }
        }
        let (expected, overflow) = x.count.multipliedReportingOverflow(by: channels)
        guard !overflow, values.count == expected else {
            throw MotionKernelError.invalidValue(
                "y", "expected \(x.count) values of \(channels) channel(s) (one per knot), got \(values.count) numbers")
        }
        for j in values.indices where !values[j].isFinite {
            let path = channels == 1 ? "y[\(j)]" : "y[\(j / channels)][\(j % channels)]"
            throw MotionKernelError.invalidValue(path, "expected a finite number, got \(values[j])")
        }
    }
}
