import MotionKernel

/// Eval-protocol handlers for keyframe tracks (filled in by its issue).
enum KeyframeOps {
    static let handlers: [String: EvalHandler] = [:]
}
