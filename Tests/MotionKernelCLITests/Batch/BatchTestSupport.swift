import Foundation
import Testing
@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// A new empty folder under the temporary directory.
func tempDir() -> String {
    let d = NSTemporaryDirectory() + "mk-batch-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    return d
}

/// The `.npy` file at `path`, decoded.
func readNPY(_ path: String) throws -> NPY.Array2 {
    try NPY.decode(try #require(FileManager.default.contents(atPath: path)))
}

/// Writes a spec's `text` to `spec.json` in `dir` (default: a new temporary folder).
/// - Returns: the file's path.
func writeSpec(_ text: String, in dir: String = tempDir()) throws -> String {
    let path = dir + "/spec.json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Job `s` of the batch and merge command tests (JSON text): `count` springs of seed 9 whose
/// stiffness is uniform in [50, 500] and damping ratio a linspace from 0.2 to 2, both outputs
/// at `times` times 0, 0.01, …; `motion` inserts the initial conditions (members, each
/// followed by a comma).
func springsJob(count: Int, times: Int, motion: String = "") -> String {
    #"""
    {"name": "s", "kind": "spring.batch", "count": \#(count), "seed": 9,
     "spring": {"stiffness": {"uniform": [50, 500]}, "dampingRatio": {"linspace": [0.2, 2]}},\#(motion)
     "times": {"start": 0, "step": 0.01, "count": \#(times)}, "outputs": ["value", "velocity"]}
    """#
}
