import MotionKernelCLI
import Foundation
exit(MotionKernelCommand.main(Array(CommandLine.arguments.dropFirst())))
