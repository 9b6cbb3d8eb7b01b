import Foundation

exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
