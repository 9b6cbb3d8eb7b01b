import Testing

@testable import MotionKernelCLI

/// Expects `plot KIND ARGS` to fail with `expected`: a usage error (exit 64) whose message
/// contains `text`, or a bad value (exit 1) whose message starts with `text`. Returns the
/// failure for further checks.
@discardableResult
func expectPlotFailure(
    _ kind: String, _ args: [String], _ expected: PlotFailure.Kind, _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> PlotFailure {
    let failure: PlotFailure
    do {
        _ = try PlotCommand.render([kind] + args)
        Issue.record("plot \(kind) \(args) drew", sourceLocation: sourceLocation)
        throw ParsedSVG.ParseFailure(reason: "expected a failure, got a picture")
    } catch let error as PlotFailure {
        failure = error
    }
    let (status, matches) = expected == .usage ? (64, failure.message.contains(text)) : (1, failure.message.hasPrefix(text))
    #expect(
        failure.kind == expected && failure.status == status && matches, "\(failure.message)", sourceLocation: sourceLocation)
    return failure
}

/// The help text of `plot ARGS`; throws when it draws instead.
func plotHelp(_ args: [String]) throws -> String {
    guard case .help(let text) = try PlotCommand.render(args) else {
        throw ParsedSVG.ParseFailure(reason: "no help: expected help, got a picture")
    }
    return text
}
