/// A usage error found while parsing a command line: printed as `Error: message` and the
/// subcommand's usage, exit status 64.
package struct ArgumentError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// The command line of one subcommand, parsed against the options it accepts; shared by every
/// subcommand (and the benchmark binary).
///
/// - `--name VALUE` options take the next word as their value, even when it starts with `-`;
///   each is given at most once, except the `repeatable` ones, whose values are kept in order.
/// - `flags` take no value.
/// - `--help` and `-h` set ``wantsHelp`` (the caller prints its help and ignores the rest).
/// - Any other word starting with `-` (but `-` alone or a number such as `-3`) is an unknown
///   option; other words are positional, at most `maxPositional` of them.
package struct Arguments: Sendable {
    /// The value of each single-valued option given.
    package private(set) var values: [String: String] = [:]
    /// The values of each repeatable option, in order.
    package private(set) var repeated: [String: [String]] = [:]
    /// The flags given.
    package private(set) var flags: Set<String> = []
    /// The positional words, in order.
    package private(set) var positional: [String] = []
    /// `--help` or `-h` was given.
    package private(set) var wantsHelp = false

    /// - Throws: ``ArgumentError`` for an unknown option, an option given twice, a missing value,
    ///   or more than `maxPositional` positional words.
    package init(
        _ args: [String], options: Set<String>, repeatable: Set<String> = [], flags flagNames: Set<String> = [],
        maxPositional: Int
    ) throws(ArgumentError) {
        let known = options.union(repeatable).union(flagNames)
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--help" || a == "-h" {
                wantsHelp = true
            } else if flagNames.contains(a) {
                guard !flags.contains(a) else { throw ArgumentError("\(a) given more than once") }
                flags.insert(a)
            } else if options.contains(a) || repeatable.contains(a) {
                guard i < args.count else { throw ArgumentError("\(a) needs a value") }
                let v = args[i]
                i += 1
                if repeatable.contains(a) {
                    repeated[a, default: []].append(v)
                } else {
                    guard values[a] == nil else { throw ArgumentError("\(a) given more than once") }
                    values[a] = v
                }
            } else if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
                throw ArgumentError("unknown option '\(a)'; expected one of \(known.union(["--help"]).sorted().joined(separator: ", "))")
            } else {
                guard positional.count < maxPositional else { throw ArgumentError("unexpected argument '\(a)'") }
                positional.append(a)
            }
        }
    }

    /// The value of `option`, or nil when it is absent.
    package subscript(option: String) -> String? { values[option] }

    /// A whole number in `range`, or nil when absent.
    /// - Throws: ``ArgumentError`` "`option` needs a whole number from lo to hi".
    package func integer(_ option: String, in range: ClosedRange<Int>) throws(ArgumentError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw ArgumentError("\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// One of `choices`, or nil when absent.
    /// - Throws: ``ArgumentError`` "`option` must be a, b or c".
    package func choice(_ option: String, _ choices: [String]) throws(ArgumentError) -> String? {
        guard let v = values[option] else { return nil }
        guard choices.contains(v) else {
            throw ArgumentError("\(option) must be \(choices.dropLast().joined(separator: ", ")) or \(choices.last ?? "")")
        }
        return v
    }
}
