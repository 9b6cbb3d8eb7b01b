import MotionKernel

/// The everyday app animations as one-line calls. Every number is a parameter whose default is the
/// value the animation is usually written with; lengths are in points, angles in radians unless a name says degrees, times in
/// seconds. "UIKit's default curve" is Core Animation's `easeInEaseOut`, cubic-bezier(0.42, 0,
/// 0.58, 1). Single-layer presets animate the layer `view`.
public enum Preset {
    /// The shake's translation.x keyframes, points relative to the layer's position.
    /// The spin's start angle, −3π/4 radians.
    public static let spinDefaultAngle: Double = -0.75 * Double.pi
    /// The fly-away's rotation, π/2 radians.
    public static let flyAwayDefaultAngle: Double = 0.5 * Double.pi

    /// The shake's default translation.x key values, points: −20, 20, −20, 20, −10, 10, −5, 5, 0.
    public static let shakeValues: [Double] = [-20, 20, -20, 20, -10, 10, -5, 5, 0]

    /// **shake**: translation.x through `values` (default −20, 20, −20, 20, −10, 10, −5, 5, 0
    /// points), evenly spaced key times, linear keyframes (`CAKeyframeAnimation`,
    /// `calculationMode` linear), over `duration` (0.6 s). Key value i is reached exactly at
    /// t = duration · i / (count − 1); the animation ends at the last value.
    /// - Throws: `invalidValue` naming `values`, `values[i]` or `duration` (must be > 0).
    public static func shake(values: [Double] = shakeValues, duration: Double = 0.6) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(duration, "duration")
        let track = try KeyframeTrack<Double>(values: values, calculationMode: .linear)
        return try .keyframes([.translationX], track: track, duration: duration)
    }

    /// **wiggle**: after `delay` (1.0 s), rotate to −`degrees` (5°) in one leg, then `swings`
    /// (4) auto-reversed swings between −`degrees` and +`degrees` (each swing a forward and a
    /// backward leg), then back to the identity in one leg; every leg lasts `legDuration`
    /// (0.1 s) on ease-in-ease-out.
    ///
    /// UIKit ends an auto-reversed animation by snapping to its model value (+5°), so the bell
    /// jumps before the return leg; this preset is continuous instead: the return leg starts
    /// where the swings really end (−`degrees` for a whole number of swings).
    ///
    /// Key instants with the defaults: identity until 1.0 s; −5° at 1.1 s; then +5° at 1.2,
    /// 1.4, 1.6, 1.8 s and −5° at 1.3, 1.5, 1.7, 1.9 s; identity at 2.0 s. Total duration =
    /// delay + (2 + 2·swings)·legDuration = 2.0 s.
    /// - Throws: `invalidValue` naming `delay` (< 0), `legDuration` (≤ 0), `degrees`, or
    ///   `swings` (not a whole number ≥ 0).
    public static func wiggle(
        delay: Double = 1.0, legDuration: Double = 0.1, degrees: Double = 5,
        swings: Int = 4
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(delay, "delay")
        try MotionKernelError.requirePositive(legDuration, "legDuration")
        try MotionKernelError.requireFinite(degrees, "degrees")
        guard swings >= 0 else { throw MotionKernelError.invalidValue("swings", "expected a whole number >= 0, got \(swings)") }
        let a = degrees * .pi / 180
        let ease = TimingFunction.cubicBezier(.easeInEaseOut)
        var steps = [try Animation.tween(.rotation, to: -a, duration: legDuration, timing: ease)]
        if swings > 0 {
            steps.append(
                try Animation.tween(.rotation, from: -a, to: a, duration: legDuration, timing: ease)
                    .repeated(count: Double(swings), autoreverses: true))
        }
        // No `from`: the return leg starts where the swings end (continuous).
        steps.append(try Animation.tween(.rotation, to: 0, duration: legDuration, timing: ease))
        return try Animation.sequence(steps).delayed(by: delay)
    }

    /// **pop**: scale `from` (0) → `to` (1) on a damped spring with damping ratio
    /// `dampingRatio` (0.6), mass 1, and UIKit-relative initial velocity `relativeVelocity` (10:
    /// v₀ = 10·(to − from) per second), whose stiffness is the least one that settles within
    /// `epsilon`·|to − from| (0.001 of the distance) by `duration` (0.5 s)
    /// (`Spring.design(dampingRatio:settlingDuration:…)` with bound `leastStiff`). The spring's closed form is sampled until
    /// `duration`, where the scale is exactly `to`.
    /// - Throws: `invalidValue` naming `duration`, `dampingRatio`, `relativeVelocity`, `from`,
    ///   `to` (equal to `from`) or `epsilon`.
    public static func pop(
        duration: Double = 0.5, dampingRatio: Double = 0.6, relativeVelocity: Double = 10,
        from: Double = 0, to: Double = 1, epsilon: Double = 0.001
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireFinite(relativeVelocity, "relativeVelocity")
        try MotionKernelError.requireFinite(from, "from")
        try MotionKernelError.requireFinite(to, "to")
        guard from != to else { throw MotionKernelError.invalidValue("to", "expected a scale different from `from` (\(from))") }
        try MotionKernelError.requirePositive(epsilon, "epsilon")
        let spring = try popSpring(
            duration: duration, dampingRatio: dampingRatio, relativeVelocity: relativeVelocity,
            from: from, to: to, epsilon: epsilon)
        return try .spring(.scale, from: from, to: to, initialVelocity: relativeVelocity * (to - from), spring: spring, duration: duration)
    }

    /// The spring of ``pop(duration:dampingRatio:relativeVelocity:from:to:epsilon:)``.
    /// - Throws: as `pop`.
    public static func popSpring(
        duration: Double = 0.5, dampingRatio: Double = 0.6, relativeVelocity: Double = 10,
        from: Double = 0, to: Double = 1, epsilon: Double = 0.001
    ) throws(MotionKernelError) -> Spring<Double> {
        do {
            return try Spring<Double>.design(
                dampingRatio: dampingRatio, settlingDuration: duration, epsilon: epsilon * abs(to - from), bound: .leastStiff,
                from: from, to: to, initialVelocity: relativeVelocity * (to - from)
            ).spring
        } catch let e {
            let field = ["settlingDuration": "duration", "initialVelocity": "relativeVelocity"][e.field] ?? e.field
            throw MotionKernelError(code: e.code, field: field, reason: e.reason)
        }
    }

    /// **spin**: rotation `fromAngle` (−3π/4) → 0 over `duration` (0.8 s), ease-in-ease-out.
    /// - Throws: `invalidValue` naming `fromAngle` or `duration` (must be > 0).
    public static func spin(fromAngle: Double = spinDefaultAngle, duration: Double = 0.8) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(duration, "duration")
        try MotionKernelError.requireFinite(fromAngle, "fromAngle")
        return try .tween(.rotation, from: fromAngle, to: 0, duration: duration, timing: .cubicBezier(.easeInEaseOut))
    }

    /// **toolbarReveal**: the layer `toolbar` (its model position the screen's top-left, so its
    /// translation is in screen coordinates) moves its top edge from the screen's bottom edge,
    /// translation.y = `screenHeight` (667), up by its height to `screenHeight − toolbarHeight`
    /// (toolbarHeight 44), while the layer `tabBar` fades from opacity 1 to 0; both over
    /// `duration` (0.2 s), ease-in-ease-out.
    /// - Throws: `invalidValue` naming `screenHeight`, `toolbarHeight` (both > 0) or `duration`.
    public static func toolbarReveal(screenHeight: Double = 667, toolbarHeight: Double = 44, duration: Double = 0.2) throws(MotionKernelError) -> Animation {
        try toolbar(reveal: true, screenHeight: screenHeight, toolbarHeight: toolbarHeight, duration: duration)
    }

    /// **toolbarHide**: the reverse of ``toolbarReveal(screenHeight:toolbarHeight:duration:)``:
    /// `toolbar` moves down from `screenHeight − toolbarHeight` to `screenHeight` while `tabBar`
    /// fades from 0 to 1.
    /// - Throws: as `toolbarReveal`.
    public static func toolbarHide(screenHeight: Double = 667, toolbarHeight: Double = 44, duration: Double = 0.2) throws(MotionKernelError) -> Animation {
        try toolbar(reveal: false, screenHeight: screenHeight, toolbarHeight: toolbarHeight, duration: duration)
    }

    static func toolbar(reveal: Bool, screenHeight: Double, toolbarHeight: Double, duration: Double) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(screenHeight, "screenHeight")
        try MotionKernelError.requirePositive(toolbarHeight, "toolbarHeight")
        try MotionKernelError.requirePositive(duration, "duration")
        let ease = TimingFunction.cubicBezier(.easeInEaseOut)
        let hidden = screenHeight, shown = screenHeight - toolbarHeight
        return .group([
            try .tween(
                layer: "toolbar", .translationY, from: reveal ? hidden : shown, to: reveal ? shown : hidden,
                duration: duration, timing: ease),
            try .tween(layer: "tabBar", .opacity, from: reveal ? 1 : 0, to: reveal ? 0 : 1, duration: duration, timing: ease),
        ])
    }

    /// **flyAway**, the interactive example: over `duration` (2.0 s) with ease-in-ease-out on
    /// the whole animation (progress q = easeInEaseOut(t / duration)), the view rotates by
    /// q·`angle` (π/2) while its centre follows cubic keyframes (`CAKeyframeAnimation`
    /// `calculationMode` cubic, a Catmull–Rom spline) through the start centre at q = 0,
    /// (`midX`·width, `midY`·height) = (0.8 w, 0.85 h) at q = `split` (0.4), and
    /// (width + viewHeight, `endY`·height) = (w + viewHeight, 0.6 h) at q = 1.
    ///
    /// The view starts centred at (`startX`·width, `startY`·height) = (0.5 w, 0.5 h), its model
    /// position, so the translation is centre − start. Bounds default to 375 × 667 points and
    /// the view's height to 100 points.
    /// - Throws: `invalidValue` naming the parameter (sizes and duration must be > 0, `split`
    ///   in (0, 1)).
    public static func flyAway(
        width: Double = 375, height: Double = 667, viewHeight: Double = 100,
        duration: Double = 2.0, angle: Double = flyAwayDefaultAngle, split: Double = 0.4,
        startX: Double = 0.5, startY: Double = 0.5, midX: Double = 0.8, midY: Double = 0.85,
        endY: Double = 0.6
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(width, "width")
        try MotionKernelError.requirePositive(height, "height")
        try MotionKernelError.requirePositive(viewHeight, "viewHeight")
        try MotionKernelError.requirePositive(duration, "duration")
        for (v, name) in [(angle, "angle"), (startX, "startX"), (startY, "startY"), (midX, "midX"), (midY, "midY"), (endY, "endY")] {
            try MotionKernelError.requireFinite(v, name)
        }
        guard split > 0, split < 1 else { throw MotionKernelError.invalidValue("split", "expected 0 < split < 1, got \(split)") }
        let x0 = startX * width, y0 = startY * height
        let values: [Double] = [0, 0, midX * width - x0, midY * height - y0, width + viewHeight - x0, endY * height - y0]
        let path = try KeyframeTrack<Double>(values: values, dimension: 2, keyTimes: [0, split, 1], calculationMode: .cubic)
        let ease = TimingFunction.cubicBezier(.easeInEaseOut)
        return .group([
            try .keyframes([.translationX, .translationY], track: path, duration: duration, timing: ease),
            try .tween(.rotation, from: 0, to: angle, duration: duration, timing: ease),
        ])
    }
}
