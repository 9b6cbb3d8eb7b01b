import MotionKernel

/// `motionkernel batch` job kinds for this area (filled in by its issue).
enum TransformJobs {
    static let kinds: [String: BatchSpec.JobParser] = [:]
}
