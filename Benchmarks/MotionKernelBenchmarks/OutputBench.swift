import Foundation
import MotionKernel
import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text output of `motionkernel batch` (docs/benchmarks.md): `batch.csv` and `batch.json` write
/// 2,000 × 120 Float32 (uniform in [−1, 1] from SplitMix64 seed 0xC5F, row-major) to a file
/// through the batch command's own writer (`OutputEncoder` on `--threads` threads, in chunks of 2¹⁹ numbers as
/// `batch` submits them, into one file created anew per call). Checked by reading the file back:
/// every number must parse (as a Float) to the exact bits written, else the error is infinite.
enum OutputBench {
    static let rows = 2_000
    static let columns = 120

    static func workloads() -> [BenchWorkload] {
        [text(format: "csv"), text(format: "json")]
    }

    /// The inputs, shared with the NumPy and pandas peers (bench_numpy.py, `batch_csv`).
    static func values() -> [Float] {
        var rng = SplitMix64(seed: 0xC5F)
        return (0..<rows * columns).map { _ in Float(rng.nextUnit(in: -1, 1)) }
    }

    static func text(format: String) -> BenchWorkload {
        BenchWorkload(name: "batch.\(format)", precision: "float") {
            let values = values()
            let path = NSTemporaryDirectory() + "/motionkernel-bench-\(getpid()).\(format)"
            let chunk = max(1, (1 << 19) / columns) * columns
            var failed = false
            return .init(
                items: values.count,
                kernel: {
                    let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
                    guard fd >= 0 else {
                        failed = true
                        return
                    }
                    let file = OutputFile(fd: fd, path: path, name: path)
                    var encoder = OutputEncoder(format: format, rows: rows, columns: columns, dtype: .float32, threads: Parallel.threadCount)
                    do {
                        try encoder.start(file)
                        try values.withUnsafeBufferPointer { all in
                            var lo = 0
                            while lo < all.count {
                                let hi = min(all.count, lo + chunk)
                                try encoder.append(UnsafeBufferPointer(rebasing: all[lo..<hi]), to: file)
                                lo = hi
                            }
                        }
                        try encoder.finish(file)
                    } catch { failed = true }
                    file.close()
                },
                check: {
                    defer { unlink(path) }
                    guard !failed, let data = FileManager.default.contents(atPath: path) else { return .infinity }
                    var text = Substring(String(decoding: data, as: UTF8.self))
                    if format == "json" {
                        let head = "{\"shape\":[\(rows),\(columns)],\"data\":["
                        guard text.hasPrefix(head), text.hasSuffix("]}\n") else { return .infinity }
                        text = text.dropFirst(head.count).dropLast(3)
                    }
                    let tokens = text.split(whereSeparator: { $0 == "," || $0 == "\n" })
                    guard tokens.count == values.count else { return .infinity }
                    var err: Double = 0
                    for (token, v) in zip(tokens, values) {
                        guard let back = Float(token) else { return .infinity }
                        if back.bitPattern != v.bitPattern { err = max(err, Double(abs(back - v)), .leastNonzeroMagnitude) }
                    }
                    return err
                }, tolerance: 0)
        }
    }
}
