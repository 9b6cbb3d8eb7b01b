import Foundation
import MotionKernel
import MotionPresets
import Testing

@testable import MotionKernelCLI
@testable import MotionKernelEval

/// The exports rendered by a real browser: headless Chromium loads one page with every preset's
/// CSS export (and one with every WAAPI export), pauses all animations, seeks them to the
/// frame times of `preset.sample` at 64 fps, and prints each layer's computed `transform` and
/// `opacity` into the DOM; the test compares them with the preset's own frames.
///
/// Frame times k/64 s are whole microseconds and exact in milliseconds, so Chromium's
/// microsecond animation clock does not move them. The slack on top of the export's stated
/// tolerance is Chromium's printing of computed values with 6 significant digits (WTF's
/// `String::Number(double)`, fixed precision 6, as Chromium 156 prints them): a printed p
/// is within 0.5·10^(⌊log₁₀|p|⌋ − 5) of the value, plus 2⁻²³ for opacity (stored as a float).
@Suite("Exports in a real browser", .serialized)
struct BrowserExportTests {
    /// `chromium` (or `chromium-browser`) on PATH, or nil.
    static let browser: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let p = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: p) { return p }
            }
        }
        return nil
    }()

    static let skipReason: Comment = "chromium is not on PATH (Tools/setup installs it where apt-get and root are available)"

    /// Every preset with its defaults, and one non-default option set each.
    static let cases: [(preset: String, options: [String: Double])] = {
        var c: [(String, [String: Double])] = PresetRegistry.all.map { ($0.name, [:]) }
        c += [
            ("shake", ["amplitude": 30, "duration": 0.5]),
            ("wiggle", ["delay": 0.5, "legDuration": 0.125, "degrees": 8, "swings": 2]),
            ("pop", ["duration": 0.75, "dampingRatio": 0.4, "from": 0.5, "to": 1.5, "initialVelocity": 4]),
            ("spin", ["fromAngle": 3, "duration": 0.5]),
            ("toolbarReveal", ["screenHeight": 800, "toolbarHeight": 50, "duration": 0.25]),
            ("toolbarHide", ["screenHeight": 600, "toolbarHeight": 60, "duration": 0.5]),
            ("flyAway", ["angle": -1, "split": 0.3, "duration": 1.5, "midX": 0.6]),
            ("flyAway", ["width": 1e6, "height": 1e6, "viewHeight": 1e6]),
        ]
        return c
    }()

    struct Case {
        let scope: String
        let animation: Animation
        let export: CSSExport
        let frames: [Frame]
    }

    static func build() throws -> [Case] {
        try cases.enumerated().map { i, c in
            let a = try PresetRegistry.named(c.preset).make(options: c.options)
            return Case(scope: "p\(i)", animation: a, export: try a.cssExport(), frames: try a.frames(fps: 64))
        }
    }

    /// The page's script: seek every animation to each time and print the computed styles.
    static func script(_ cases: [Case], setup: String) -> String {
        let times = cases.map { "[" + $0.frames.map { "\($0.time * 1000)" }.joined(separator: ",") + "]" }.joined(separator: ",")
        let layers = cases.map { c in "[" + c.animation.layers.map { "\"\($0)\"" }.joined(separator: ",") + "]" }.joined(separator: ",")
        return """
            \(setup)
            const times = [\(times)];
            const layers = [\(layers)];
            const lines = [];
            const anims = document.getAnimations();
            for (const an of anims) an.pause();
            for (let i = 0; i < times.length; i++) {
              for (let k = 0; k < times[i].length; k++) {
                for (const an of anims) an.currentTime = times[i][k];
                for (const l of layers[i]) {
                  const el = document.querySelector('.p' + i + ' .' + l);
                  const cs = getComputedStyle(el);
                  lines.push(i + '|' + l + '|' + k + '|' + cs.transform + '|' + cs.opacity);
                }
              }
            }
            lines.push('animations ' + anims.length);
            document.getElementById('out').textContent = lines.join('\\n');
            """
    }

    static func page(_ cases: [Case], style: String, setup: String) -> String {
        var body = ""
        for c in cases {
            body += "<div class=\"\(c.scope)\">" + c.animation.layers.map { "<div class=\"\($0)\"></div>" }.joined() + "</div>\n"
        }
        return """
            <!DOCTYPE html><html><head><style>
            div { width: 10px; height: 10px; }
            \(style)
            </style></head><body>
            \(body)<pre id="out"></pre>
            <script>
            \(script(cases, setup: setup))
            </script></body></html>
            """
    }

    /// Loads `html` in headless Chromium and returns the lines it printed.
    static func render(_ html: String) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mk-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("page.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = [
            "120", try #require(browser), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--disable-sync", "--user-data-dir=\(dir.path)/profile",
            "--dump-dom", file.absoluteString,
        ]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "<pre id=\"out\">"), let end = text.range(of: "</pre>", range: start.upperBound..<text.endIndex)
        else {
            Issue.record("chromium printed no result (status \(p.terminationStatus)): \(text.prefix(300))")
            return []
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Half a unit in the 6th significant digit of the printed `p`.
    static func printSlack(_ p: Double) -> Double {
        guard p != 0 else { return 1e-300 }
        return 0.5 * Double.pow(10, (Double.log(abs(p)) / Double.log(10)).rounded(.down) - 5)
    }

    /// Compares the browser's lines with the frames; returns the number of values checked.
    static func compare(_ lines: [String], _ cases: [Case], format: String) throws -> Int {
        var checked = 0
        var index: [String: [Double]] = [:]
        for line in lines {
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5 else { continue }
            var m: [Double] = [1, 0, 0, 1, 0, 0]
            if f[3] != "none" {
                let inner = f[3].drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
                m = inner.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            }
            index["\(f[0])|\(f[1])|\(f[2])"] = m + [Double(f[4]) ?? .nan]
        }
        for (i, c) in cases.enumerated() {
            let tol = c.export.tolerance
            // docs/eval-protocol.md: T ≤ 0.01 + 4·10⁻⁶·L px for presets without a spring (L the largest
            // |translation| a layer reaches); below 0.01 for the ones here of everyday size.
            let reach = c.frames.flatMap { $0.states.map { max(abs($0.translationX), abs($0.translationY)) } }.max() ?? 0
            #expect(tol > 0 && tol < (reach > 1e4 ? 0.01 + 4e-6 * reach : 0.01), "\(format) \(cases[i].scope): stated tolerance \(tol)")
            for (k, fr) in c.frames.enumerated() {
                for (li, l) in c.animation.layers.enumerated() {
                    let key = "\(i)|\(l)|\(k)"
                    guard let got = index[key], got.count == 7 else {
                        Issue.record("\(format): no browser value for \(key)")
                        continue
                    }
                    let r = fr.states[li].transform.rowMajor
                    let want = [r[0], r[1], r[4], r[5], r[12], r[13], fr.states[li].opacity]
                    for j in 0..<7 {
                        let slack = printSlack(got[j]) + (j == 6 ? 0x1p-23 : 0)
                        #expect(
                            abs(got[j] - want[j]) <= tol + slack,
                            "\(format) \(BrowserExportTests.cases[i].preset) \(BrowserExportTests.cases[i].options) layer \(l) t \(fr.time): entry \(j) browser \(got[j]) vs \(want[j]) (tolerance \(tol) + \(slack))"
                        )
                        checked += 1
                    }
                }
            }
        }
        return checked
    }

    @Test("CSS export: Chromium's computed transform and opacity match the preset's frames", .enabled(if: browser != nil, skipReason))
    func cssInChromium() throws {
        let cases = try Self.build()
        let style = cases.map { $0.export.cssText(scope: $0.scope) }.joined(separator: "\n")
        let lines = try Self.render(Self.page(cases, style: style, setup: ""))
        let expectedAnimations = cases.map(\.export.layers.count).reduce(0, +)
        #expect(lines.last == "animations \(expectedAnimations)")
        let n = try Self.compare(lines, cases, format: "css")
        #expect(n >= 7 * 64)
    }

    @Test("WAAPI export: element.animate(keyframes, options) in Chromium matches the preset's frames", .enabled(if: browser != nil, skipReason))
    func waapiInChromium() throws {
        let cases = try Self.build()
        var setup = ""
        for c in cases {
            let json = JSONWriter.string(PresetOps.waapiJSON(c.export))
            setup +=
                "{ const w = \(json); for (const l of Object.keys(w)) document.querySelector('.\(c.scope) .' + l).animate(w[l].keyframes, w[l].options); }\n"
        }
        let lines = try Self.render(Self.page(cases, style: "", setup: setup))
        let expectedAnimations = cases.map(\.export.layers.count).reduce(0, +)
        #expect(lines.last == "animations \(expectedAnimations)")
        let n = try Self.compare(lines, cases, format: "waapi")
        #expect(n >= 7 * 64)
    }
}
