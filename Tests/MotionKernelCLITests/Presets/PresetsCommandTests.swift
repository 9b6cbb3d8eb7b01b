import Foundation
import Testing
import MotionKernel
import MotionPresets
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `motionkernel presets [sample NAME [--fps N] [--option k=v]... [--format json|csv|npy]]`:
/// argument parsing, usage errors (exit 64), the listing and the table behind csv/npy output.
@Suite("presets command")
struct PresetsCommandTests {
    @Test("parses sample NAME with fps, repeated options and a format")
    func parse() throws {
        let o = try PresetsCommand.parse(["sample", "pop", "--fps", "120", "--option", "to=2", "--option", "dampingRatio=0.4", "--format", "csv"])
        #expect(o.name == "pop" && o.fps == 120 && o.format == "csv")
        #expect(o.options == ["to": 2, "dampingRatio": 0.4])
        let d = try PresetsCommand.parse(["sample", "spin"])
        #expect(d.fps == 60 && d.format == "json" && d.options.isEmpty)
    }

    @Test("bad arguments are usage errors with exit status 64")
    func usageErrors() throws {
        let bad: [[String]] = [
            ["bogus"], ["sample"], ["sample", "pop", "--fps"], ["sample", "pop", "--fps", "0"], ["sample", "pop", "--fps", "2000"],
            ["sample", "pop", "--option", "to"], ["sample", "pop", "--option", "to=x"], ["sample", "pop", "--option", "to=1", "--option", "to=2"],
            ["sample", "pop", "--format", "xml"], ["sample", "pop", "extra"], ["sample", "pop", "--colour"],
            ["sample", "nope"], ["sample", "pop", "--option", "stiffness=3"], ["sample", "pop", "--option", "dampingRatio=-1"],
        ]
        for args in bad {
            #expect(PresetsCommand.run(args) == MotionKernelCommand.Status.usage, "\(args)")
        }
        #expect(throws: ArgumentError.self) { try PresetsCommand.parse(["sample", "pop", "--fps", "nan"]) }
    }

    @Test("the listing names every preset and its options with defaults")
    func listing() {
        let text = PresetsCommand.listing()
        for d in PresetRegistry.all {
            #expect(text.contains("  \(d.name) — "), "\(d.name)")
            for o in d.options { #expect(text.contains("--option \(o.name)="), "\(d.name).\(o.name)") }
        }
        #expect(text.contains("--option dampingRatio=0.6") && text.contains("--option duration=2 ") && text.contains("--option swings=4"))
    }

    @Test("the csv/npy table: time, then per layer m11…m44 and opacity")
    func table() throws {
        let a = try Preset.toolbarReveal()
        let rows = PresetsCommand.table(try a.frames(fps: 10))
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 1 + 2 * 17 })
        #expect(rows.map { $0[0] } == [0, 0.1, 0.2])
        // toolbar m42 is column 1 + 13; tab bar opacity is the last column.
        #expect(rows[0][14] == 667 && rows[2][14] == 623 && rows[0][34] == 1 && rows[2][34] == 0)
        #expect(PresetsCommand.columnNames.count == 17 && PresetsCommand.columnNames.last == "opacity")
        // The npy image of the table decodes to the same numbers.
        let flat = rows.flatMap { $0 }
        let data = flat.withUnsafeBufferPointer { NPY.encode($0, shape: [rows.count, rows[0].count]) }
        let back = try NPY.decode(data)
        #expect(back.shape == [3, 35] && back.values == flat)
    }
}
