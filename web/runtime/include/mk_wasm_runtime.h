// The C library functions the WebAssembly build of MotionKernel calls, which
// wasm32-unknown-none does not have: the elementary functions (web/runtime/mk_math.c, each
// with its error bound stated there: within 0.51–0.65 ulp for Double, correctly rounded Float
// computed in Double; tested in web/runtime/tests/mk_math_test.c). MotionScalar.swift imports this module in Embedded
// builds in place of Glibc/Darwin.
#ifndef MK_WASM_RUNTIME_H
#define MK_WASM_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

double exp(double x);
double expm1(double x);
double log(double x);
double log1p(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double atan(double x);
double atan2(double y, double x);
double asin(double x);
double acos(double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double pow(double x, double y);
double cbrt(double x);
double hypot(double x, double y);

float expf(float x);
float expm1f(float x);
float logf(float x);
float log1pf(float x);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float atanf(float x);
float atan2f(float y, float x);
float asinf(float x);
float acosf(float x);
float sinhf(float x);
float coshf(float x);
float tanhf(float x);
float powf(float x, float y);
float cbrtf(float x);
float hypotf(float x, float y);

// Exact (correctly rounded or exact by definition); Swift's addingProduct, rounded() and
// truncatingRemainder call them.
/// Memory from the module's allocator (mk_runtime.c): `size` bytes, 16-byte aligned, or null
/// when linear memory cannot grow that far.
void *malloc(size_t size);
/// Returns memory from `malloc` (null is ignored).
void free(void *ptr);

/// Mixes 64 bits of entropy (`hi`, `lo`) into the seed of Swift's Hasher (mk_runtime.c), which
/// reads it once, at the first hash: the JavaScript module calls this through `mk_seed` right
/// after instantiating, so that hash-table layouts differ between instances. Returns 1 when
/// the Hasher had already read its seed (too late to matter), else 0.
int mk_runtime_seed(uint32_t hi, uint32_t lo);

/// One spring's row of `count` Float32 samples at `times` (mk_spring_simd.c): the spring of
/// mass, stiffness and damping (validated by the caller) moving from `from` to `to` with
/// initial velocity `velocity`; `tmax` ≥ every time (the batch's latest, found once for all
/// rows), which bounds the row's phase. Returns 0 when the row is written, 1 when its phase is
/// beyond the kernel's range (nothing meaningful written), 2 when some value is not finite.
int mk_spring_row_f32(double mass, double stiffness, double damping, double from, double to, double velocity,
                      const float *times, int count, double tmax, float *out);

/// One spring's row of `count` Float64 samples at `times` (mk_spring_simd.c), by the core's
/// direct propagator with the spring's own constants λ, q, s = √|q|, ω₀² and ρ
/// (`Spring.propagatorConstants`), moving from `from` to `to` with initial velocity
/// `velocity`; `tmax` ≥ every time. Returns 0 when the row is written (within a few ulps of the
/// scale of the scalar path), 1 when some time needs the core's long-time form or an entry of
/// the propagator is not finite (the row is then left to the scalar path).
int mk_spring_row_f64(double lambda, double q, double s, double w2, double rho, double from, double to, double velocity,
                      const double *times, int count, double tmax, double *out);

double fma(double x, double y, double z);
float fmaf(float x, float y, float z);
double fmod(double x, double y);
float fmodf(float x, float y);
double round(double x);
float roundf(float x);

#endif
