import MotionKernelEval

/// A running job's progress bar on standard error and its compute time.
///
/// The bar (`name [#####.....] 42%`, 30 cells) is drawn only when standard error is a terminal,
/// once the job has run for a second, at most every 100 ms, and erased when the job ends; it
/// never reaches standard output or the files.
struct BatchProgress {
    private let name: String
    private let shown: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant

    /// Starts the clock of job `name`; `shown`: whether the bar may be drawn.
    init(job name: String, shown: Bool = Terminal.stderrIsTerminal) {
        self.name = name
        self.shown = shown
        start = clock.now
        lastDraw = start
    }

    /// Draws the bar at `done` (0…1, the fraction of the rows written) when it is due.
    mutating func update(done: Double) {
        let now = clock.now
        guard shown && now - start > .seconds(1) && now - lastDraw > .milliseconds(100) else { return }
        lastDraw = now
        let cells = Int(done * 30)
        Terminal.err("\r\(name) [\(String(repeating: "#", count: cells) + String(repeating: ".", count: 30 - cells))] \(Int(done * 100))%")
    }

    /// The seconds since the start; erases the bar if it may have been drawn.
    func finish() -> Double {
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        if shown && seconds > 1 { Terminal.err("\r\(String(repeating: " ", count: 60))\r") }
        return seconds
    }
}
