import MotionKernel
import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `motionkernel eval`: the eval protocol (``Eval``, in MotionKernelEval) wired to a file
/// descriptor and standard output.
extension Eval {
    /// Reads request lines from file descriptor `fd` in bounded chunks and passes each answer
    /// line (with its newline) to `write`, in order.
    ///
    /// - Parameters:
    ///   - fd: where requests come from (0 for standard input).
    ///   - maxLineBytes: the longest line accepted (``maxLineBytes`` outside tests).
    ///   - chunkSize: bytes per `read(2)`.
    ///   - write: writes one answer line (UTF-8, newline included); false stops the stream
    ///     (a closed output pipe).
    /// - Returns: the exit status: 0 at end of input; 1 when reading fails (the OS reason is
    ///   printed as `Error: cannot read standard input: …`) or when `write` fails.
    static func run(input fd: Int32, maxLineBytes: Int, chunkSize: Int = 1 << 16, write: ([UInt8]) -> Bool) -> Int32 {
        precondition(maxLineBytes >= 0 && chunkSize > 0)
        var line: [UInt8] = []
        var overlong = false
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        func emit(_ answer: [UInt8]?) -> Bool {
            guard var answer else { return true }
            answer.append(0x0A)
            return write(answer)
        }
        func finishLine() -> Bool {
            let ok: Bool
            if overlong {
                ok = emit(overlongAnswer(limit: maxLineBytes))
            } else {
                ok = emit(answerBytes(line))
            }
            overlong = false
            // Keep a small buffer for the next line; give a big one back.
            if line.capacity > 1 << 20 { line = [] } else { line.removeAll(keepingCapacity: true) }
            return ok
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                Terminal.err("Error: cannot read standard input: \(reason)\n")
                return MotionKernelCommand.Status.failure
            }
            if n == 0 { break }
            var start = 0
            while start < n {
                let newline = chunk[start..<n].firstIndex(of: 0x0A)
                let end = newline ?? n
                if !overlong {
                    if line.count + (end - start) > maxLineBytes {
                        overlong = true
                        line = []
                    } else {
                        line.append(contentsOf: chunk[start..<end])
                    }
                }
                guard let newline else { break }
                if !finishLine() { return MotionKernelCommand.Status.failure }
                start = newline + 1
            }
        }
        if overlong || !line.isEmpty {
            if !finishLine() { return MotionKernelCommand.Status.failure }
        }
        return MotionKernelCommand.Status.ok
    }
}
