import MotionKernel

/// An animation of named layers over time: for every layer, its transform channels and opacity
/// (``LayerState``) as a function of time in seconds, on [0, ``duration``].
///
/// Built from tracks (one channel of one layer: a tween, a spring or keyframes) and composed
/// with ``group(_:)`` (together), ``sequence(_:)`` (one after another, like chaining
/// completions), ``delayed(by:)``, ``repeated(count:autoreverses:)`` and ``speed(_:)``.
///
/// **Semantics.**
/// - Layers start at their base state (``LayerState/identity`` unless given) and a track writes
///   its channel only once it has started: before its start it has no effect, after its end it
///   holds its final value (Core Animation's fill mode `forwards`).
/// - Where several tracks write one channel at the same instant, the later one in composition
///   order wins (in a sequence: the running step; in a group: the last child).
/// - A tween with no `from` starts from the value the channel holds when it is evaluated: in a
///   sequence, where the previous steps left it (chaining), so the result is continuous.
/// - The final state is reached exactly: at t ≥ ``duration`` every track is evaluated at its own
///   end (`to` exactly, the last keyframe exactly, a spring's target exactly — a jump of at most
///   the spring's settling tolerance), whatever rounding the time arithmetic did.
/// - Times are seconds; all durations are finite and ≥ 0.
public struct Animation: Sendable {
    /// Layer names, in order of first appearance.
    public private(set) var layers: [String]
    /// The base (model) state of each layer, parallel to ``layers``.
    public private(set) var base: [LayerState]
    /// The root of the composition tree.
    var root: Node

    /// Total duration, seconds.
    public var duration: Double { root.duration }

    init(layers: [String], base: [LayerState], root: Node) {
        self.layers = layers
        self.base = base
        self.root = root
    }

    // MARK: Tracks

    /// A tween of one channel from `from` (nil: the value the channel holds when the tween runs)
    /// to `to` over `duration` seconds, eased by `timing`: v(t) = from + (to − from)·timing(t/d).
    /// - Throws: `invalidValue` naming `duration` (not finite or < 0), `from` or `to` (not finite).
    public static func tween(
        layer: String = "view", _ channel: Channel, from: Double? = nil, to: Double,
        duration: Double, timing: TimingFunction = .linear
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(duration, "duration")
        if let from { try MotionKernelError.requireFinite(from, "from") }
        try MotionKernelError.requireFinite(to, "to")
        return single(
            layer,
            Track(
                layer: 0, channels: [channel], duration: duration,
                curve: .tween(from: from, to: to, timing: timing)))
    }

    /// One channel on a damped spring from `from` to `to` with `initialVelocity` (units/s),
    /// in real time: v(t) = the spring's closed form, for `duration` seconds, ending exactly at
    /// `to` (choose `duration` as the settling duration, e.g. by `Spring.settling(in:…)`).
    /// - Throws: `invalidValue` naming `duration`, `from`, `to` or `initialVelocity`.
    public static func spring(
        layer: String = "view", _ channel: Channel, from: Double, to: Double, initialVelocity: Double = 0,
        spring: Spring<Double>, duration: Double
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(duration, "duration")
        try MotionKernelError.requireFinite(from, "from")
        try MotionKernelError.requireFinite(to, "to")
        try MotionKernelError.requireFinite(initialVelocity, "initialVelocity")
        return single(
            layer,
            Track(
                layer: 0, channels: [channel], duration: duration,
                curve: .spring(spring, from: from, to: to, initialVelocity: initialVelocity)))
    }

