import MotionKernel

/// `motionkernel plot` (filled in by its issue).
enum PlotCommand {
    static let usage = "motionkernel plot spring|timing|keyframes|preset ... --out FILE.svg"

    @Sendable static func run(_ args: [String]) -> Int32 {
        Terminal.err("motionkernel plot: not available yet\n")
        return MotionKernelCommand.Status.notYet
    }
}
