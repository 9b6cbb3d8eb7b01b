import MotionKernel

/// `motionkernel batch` (filled in with the bulk kernels).
enum BatchCommand {
    static func run(_ args: [String]) -> Int32 {
        Terminal.err("motionkernel batch: not available yet (arrives with the issue \"Springs\")\n")
        return MotionKernelCommand.Status.notYet
    }
}
