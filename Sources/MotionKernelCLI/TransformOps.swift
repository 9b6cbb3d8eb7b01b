import MotionKernel

/// Eval-protocol handlers for this area (filled in by its issue).
enum TransformOps {
    static let handlers: [String: EvalHandler] = [:]
}
