import Foundation
import MotionKernel
import Testing

/// The README's Swift example, compiled and checked (keep the two in step).
@Test("README example runs and its comments hold")
func readmeExample() throws {
    let n = 1000
    let k = [Float](repeating: 200, count: n), c = [Float](repeating: 20, count: n)
    let from = [Float](repeating: 0, count: n), to = [Float](repeating: 1, count: n), v = [Float](repeating: 0, count: n)

    let pop = try Spring<Double>.settling(in: 0.5, dampingRatio: 0.6, epsilon: 0.001, from: 0, to: 1, initialVelocity: 10)
    let (scale, speed) = pop.state(at: 0.1, from: 0, to: 1, initialVelocity: 10)

    let swiftUI = try Spring<Double>(duration: 0.5, bounce: 0.3)
    let settles = try swiftUI.settlingDuration(epsilon: 0.001)
    let css = try SpringCurve(spring: swiftUI).cssLinear(tolerance: 0.001).css
    let eased = CubicBezier.easeInEaseOut.value(at: 0.25)
    let material = try TimingFunction(css: "cubic-bezier(0.4, 0, 0.2, 1)")
    let moved = try TransformOperations<Double>(css: "translate(10px, 20px) rotate(45deg)").matrix

    let batch = try SpringBatch<Float>(stiffness: k, damping: c, from: from, to: to, initialVelocity: v)
    let frames = try batch.sample(.uniform(start: 0, step: 1.0 / 120, count: 120)).values

    #expect(scale > 0 && scale < 2 && speed.isFinite)
    #expect(abs(swiftUI.stiffness - 157.91) < 0.01 && abs(swiftUI.damping - 17.59) < 0.01)
    #expect(settles > 0 && settles < 2)
    #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(" 100%)"))
    #expect(eased > 0 && eased < 0.25)  // ease-in-out is slower than linear before the midpoint
    #expect(frames.count == n * 120 && frames[0] == 0)
    #expect(material.cssText == "cubic-bezier(0.4, 0, 0.2, 1)" && material.value(at: 0.5) > 0.5)  // fast out
    #expect(moved.m41 == 10 && moved.m42 == 20)  // the translation, applied after the rotation
}

// MARK: The README's Swift block is Examples/ReadmeExample/main.swift, and that program runs.

/// The repository root: this file is Tests/MotionKernelTests/ReadmeExampleTests.swift.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The text of the README's fenced block that follows the comment naming the example's file.
private func readmeExampleBlock() throws -> String {
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let marker = "<!-- The block below is Examples/ReadmeExample/main.swift byte for byte"
    let afterMarker = try #require(readme.range(of: marker)).upperBound
    let open = try #require(readme.range(of: "\n```swift\n", range: afterMarker..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
    return String(readme[open.upperBound..<close.lowerBound]) + "\n"
}

