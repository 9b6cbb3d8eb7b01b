import MotionKernel

/// `motionkernel presets` (filled in by its issue).
enum PresetsCommand {
    static let usage = "motionkernel presets [sample NAME [--fps N] [--option k=v]... [--format json|csv|npy]]"

    @Sendable static func run(_ args: [String]) -> Int32 {
        Terminal.err("motionkernel presets: not available yet\n")
        return MotionKernelCommand.Status.notYet
    }
}
