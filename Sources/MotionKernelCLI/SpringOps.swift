import MotionKernel

/// Eval-protocol handlers for this area (filled in by its issue).
enum SpringOps {
    static let handlers: [String: EvalHandler] = [:]
}
