import Testing
@testable import MotionKernel

/// The field an interpolation error names, or nil when it succeeded (then every entry must be
/// finite) or threw something other than `invalidValue`.
private func failure<T: MotionScalar>(_ body: () throws -> [T]) -> String? {
    do {
        let r = try body()
        let finite = r.allSatisfy { $0.isFinite }
        #expect(finite, "a success must be finite: \(r)")
        return nil
    } catch let e as MotionKernelError {
        #expect(e.code == .invalidValue, "\(e)")
        return e.field
    } catch {
        Issue.record("unexpected \(error)")
        return "?"
    }
}

@Suite("transform interpolation never returns a wrong answer as success")
struct TransformRobustnessTests {
    func translation<T: MotionScalar>(_ x: T, _ y: T) -> Transform3D<T> { Transform3D(translation: Vector3(x, y, 0)) }

    func overflows<T: MotionScalar>(_: T.Type) throws {
        let big = T.greatestFiniteMagnitude / 2
        // Scale factors whose 3×3 determinant overflows: the old code took this for a singular
        // matrix and stepped discretely to `to` (the identity) at fraction 0.5.
        let huge = Transform3D<T>(scale: Vector3(big, big, 1))
        #expect(failure { try Transform3D.interpolate(from: huge, to: .identity, fraction: 0.5).rowMajor } == "from")
        #expect(failure { try Transform3D.interpolate(from: .identity, to: huge, fraction: 0.5).rowMajor } == "to")
        // A translation near the top of the range with a perspective part: p.w = 1 − t·p overflows.
        var persp = translation(big, big)
        persp.m14 = 4
        #expect(failure { try Transform3D.interpolate(from: persp, to: .identity, fraction: 0.25).rowMajor } == "from")
        // Both ends decompose, but extrapolating the translation overflows.
        let t1 = translation(big, 0), t2 = translation(-big, 0)
        #expect(failure { try Transform3D.interpolate(from: t1, to: t2, fraction: 3).rowMajor } == "fraction")
        // Both ends decompose and the parts interpolate, but recomposition overflows:
        // scale.x ≈ big/2 and perspective.x ≈ big/2 multiply in m14.
        let sx = Transform3D<T>(scale: Vector3(big, 1, 1))
        var px = Transform3D<T>.identity
        px.m14 = big
        #expect(sx.decomposed != nil && px.decomposed != nil)
        #expect(failure { try Transform3D.interpolate(from: sx, to: px, fraction: 0.5).rowMajor } == "fraction")
        // Non-finite inputs and fractions are named too.
        var nan = Transform3D<T>.identity
        nan.m42 = .nan
        #expect(failure { try Transform3D.interpolate(from: nan, to: .identity, fraction: 0.5).rowMajor } == "from")
        #expect(failure { try Transform3D.interpolate(from: .identity, to: nan, fraction: 0).rowMajor } == "to")
        #expect(failure { try Transform3D<T>.interpolate(from: .identity, to: .identity, fraction: T.infinity).rowMajor } == "fraction")
        // The in-range behaviour is unchanged: singular ends still step discretely, exactly.
        let sing = Transform3D<T>(scale: Vector3(1, 0, 1)), b: Transform3D<T> = translation(3, 4)
        #expect(try Transform3D<T>.interpolate(from: sing, to: b, fraction: 0.49) == sing)
        #expect(try Transform3D<T>.interpolate(from: sing, to: b, fraction: 0.5) == b)
        // Ends are returned exactly, even huge ones.
        #expect(try Transform3D<T>.interpolate(from: huge, to: .identity, fraction: 0) == huge)
    }

    @Test("overflowing decompositions, interpolations and recompositions throw naming the field", arguments: Precision.allCases)
    func overflowing(_ precision: Precision) throws {
        try overflows(precision.type)
    }

    @Test("operation lists: overflowing parameters or matrix pairs throw naming the field")
    func operationLists() throws {
        typealias Ops = TransformOperations<Double>
        let a = try Ops([.translate(x: 1e308, y: 0, z: 0)]), b = try Ops([.translate(x: -1e308, y: 0, z: 0)])
        #expect(try Ops.interpolate(from: a, to: b, fraction: 0.5).operations == [.translate(x: 0, y: 0, z: 0)])
        #expect(failure { try Ops.interpolate(from: a, to: b, fraction: 2).matrix.rowMajor } == "fraction")
        let m = try Ops([.matrix(Transform3D(scale: Vector3(1e300, 1e300, 1)))]), i = try Ops([.matrix(.identity)])
        #expect(failure { try Ops.interpolate(from: m, to: i, fraction: 0.5).matrix.rowMajor } == "from.operations[0]")
        #expect(failure { try Ops.interpolate(from: i, to: m, fraction: 0.5).matrix.rowMajor } == "to.operations[0]")
        // Lists of different kinds interpolate their net matrices: those are named `from`/`to`.
        let s = try Ops([.scale(x: 2, y: 2, z: 1)])
        let twice = try Ops([.translate(x: 1e308, y: 0, z: 0), .translate(x: 1e308, y: 0, z: 0), .skew(ax: 0, ay: 0)])
        #expect(failure { try Ops.interpolate(from: twice, to: s, fraction: 0.3).matrix.rowMajor } == "from")
        #expect(failure { try Ops.interpolate(from: s, to: twice, fraction: 0.7).matrix.rowMajor } == "to")
    }

