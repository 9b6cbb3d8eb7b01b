#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MotionKernelCLI

exit(MotionKernelCommand.main(Array(CommandLine.arguments.dropFirst())))
