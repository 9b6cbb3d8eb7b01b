@testable import MotionKernel

/// The code of the `MotionKernelError` that `body` throws (CSS text that must not parse), nil
/// when it throws none.
func errorCode(_ body: () throws -> Void) -> MotionKernelError.Code? {
    do {
        try body()
        return nil
    } catch let e as MotionKernelError {
        return e.code
    } catch { return nil }
}