    func bulk<T: MotionScalar>(_: T.Type) throws {
        let big = T.greatestFiniteMagnitude / 2
        let ok = Transform3D<T>(translation: Vector3(1, 2, 3)).rowMajor
        let huge = Transform3D<T>(scale: Vector3(big, big, 1)).rowMajor
        var out: [T] = []
        // Pair 2's `from` cannot be decomposed without overflow: named by its first number.
        #expect(
            failure { () -> [T] in
                try TransformBatch.interpolate(from: ok + ok + huge + ok, to: ok + ok + ok + ok, fraction: 0.5, into: &out)
                return out
            } == "from[32]")
        #expect(
            failure { () -> [T] in
                try TransformBatch.interpolate(from: ok + ok, to: ok + huge, fraction: 0.5, into: &out)
                return out
            } == "to[16]")
        // Extrapolation overflows in pair 1.
        let far = Transform3D<T>(translation: Vector3(big, 0, 0)).rowMajor
        let back = Transform3D<T>(translation: Vector3(-big, 0, 0)).rowMajor
        #expect(
            failure { () -> [T] in
                try TransformBatch.interpolate(from: ok + far, to: ok + back, fraction: 3, into: &out)
                return out
            } == "fraction")
    }

    @Test("bulk interpolation throws for the first overflowing pair, naming it", arguments: Precision.allCases)
    func bulkOverflow(_ precision: Precision) throws {
        try bulk(precision.type)
    }

    func hostile<T: MotionScalar>(_: T.Type) throws {
        var rng = SplitMix64(seed: 0x40571)
        let maxExp = T.greatestFiniteMagnitude.exponent
        func entry() -> T {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return 0
            case 1: return T(rng.uniform(-2, 2))
            default:
                let e = Int.random(in: -Int(maxExp)...Int(maxExp), using: &rng)
                return T(
                    sign: Bool.random(using: &rng) ? .minus : .plus, exponent: T.Exponent(e),
                    significand: T(rng.uniform(1, 1.99)))
            }
        }
        var from: [T] = [], to: [T] = []
        var fractions: [T] = []
        for _ in 0..<400 {
            let a = (0..<16).map { _ in entry() }, b = (0..<16).map { _ in entry() }
            let t = T([0.5, -0.25, 1.75, 0.1, 3][Int.random(in: 0..<5, using: &rng)])
            let x = try Transform3D<T>(rowMajor: a), y = try Transform3D<T>(rowMajor: b)
            // Scalar: a named error or a finite matrix, never a silent non-finite number.
            let field = failure { try Transform3D.interpolate(from: x, to: y, fraction: t).rowMajor }
            #expect(field == nil || ["from", "to", "fraction"].contains(field!), "\(String(describing: field))")
            // Bulk, one pair at a time: the same outcome, and the same bits on success.
            var out: [T] = []
            let bulkField = failure { () -> [T] in
                try TransformBatch.interpolate(from: a, to: b, fraction: t, into: &out)
                return out
            }
            #expect((field == nil) == (bulkField == nil))
            if field == nil, let r = try? Transform3D.interpolate(from: x, to: y, fraction: t) {
                #expect(out == r.rowMajor)
            }
            from += a; to += b; fractions.append(t)
        }
        // Bulk over all pairs at one fraction: fails iff some pair fails.
        let t: T = 0.5
        var anyFails = false
        for k in 0..<400 {
            let x = try Transform3D<T>(rowMajor: from[(16 * k)..<(16 * k + 16)])
            let y = try Transform3D<T>(rowMajor: to[(16 * k)..<(16 * k + 16)])
            if (try? Transform3D.interpolate(from: x, to: y, fraction: t)) == nil { anyFails = true }
        }
        var out: [T] = []
        #expect(
            (failure { () -> [T] in
                try TransformBatch.interpolate(from: from, to: to, fraction: t, into: &out)
                return out
            } != nil) == anyFails)
    }

    @Test("hostile random matrices (entries up to the top of the range): an error or a finite result", arguments: Precision.allCases)
    func hostileMatrices(_ precision: Precision) throws {
        try hostile(precision.type)
    }
}
