import Foundation
import MotionKernel
import Testing

@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `plot decay`: the picture of a released gesture. The stop and crossing labels are checked
/// against closed forms computed here (UIKit's time to within restDelta of its limit; Motion's
/// inertia crossing of a bound, x(t) = target − A·e^{−t/τ} solved for the bound).
@Suite("plot decay")
struct PlotDecayTests {
    func svg(_ args: [String]) throws -> ParsedSVG {
        guard case .svg(let text, _) = try PlotCommand.render(["decay"] + args) else {
            throw ParsedSVG.ParseFailure(reason: "expected an SVG, got help")
        }
        return try ParsedSVG(text)
    }

    /// The number in the first text starting with `prefix` and ending in " s".
    func seconds(_ doc: ParsedSVG, _ prefix: String) throws -> Double {
        let label = try #require(doc.texts.first { $0.hasPrefix(prefix) })
        return try #require(Double(label.dropFirst(prefix.count).dropLast(2)))
    }

    @Test("UIKit: the stop at ln(restDelta·a/|v₀|)/(−a) with a = −1000 ln r, the resting and projected values")
    func uikit() throws {
        let doc = try svg(["--decay", #"{"model":"uikit"}"#, "--velocity", "2000", "--from", "10"])
        let a = -1000 * Foundation.log(0.998)
        let stop = Foundation.log(0.5 * a / 2000) / -a
        // Labels carry three significant digits.
        #expect(abs(try seconds(doc, "stops at ") - stop) <= 0.005 * stop)
        #expect(doc.texts.contains { $0.hasPrefix("resting value 1.01e+03") || $0.hasPrefix("resting value 1009") || $0.hasPrefix("resting value 1010") })
        #expect(doc.texts.contains { $0.hasPrefix("projected value ") })
        #expect(doc.element(id: "series-value") != nil && doc.element(id: "series-velocity") != nil)
    }

    @Test("Motion's inertia: the bound, and the crossing time of target − A·e^{−t/τ} with the bound")
    func inertia() throws {
        let doc = try svg(["--decay", #"{"model":"motionInertia","max":300}"#, "--velocity", "2000"])
        // Motion: amplitude A = power·v₀ = 1600, target 1600 beyond max 300.
        let crossing = -0.325 * Foundation.log((1600 - 300) / 1600.0)
        #expect(abs(try seconds(doc, "crosses at ") - crossing) <= 0.005 * crossing)
        #expect(doc.texts.contains("bounds"))
    }

    @Test("bad input: a typed error naming the option and field, or a usage error")
    func failures() {
        func failure(_ args: [String]) -> PlotFailure? {
            do {
                _ = try PlotCommand.render(["decay"] + args)
                return nil
            } catch { return error }
        }
        let rate = failure(["--decay", #"{"model":"uikit","decelerationRate":2}"#, "--velocity", "1"])
        #expect(rate?.kind == .invalid && rate?.message.contains("decay.decelerationRate") == true)
        #expect(failure(["--decay", #"{"model":"compose"}"#])?.kind == .usage)
        let model = failure(["--decay", #"{"model":"fling"}"#, "--velocity", "1"])
        #expect(model?.kind == .invalid && model?.message.contains("decay.model") == true)
        #expect(failure(["--decay", #"{"model":"compose"}"#, "--velocity", "nan"])?.kind == .invalid)
        #expect(PlotCommand.run(["decay", "--decay", #"{"model":"androidFling"}"#, "--velocity", "3000", "--out", "/dev/null/x.svg"]) == 1)
    }
}
