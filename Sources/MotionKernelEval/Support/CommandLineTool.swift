/// What the package's command-line binaries (`motionkernel` and `motionkernel-bench`) share:
/// the version they print, their exit statuses and how they report a usage error.
package enum CommandLineTool {
    /// The version `motionkernel version` and `motionkernel-bench` print.
    package static let version = "0.1.0"

    /// Exit statuses.
    package enum Status {
        /// Success.
        package static let ok: Int32 = 0
        /// A bad value or an I/O failure (the message names the reason).
        package static let failure: Int32 = 1
        /// A usage error (`EX_USAGE`): unknown subcommand or option, missing argument.
        package static let usage: Int32 = 64
    }

    /// Prints `Error: message` and `Usage: usage` to standard error; returns ``Status/usage`` (64).
    package static func usageError(_ message: String, usage: String) -> Int32 {
        Terminal.err("Error: \(message)\nUsage: \(usage)\n")
        return Status.usage
    }
}