    /// Keyframes driving `channels` (one track value channel each, in order) with
    /// `CAKeyframeAnimation` semantics (`KeyframeTrack`): the track's progress is
    /// `timing(t / duration)` (the keyframe animation's own timing function).
    /// - Throws: `invalidValue` naming `duration`, or `channels` when their count is not the
    ///   track's dimension.
    public static func keyframes(
        layer: String = "view", _ channels: [Channel], track: KeyframeTrack<Double>,
        duration: Double, timing: TimingFunction = .linear
    ) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(duration, "duration")
        guard channels.count == track.dimension else {
            throw MotionKernelError.invalidValue("channels", "expected \(track.dimension) channel(s) for the track's values, got \(channels.count)")
        }
        return single(
            layer,
            Track(
                layer: 0, channels: channels, duration: duration,
                curve: .keyframes(track, timing: timing)))
    }

    /// Nothing happens for `duration` seconds (a pause, e.g. inside a sequence).
    /// - Throws: `invalidValue` naming `duration`.
    public static func wait(_ duration: Double) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(duration, "duration")
        return Animation(layers: [], base: [], root: Node(duration: duration, kind: .group([])))
    }

    static func single(_ layer: String, _ track: Track) -> Animation {
        Animation(layers: [layer], base: [.identity], root: Node(duration: track.duration, kind: .track(track)))
    }

    /// This animation with layer `layer`'s base (model) state set to `state` (the layer is
    /// added if it is not animated).
    public func withBase(_ state: LayerState, for layer: String) -> Animation {
        var a = self
        if let i = a.layers.firstIndex(of: layer) {
            a.base[i] = state
        } else {
            a.layers.append(layer)
            a.base.append(state)
        }
        return a
    }

    // MARK: Composition

    /// Runs `animations` together from time 0; the duration is the longest one's.
    public static func group(_ animations: [Animation]) -> Animation {
        let (layers, base, nodes) = merged(animations)
        return Animation(
            layers: layers, base: base,
            root: Node(duration: nodes.map(\.duration).max() ?? 0, kind: .group(nodes)))
    }

    /// Runs `animations` one after another; the duration is the sum.
    public static func sequence(_ animations: [Animation]) -> Animation {
        let (layers, base, nodes) = merged(animations)
        var starts: [Double] = []
        var t = 0.0
        for n in nodes {
            starts.append(t)
            t += n.duration
        }
        return Animation(layers: layers, base: base, root: Node(duration: t, kind: .sequence(nodes, starts: starts)))
    }

    /// This animation `after` this one (a two-step ``sequence(_:)``).
    public func then(_ next: Animation) -> Animation { .sequence([self, next]) }

    /// This animation starting `delay` seconds later (nothing happens before).
    /// - Throws: `invalidValue` naming `delay` (not finite or < 0).
    public func delayed(by delay: Double) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requireNonNegative(delay, "delay")
        var a = self
        a.root = Node(duration: delay + root.duration, kind: .delay(delay, root))
        return a
    }

    /// This animation played `count` times (a repeat count as in `CAMediaTiming`: fractional
    /// counts end part-way), each repeat played forwards then backwards when `autoreverses`
    /// (so one repeat lasts twice the duration). The end state is where the last leg ends: with
    /// `autoreverses` and a whole count, the start state.
    /// - Throws: `invalidValue` naming `count` (not finite or ≤ 0).
    public func repeated(count: Double, autoreverses: Bool = false) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(count, "count")
        var a = self
        let legs = autoreverses ? 2 * count : count
        a.root = Node(duration: legs * root.duration, kind: .repeated(root, count: count, autoreverses: autoreverses))
        return a
    }

    /// This animation played `factor` times faster (duration / factor).
    /// - Throws: `invalidValue` naming `speed` (not finite or ≤ 0).
    public func speed(_ factor: Double) throws(MotionKernelError) -> Animation {
        try MotionKernelError.requirePositive(factor, "speed")
        var a = self
        a.root = Node(duration: root.duration / factor, kind: .speed(factor, root))
        return a
    }

    static func merged(_ animations: [Animation]) -> ([String], [LayerState], [Node]) {
        var layers: [String] = []
        var base: [LayerState] = []
        var nodes: [Node] = []
        for a in animations {
            var map: [Int] = []
            for (i, name) in a.layers.enumerated() {
                if let j = layers.firstIndex(of: name) {
                    map.append(j)
                } else {
                    map.append(layers.count)
                    layers.append(name)
                    base.append(a.base[i])
                }
            }
            nodes.append(a.root.remapped(map))
        }
        return (layers, base, nodes)
    }

    // MARK: Sampling

    /// The state of every layer (parallel to ``layers``) at time `t` seconds.
    ///
    /// Before 0 the base states; at and after ``duration`` the exact final state.
    public func states(at t: Double) -> [LayerState] {
        var s = base
        if t >= duration {
            root.apply(duration, atEnd: true, &s)
        } else if t >= 0 {
            root.apply(t, atEnd: false, &s)
        }
        return s
    }

    /// The state of layer `layer` at time `t`, or nil when the animation has no such layer.
    public func state(of layer: String, at t: Double) -> LayerState? {
        guard let i = layers.firstIndex(of: layer) else { return nil }
        return states(at: t)[i]
    }
}

/// A node of the composition tree: its duration and what it is.
struct Node: Sendable {
    var duration: Double
    var kind: Kind

    indirect enum Kind: Sendable {
        case track(Track)
        case group([Node])
        case sequence([Node], starts: [Double])
        case delay(Double, Node)
        case repeated(Node, count: Double, autoreverses: Bool)
        case speed(Double, Node)
    }

