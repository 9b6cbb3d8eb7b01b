// The C interface to the system BLAS (OpenBLAS on Linux). Imported only by
// Sources/MotionKernel/BLAS.swift.
#include <cblas.h>
