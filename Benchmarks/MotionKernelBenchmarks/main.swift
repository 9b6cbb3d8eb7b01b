import Foundation
import MotionKernelCLI

exit(MotionKernelCommand.main(["bench"] + Array(CommandLine.arguments.dropFirst())))