    /// The same node with every track's layer index i replaced by map[i].
    func remapped(_ map: [Int]) -> Node {
        switch kind {
        case .track(var t):
            t.layer = map[t.layer]
            return Node(duration: duration, kind: .track(t))
        case .group(let c): return Node(duration: duration, kind: .group(c.map { $0.remapped(map) }))
        case .sequence(let c, let s): return Node(duration: duration, kind: .sequence(c.map { $0.remapped(map) }, starts: s))
        case .delay(let d, let c): return Node(duration: duration, kind: .delay(d, c.remapped(map)))
        case .repeated(let c, let n, let r): return Node(duration: duration, kind: .repeated(c.remapped(map), count: n, autoreverses: r))
        case .speed(let f, let c): return Node(duration: duration, kind: .speed(f, c.remapped(map)))
        }
    }

    /// Writes this node's channels at local time `t` (≥ 0) into `s`; with `atEnd`, its exact
    /// final values whatever `t` is.
    func apply(_ t: Double, atEnd: Bool, _ s: inout [LayerState]) {
        let end = atEnd || t >= duration
        switch kind {
        case .track(let tr):
            tr.write(end ? tr.duration : t, atEnd: end, &s)
        case .group(let children):
            for c in children { c.apply(t, atEnd: end, &s) }
        case .sequence(let children, let starts):
            for (i, c) in children.enumerated() {
                if end {
                    c.apply(c.duration, atEnd: true, &s)
                    continue
                }
                guard t >= starts[i] else { break }
                // A step is over once the next one has started (no rounding left-overs).
                let over = i + 1 < starts.count && t >= starts[i + 1]
                c.apply(t - starts[i], atEnd: over, &s)
            }
        case .delay(let d, let c):
            if end {
                c.apply(c.duration, atEnd: true, &s)
            } else if t >= d {
                c.apply(t - d, atEnd: false, &s)
            }
        case .repeated(let c, let count, let autoreverses):
            let leg = c.duration
            let legs = autoreverses ? 2 * count : count
            guard leg > 0 else {
                c.apply(0, atEnd: true, &s)
                return
            }
            let lastLeg = legs.rounded(.up) - 1
            var k: Double, local: Double
            if end {
                k = lastLeg
                local = (legs - k) * leg
            } else {
                k = min((t / leg).rounded(.down), lastLeg)
                local = t - k * leg
            }
            local = min(max(local, 0), leg)
            let backward = autoreverses && k.truncatingRemainder(dividingBy: 2) == 1
            // The whole last leg is played: its exact end (the start state for a backward leg).
            let fullLeg = end && legs == legs.rounded(.down)
            if backward {
                c.apply(fullLeg ? 0 : leg - local, atEnd: false, &s)
            } else {
                c.apply(fullLeg ? leg : local, atEnd: fullLeg, &s)
            }
        case .speed(let f, let c):
            c.apply(end ? c.duration : t * f, atEnd: end, &s)
        }
    }
}

/// One track: channels of one layer driven over [0, duration].
struct Track: Sendable {
    var layer: Int
    var channels: [Channel]
    var duration: Double
    var curve: Curve

    enum Curve: Sendable {
        case tween(from: Double?, to: Double, timing: TimingFunction)
        case spring(Spring<Double>, from: Double, to: Double, initialVelocity: Double)
        case keyframes(KeyframeTrack<Double>, timing: TimingFunction)
    }

    /// Writes the track's value at local time `t` (0 ≤ t ≤ duration) into layer `layer`.
    func write(_ t: Double, atEnd: Bool, _ s: inout [LayerState]) {
        switch curve {
        case let .tween(from, to, timing):
            if atEnd || duration == 0 {
                s[layer][channels[0]] = to
            } else {
                let a = from ?? s[layer][channels[0]]
                s[layer][channels[0]] = a + (to - a) * timing.value(at: t / duration)
            }
        case let .spring(sp, from, to, velocity):
            s[layer][channels[0]] = atEnd ? to : sp.value(at: t, from: from, to: to, initialVelocity: velocity)
        case let .keyframes(track, timing):
            let v: [Double]
            if atEnd || duration == 0 {
                // The last key value exactly.
                let d = track.dimension, last = track.count - 1
                v = Array(track.values[(last * d)..<((last + 1) * d)])
            } else {
                v = track.value(at: timing.value(at: t / duration))
            }
            for (i, c) in channels.enumerated() { s[layer][c] = v[i] }
        }
    }
}