@Test("README's Swift block is Examples/ReadmeExample/main.swift byte for byte")
func readmeBlockIsTheExample() throws {
    let main = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/ReadmeExample/main.swift"), encoding: .utf8)
    let block = try readmeExampleBlock()
    #expect(block == main, "update README.md's block or Examples/ReadmeExample/main.swift so they match")
    // The dependency snippet names the library product that Package.swift declares.
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(readme.contains(#".product(name: "MotionKernel", package: "MotionKernel")"#))
    #expect(manifest.contains(#"name: "MotionKernel""#) && manifest.contains(#".library(name: "MotionKernel""#))
}

/// The built `ReadmeExample` executable: next to the test bundle (Linux:
/// .build/<triple>/<config>/MotionKernelPackageTests.xctest) or a few folders above it (macOS
/// bundles keep the runner in Contents/MacOS).
private func exampleExecutable() -> URL? {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
        let candidate = dir.appendingPathComponent("ReadmeExample")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

@Test("README example runs, and what it prints agrees with the closed forms")
func readmeExampleRuns() throws {
    let exe = try #require(exampleExecutable(), "build ReadmeExample first (swift build --build-tests builds every target)")
    let process = Process()
    process.executableURL = exe
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var out: [String: [String]] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let words = line.split(separator: " ").map(String.init)
        out[words[0]] = Array(words.dropFirst())
    }
    func number(_ key: String, _ i: Int = 0) throws -> Double {
        let words = try #require(out[key], "missing line \(key)")
        return try #require(Double(words[i]))
    }

    // Spring(duration: 0.5, bounce: 0.3): ω₀ = 2π/0.5 = 4π, ζ = 1 − 0.3, k = ω₀² = 16π², c = 2ζω₀ = 5.6π.
    // Bound: k = fl(w·w) with w = 4·fl(π) (exact scalings), so |k/16π² − 1| ≤ (1+u)³ − 1 < 4u;
    // c = fl(fl(fl(4π)·ζ̂)/0.5) with ζ̂ = fl(1 − fl(0.3)) within u/0.7 + u of 0.7 relatively,
    // so |c/5.6π − 1| ≤ u (π) + 2.5u (ζ̂) + u (product) < 8u. The printed text round-trips.
    let u = Double.ulpOfOne / 2
    let k = 16 * Double.pi * Double.pi, c = 5.6 * Double.pi
    #expect(abs(try number("stiffness") - k) <= 4 * u * k + 4 * u * k)  // + the reference's own rounding (≤ 4u)
    #expect(abs(try number("damping") - c) <= 8 * u * c + 4 * u * c)

    // Settling from 0 to 1 at rest: y(t) = −e^{−λt}(cos ωd t + (λ/ωd) sin ωd t), λ = ζω₀,
    // ωd = ω₀√(1 − ζ²). |y| has its extrema at ωd t = jπ with |y| = e^{−λjπ/ωd}: the last one
    // above ε = 0.001 is j = 2 (e^{−6.16} ≈ 0.0021; j = 3 gives 9.7e-5), so the exact settling
    // time lies after 2π/ωd and before the next zero of y, ωd t = 3π − atan(ωd/λ); and it is
    // at most the envelope bound ln(A/ε)/λ with A = √(1 + (λ/ωd)²).
    let zeta = 0.7, w0 = 4 * Double.pi
    let lambda = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
    let settles = try number("settles")
    let envelope = Double.log((1 + (lambda / wd) * (lambda / wd)).squareRoot() / 0.001) / lambda
    let zero = (3 * Double.pi - Double.atan(wd / lambda)) / wd
    // The references carry a few roundings of values below 1 s: 64u is far above them.
    #expect(settles > 2 * Double.pi / wd * (1 + 64 * u))
    #expect(settles < min(envelope, zero) * (1 + 64 * u))
    // At the settling time |y| = ε: T is bisected to adjacent Doubles (|ΔT| ≤ ulp(1) = 2u), so
    // |y(T) − y(T*)| ≤ 2u·max|y′| ≤ 2u·ω₀·A (< 1e-14); evaluating y in Double adds at most a
    // few tens of u times the terms' size (≤ 2, < 1e-14). 1e-13 bounds both.
    let y = -Double.exp(-lambda * settles) * (Double.cos(wd * settles) + lambda / wd * Double.sin(wd * settles))
    #expect(abs(abs(y) - 0.001) <= 1e-13)

    // The same closed form at t = 0.1 s, value and velocity y′ = e^{−λt}(ω₀²/ωd) sin ωd t; the
    // same rounding argument (terms ≤ 2, and ≤ 2ω₀²/ωd ≈ 35 for the velocity) gives 1e-13 and 1e-12.
    let t = 0.1
    let xRef = 1 - Double.exp(-lambda * t) * (Double.cos(wd * t) + lambda / wd * Double.sin(wd * t))
    let vRef = Double.exp(-lambda * t) * (w0 * w0 / wd) * Double.sin(wd * t)
    #expect(abs(try number("state", 0) - xRef) <= 1e-13)
    #expect(abs(try number("state", 1) - vRef) <= 1e-12)

    #expect(try number("pop.stiffness") > 0)
    // Spring.bouncy is Spring(duration: 0.5, bounce: 0.3), the spring above: each component is
    // target·(1 + y(0.25)) with y the closed form above (terms ≤ 2: 1e-13 relative, as there).
    let tb = 0.25
    let yb = -Double.exp(-lambda * tb) * (Double.cos(wd * tb) + lambda / wd * Double.sin(wd * tb))
    #expect(abs(try number("position", 0) - 100 * (1 + yb)) <= 100 * 1e-13)
    #expect(abs(try number("position", 1) - 40 * (1 + yb)) <= 40 * 1e-13)
    let css = try #require(out["css"]).joined(separator: " ")
    #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(" 100%)"))
    #expect(try number("eased") > 0 && number("eased") < 0.25)  // ease-in-out is slower than linear before the midpoint
    #expect(try number("material") > 0.5)  // Material's standard curve is fast out
    #expect(try number("moved", 0) == 10 && number("moved", 1) == 20)  // the translation, applied after the rotation
    #expect(try number("frames", 0) == 10_000 * 120 && number("frames", 1) == 0)  // x(0) = from exactly
}
