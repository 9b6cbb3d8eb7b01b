/* motionkernel.h — the C ABI of MotionKernel (library libMotionKernelC.so, built by
 * `swift build -c release --product MotionKernelC`).
 *
 * Conventions
 * - Every function except mk_abi_version, mk_kernel_level, mk_eval and mk_free returns an
 *   mk_status and, on failure, fills *err (when err is non-null) with the code, the field path
 *   at fault in the eval protocol's JSON-path form (e.g. "stiffness[3]", "" for the call as a
 *   whole) and a message "field: reason". Nothing is written to the outputs' contents that
 *   callers may rely on after a failure.
 * - Every count is checked (at most 2^40 numbers per array or output, products without
 *   overflow) before anything is allocated or read; a non-zero count with a null pointer is
 *   MK_INVALID_VALUE naming the argument.
 * - Arrays are plain C arrays of the stated length, row-major; outputs are written in place and
 *   no pointer is retained after a call returns. A count of 0 allows null pointers.
 * - _f32 functions take float, _f64 functions double; numbers are in the library's units
 *   (seconds, radians, points).
 * - No process-global state is read or written: thread counts are per call, and any number of
 *   threads may call any function concurrently.
 */
#ifndef MOTIONKERNEL_H
#define MOTIONKERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MK_ABI_VERSION 1

typedef enum mk_status {
    MK_OK = 0,
    MK_INVALID_VALUE = 1, /* wrong type, non-finite, out of range, mismatched lengths, too large */
    MK_MISSING_FIELD = 2, /* a required argument is absent (null) */
    MK_UNSUPPORTED = 3    /* valid but not supported by this build */
} mk_status;

/* 1284 bytes: code at offset 0, field at 4, message at 260 (both NUL-terminated UTF-8, cut at a
 * character boundary when longer; a NUL inside the text, e.g. quoted from a hostile string, is
 * written as the six characters \u0000). */
typedef struct mk_error {
    int32_t code;
    char field[256];
    char message[1024];
} mk_error;

/* The ABI version of the loaded library (MK_ABI_VERSION it was built with). */
int32_t mk_abi_version(void);

/* The vector level the C kernels run at for calls from this thread: "portable", "avx2" or
 * "avx512" (the best level the CPU and OS support, capped by the environment variable
 * MOTIONKERNEL_ISA, read once per process). A static NUL-terminated string: do not free it. */
const char *mk_kernel_level(void);

/* One eval-protocol request (UTF-8 JSON, `length` bytes) in, its answer line out (UTF-8 JSON,
 * NUL-terminated, *answer_length bytes without the NUL), to be released with mk_free.
 * Protocol errors are reported inside the answer ({"ok": false, ...}); a request longer than
 * eval's line limit (64 MiB, 67108864 bytes) is answered, without being read, with eval's
 * invalidValue error for an overlong line, and the other limits of docs/eval-protocol.md are
 * checked before anything is sized by the request. The return value is 0, or 1 for a blank
 * request, a null argument or a length above SSIZE_MAX; on every 1, *answer is set to NULL and
 * *answer_length to 0 (whichever of the two are non-null). */
int32_t mk_eval(const uint8_t *request, size_t length, uint8_t **answer, size_t *answer_length);
void mk_free(void *p);

/* Springs: n springs sampled at t_count times (each finite and >= 0, any order).
 * mass and velocity may be NULL (all 1 and all 0). values (and velocities, if non-null)
 * receive n*t_count numbers, row i = spring i; values and velocities must not overlap
 * (MK_INVALID_VALUE naming "velocities"). Inputs are copied before any output is written, so an
 * output may alias an input. threads: 1..64, for this call only; results are
 * bit-identical for every thread count. Damping c, stiffness k, mass m: m x'' + c x' + k (x - to) = 0. */
int32_t mk_spring_batch_f64(size_t n, const double *mass, const double *stiffness, const double *damping,
                            const double *from, const double *to, const double *velocity,
                            const double *times, size_t t_count, double *values, double *velocities,
                            int32_t threads, mk_error *err);
int32_t mk_spring_batch_f32(size_t n, const float *mass, const float *stiffness, const float *damping,
                            const float *from, const float *to, const float *velocity,
                            const float *times, size_t t_count, float *values, float *velocities,
                            int32_t threads, mk_error *err);
/* One spring at one time, parameters by value (the n = 1, t_count = 1 case of mk_spring_batch_*,
 * bit for bit and with the same checks, without buffers): out[0] = value, and out[1] = velocity
 * when with_velocity is non-zero (else 0; velocities are then not range-checked, as with a null
 * velocities buffer). Errors name the same fields ("stiffness[0]", "times[0]", ...). */
int32_t mk_spring_one_f64(double mass, double stiffness, double damping, double from, double to, double velocity,
                          double t, double *out, int32_t with_velocity, mk_error *err);
int32_t mk_spring_one_f32(float mass, float stiffness, float damping, float from, float to, float velocity,
                          float t, float *out, int32_t with_velocity, mk_error *err);
/* The same from seven packed numbers p = {mass, stiffness, damping, from, to, velocity, t}: fewer
 * arguments to convert per call for bindings. mk_spring_value_* writes out[0] = value (out[1] = 0)
 * and mk_spring_state_* also out[1] = velocity (range-checked), exactly as mk_spring_one_* with
 * with_velocity 0 and 1. A null p is MK_INVALID_VALUE naming "params". */
int32_t mk_spring_value_f64(const double *p, double *out, mk_error *err);
int32_t mk_spring_value_f32(const float *p, float *out, mk_error *err);
int32_t mk_spring_state_f64(const double *p, double *out, mk_error *err);
int32_t mk_spring_state_f32(const float *p, float *out, mk_error *err);
/* The damping c = 2*zeta*sqrt(k*m) of n springs given by stiffness k, damping ratio zeta and mass m
 * (every pointer non-null when n > 0), computed in that order as eval and batch convert the
 * stiffness/dampingRatio parameter set: out[i] = (2*zeta[i]) * sqrt(k[i]*m[i]). Unchecked (a
 * negative k*m gives NaN): pass the result to mk_spring_* as damping, which checks it. out may
 * be one of the inputs (the same pointer), not overlap one otherwise. */
int32_t mk_spring_damping_f64(size_t n, const double *stiffness, const double *damping_ratio, const double *mass,
                              double *out, mk_error *err);
/* The same on the uniform grid t_j = start + j*step (start, step finite and >= 0), sampled by the
 * exact state-transition matrix with closed-form re-anchoring (no transcendental per sample). */
int32_t mk_spring_batch_uniform_f64(size_t n, const double *mass, const double *stiffness, const double *damping,
                                    const double *from, const double *to, const double *velocity,
                                    double start, double step, size_t t_count, double *values, double *velocities,
                                    int32_t threads, mk_error *err);
int32_t mk_spring_batch_uniform_f32(size_t n, const float *mass, const float *stiffness, const float *damping,
                                    const float *from, const float *to, const float *velocity,
                                    float start, float step, size_t t_count, float *values, float *velocities,
                                    int32_t threads, mk_error *err);

/* Settling, conversion, presets: what the eval protocol's spring.settle, spring.convert and
 * preset.sample answer (docs/eval-protocol.md), computed by the same code with numbers in and out,
 * bit for bit the numbers of eval's answer (a negative zero is reported as 0) and with eval's
 * errors, their fields indexed as described per function. */

/* The settling durations (seconds) of n springs: out[i] is the smallest T >= 0 with
 * |x(t) - to[i]| <= epsilon for every t >= T (exact, see spring.settle). mass and velocity may be
 * NULL (all 1 and all 0); damping holds the damping c, or the damping ratio zeta when
 * damping_is_ratio is 1 (the stiffness/dampingRatio parameter set: c = 2*zeta*sqrt(k*m)).
 * epsilon has epsilon_count = 1 (one tolerance for all) or n numbers, each > 0 in the units of to.
 * Checks, in this order: every number finite, column by column (stiffness, damping or
 * dampingRatio, mass, from, to, velocity, epsilon; "stiffness[3]: expected a finite number, got
 * nan"); then spring by spring, eval's checks of spring.settle with eval's field indexed by the
 * row: "stiffness[3]", "dampingRatio[3]", "damping[3]" (also an undamped spring that never
 * settles), "epsilon[3]" (not > 0, or a settling time beyond the double range; row 3 even when
 * one epsilon is shared), "from[3]" (from - to overflows), "[3]" (a non-finite result). The error
 * reported is the first row's, for every thread count (threads: 1..64, for this call only; the
 * results are bit-identical for every thread count). out may be one of the inputs: row i's
 * numbers are read before out[i] is written, and a shared epsilon before any output. */
int32_t mk_spring_settle_f64(size_t n, const double *mass, const double *stiffness, const double *damping,
                             int32_t damping_is_ratio, const double *from, const double *to, const double *velocity,
                             const double *epsilon, size_t epsilon_count, double *out, int32_t threads, mk_error *err);
/* One spring from seven packed numbers p = {mass, stiffness, damping (or ratio), from, to,
 * velocity, epsilon}: mk_spring_settle_f64 with n = 1, bit for bit and with the same errors
 * ("stiffness[0]", ...). A null p is MK_INVALID_VALUE naming "params". */
int32_t mk_spring_settle_one_f64(const double *p, int32_t damping_is_ratio, double *out, mk_error *err);

/* The keys of a spring parameter set (eval's SpringSpec): bit b of `keys` says that values[b]
 * is given. */
enum {
    MK_SPRING_KEY_MASS = 1 << 0,
    MK_SPRING_KEY_STIFFNESS = 1 << 1,
    MK_SPRING_KEY_DAMPING = 1 << 2,
    MK_SPRING_KEY_DAMPING_RATIO = 1 << 3,
    MK_SPRING_KEY_RESPONSE = 1 << 4,
    MK_SPRING_KEY_DURATION = 1 << 5,
    MK_SPRING_KEY_BOUNCE = 1 << 6,
    MK_SPRING_KEY_TENSION = 1 << 7,
    MK_SPRING_KEY_FRICTION = 1 << 8,
    MK_SPRING_KEY_BOUNCINESS = 1 << 9,
    MK_SPRING_KEY_SPEED = 1 << 10,
    MK_SPRING_KEY_VISUAL_DURATION = 1 << 11
};
/* The parameter sets as `keys` codes: their required keys (add MK_SPRING_KEY_MASS to the first
 * two, MK_SPRING_KEY_BOUNCE to duration/bounce, for the optional key; absent, mass is 1 and
 * bounce 0). */
typedef enum mk_spring_set {
    MK_SPRING_SET_PHYSICAL = MK_SPRING_KEY_STIFFNESS | MK_SPRING_KEY_DAMPING,
    MK_SPRING_SET_STIFFNESS_DAMPING_RATIO = MK_SPRING_KEY_STIFFNESS | MK_SPRING_KEY_DAMPING_RATIO,
    MK_SPRING_SET_RESPONSE_DAMPING_RATIO = MK_SPRING_KEY_RESPONSE | MK_SPRING_KEY_DAMPING_RATIO,
    MK_SPRING_SET_DURATION_BOUNCE = MK_SPRING_KEY_DURATION,
    MK_SPRING_SET_TENSION_FRICTION = MK_SPRING_KEY_TENSION | MK_SPRING_KEY_FRICTION,
    MK_SPRING_SET_BOUNCINESS_SPEED = MK_SPRING_KEY_BOUNCINESS | MK_SPRING_KEY_SPEED,
    MK_SPRING_SET_VISUAL_DURATION_BOUNCE = MK_SPRING_KEY_VISUAL_DURATION | MK_SPRING_KEY_BOUNCE
} mk_spring_set;
/* One spring given by the keys in `keys` (MK_SPRING_KEY_* bits; values has 12 numbers, read only
 * where a bit is set) in every parameterisation: out[0..9] = mass, stiffness, damping,
 * dampingRatio, response, duration, bounce, tension, friction, undampedPeriod (the members of
 * spring.convert's answer, in its order). The set is chosen from the keys by eval's rules and read
 * by eval's parser: errors name "spring.<key>" ("spring.stiffness: expected a number > 0, got
 * -1"; a missing key is MK_MISSING_FIELD, keys of two sets MK_INVALID_VALUE); a non-finite value
 * names its key; "" for a non-finite result; "keys" for bits above 11. */
int32_t mk_spring_convert_f64(uint32_t keys, const double *values, double *out, mk_error *err);

/* A preset sampled at fps frames per second (frames at 0, 1/fps, ... and at the duration), as
 * preset.sample answers it. The preset's name is `name_length` bytes of UTF-8; option i is named
 * by option_name_lengths[i] bytes of option_names (the names packed one after another) and has
 * the value option_values[i]. sizes (3 numbers, always written on success) receives F frames,
 * L layers and B bytes of layer names. When F <= frame_capacity, L <= layer_capacity and
 * B <= name_capacity, the outputs are written too: *duration (seconds), time (F), transforms
 * (L*F*16: layer l's frame f is the row-major matrix m11..m44 at (l*F + f)*16), opacities (L*F:
 * at l*F + f), layer_names (B bytes: the L names in the preset's order, each followed by a NUL;
 * single-layer presets name their layer "view"); otherwise nothing else is written, so a call
 * with capacities 0 (and null buffers) is the query that sizes the buffers of a second call.
 * Errors as eval's: "preset" (unknown name), "options.<name>" (unknown option, bad value),
 * "options" (a duration beyond the frame limit), "fps" (not in (0, 1000], or more than eval's
 * 10^7 output numbers), all checked before any output is sized. */
int32_t mk_preset_frames_f64(const uint8_t *name, size_t name_length, double fps, size_t option_count,
                             const uint8_t *option_names, const size_t *option_name_lengths,
                             const double *option_values, size_t frame_capacity, size_t layer_capacity,
                             size_t name_capacity, size_t *sizes, double *duration, double *time, double *transforms,
                             double *opacities, char *layer_names, mk_error *err);

/* Transforms: n matrices (n*16, row-major m11..m44, CATransform3D / row-vector layout) of
 * translate(tx, ty) rotate(angle radians) scale(scale); a NULL column is its identity value. */
int32_t mk_transform_build_f64(size_t n, const double *tx, const double *ty, const double *angle,
                               const double *scale, double *out, mk_error *err);
int32_t mk_transform_build_f32(size_t n, const float *tx, const float *ty, const float *angle,
                               const float *scale, float *out, mk_error *err);

/* One matrix (16 numbers) applied to p points of `dimension` 2 or 3 (p*dimension numbers),
 * with the perspective divide; out has p*dimension numbers. */
int32_t mk_transform_apply_f64(const double *matrix, const double *points, size_t p, size_t dimension,
                               double *out, mk_error *err);
int32_t mk_transform_apply_f32(const float *matrix, const float *points, size_t p, size_t dimension,
                               float *out, mk_error *err);

/* One matrix (16 numbers) applied to p homogeneous points (x, y, z, w): p*4 numbers in, p*4 out,
 * each output row (x, y, z, w)*M (row vectors, CATransform3D layout) with no perspective divide.
 * A non-finite matrix entry is MK_INVALID_VALUE naming "matrix"; a non-finite point coordinate,
 * or an output row that overflows, names the point's row ("points[3]"). The points are copied
 * before out is written, so out may alias them. */
int32_t mk_transform_apply_homogeneous_f64(const double *matrix, const double *points, size_t p, double *out,
                                           mk_error *err);
int32_t mk_transform_apply_homogeneous_f32(const float *matrix, const float *points, size_t p, float *out,
                                           mk_error *err);

/* n pairs of matrices (n*16 each) interpolated at `fraction` by CSS Transforms 2 matrix
 * interpolation (decompose, slerp, recompose; discrete for a non-invertible pair). */
int32_t mk_transform_interpolate_f64(const double *from, const double *to, size_t n, double fraction,
                                     double *out, mk_error *err);
int32_t mk_transform_interpolate_f32(const float *from, const float *to, size_t n, float fraction,
                                     float *out, mk_error *err);

/* An easing (NUL-terminated: Core Animation name linear/easeIn/easeOut/easeInEaseOut/default,
 * or any CSS <easing-function>) at n finite input progress values x into out (double). A
 * non-finite input or output is MK_INVALID_VALUE naming "at[i]"; n is at most 2^40. */
int32_t mk_timing_values(const char *spec, const double *x, size_t n, double *out, mk_error *err);
/* The same with the string given as `spec_length` bytes of UTF-8 (at most 64 MiB), read exactly:
 * a NUL byte is a character, which the grammar refuses as eval does; bytes that are not UTF-8
 * are MK_INVALID_VALUE naming "timing". */
int32_t mk_timing_values_n(const uint8_t *spec, size_t spec_length, const double *x, size_t n, double *out,
                           mk_error *err);
/* The same with the easing as an eval-protocol TimingSpec in JSON (`spec_length` bytes, at most
 * 64 MiB): a JSON string ("\"ease\"") or object ({"steps": 3, "position": "start"},
 * {"cubicBezier": [...]}, {"spring": {...}}), checked by eval's own TimingSpec parser, errors
 * named from "timing" ("timing.position", "timing.cubicBezier[0]"). */
int32_t mk_timing_values_json(const uint8_t *spec, size_t spec_length, const double *x, size_t n, double *out,
                              mk_error *err);

/* Curves: eval's TimingSpec objects, spline.sample and keyframes.sample over arrays and small
 * structs instead of JSON. The numbers come from the same code as eval in double precision, so
 * results are eval's bit for bit (a zero result is written as +0, as eval's answer "-0" reads
 * back), with the same checks and field names ("spline.x[3]", "at[2]", "timing.position",
 * "keyframes.timingFunctions[1].cubicBezier[0]"). Strings are given as pointer and byte length
 * (UTF-8, read exactly: a NUL byte is a character); where a string or array is optional, a NULL
 * pointer means "absent" (a non-NULL pointer with length 0 is the empty string or list). */

/* mk_timing_spec.kind */
#define MK_TIMING_TEXT 0         /* text: a name or CSS <easing-function>, as mk_timing_values_n */
#define MK_TIMING_CUBIC_BEZIER 1 /* {"cubicBezier": numbers[0..fields-1]} (fields: the item count, 0..4) */
#define MK_TIMING_STEPS 2        /* {"steps": numbers[0], "position": text} (text NULL: no position, "end") */
#define MK_TIMING_SPRING 3       /* {"spring": {...}, "initialVelocity": numbers[12]}: see below */

/* MK_TIMING_SPRING: bit b of `fields` set means that the SpringSpec key b is present with the
 * value numbers[b], keys in eval's order: 0 mass, 1 stiffness, 2 damping, 3 dampingRatio,
 * 4 response, 5 duration, 6 bounce, 7 tension, 8 friction, 9 bounciness, 10 speed,
 * 11 visualDuration (the bits and order of the springs' MK_SPRING_KEY_* masks); the bit
 * MK_TIMING_INITIAL_VELOCITY gives initialVelocity = numbers[12]. Which keys are present decides
 * the parameter set, as in eval. */
#define MK_TIMING_INITIAL_VELOCITY (1u << 12)

/* One eval-protocol TimingSpec without JSON: the struct stands for the JSON value the comments
 * above give, which eval's own TimingSpec parser then checks (so every reason is eval's). */
typedef struct mk_timing_spec {
    int32_t kind;        /* MK_TIMING_* (another kind is MK_INVALID_VALUE) */
    uint32_t fields;     /* MK_TIMING_CUBIC_BEZIER: item count; MK_TIMING_SPRING: presence bits */
    const uint8_t *text; /* MK_TIMING_TEXT: the string; MK_TIMING_STEPS: the position or NULL */
    size_t text_length;  /* bytes at text */
    double numbers[13];  /* the numbers, per kind */
} mk_timing_spec;

/* The easing given by one mk_timing_spec at n finite input progress values x into out (double),
 * exactly as mk_timing_values_json with the same spec in JSON: errors named from "timing"
 * ("timing.cubicBezier[0]", "timing.position", "timing.spring.stiffness"), non-finite inputs
 * or outputs "at[i]". A NULL spec is MK_MISSING_FIELD naming "timing". */
int32_t mk_timing_spec_values(const mk_timing_spec *spec, const double *x, size_t n, double *out, mk_error *err);

/* One end of a cubic spline's boundary: a name ("notAKnot", "natural", "clamped"), or with name
 * NULL SciPy's (order, value): order 1 or 2 (a number, checked as eval checks it) and value
 * either one number for every channel (per_channel 0, value_count 1) or, for vector y items, an
 * array of value_count numbers, one per channel (per_channel non-zero). */
typedef struct mk_spline_end {
    const uint8_t *name;
    size_t name_length;
    double order;
    const double *value;
    size_t value_count;
    int32_t per_channel;
} mk_spline_end;

/* eval's spline.sample in double: a spline of `kind` (kind_length bytes: "cubic", "pchip",
 * "akima", "makima" or "catmullRom"; NULL is MK_MISSING_FIELD) through n knots x (strictly
 * increasing, at most 10^6) and y_count items y (y_count must equal n), each item `channels`
 * numbers (vector_items non-zero: the items are arrays, channels >= 1; else numbers and channels
 * 1), sampled at m points `at` into out (m*channels numbers, row-major; at most 10^7, eval's
 * limit) as the derivative of order `derivative` (0, 1 or 2). boundary (kind "cubic" only): a
 * name (boundary_length bytes: "notAKnot", "natural", "clamped", "periodic"), or ends[2]
 * (start, end), or both NULL for the default notAKnot. alpha (kind "catmullRom" only, in
 * [0, 1]): NULL for the default 0.5. Errors name eval's fields: "spline.kind", "spline.x[i]",
 * "spline.y[i]" or "spline.y[i][j]", "spline.boundary[1][0]", "spline.alpha", "at[i]",
 * "derivative", and the spline's own checks prefixed "spline." ("spline.x[2]" not increasing);
 * a result holding a non-finite number (a point far outside the knots, huge values) is eval's
 * error with field "" naming its place ("result[0]", "result[0][1]"), nothing written. A count
 * larger than the others allow (y_count above n, an end's value_count other than 1 or channels)
 * is refused before the array behind it is read. */
int32_t mk_spline_sample_f64(const uint8_t *kind, size_t kind_length, const double *x, size_t n, const double *y,
                             size_t y_count, size_t channels, int32_t vector_items, const uint8_t *boundary,
                             size_t boundary_length, const mk_spline_end *ends, const double *alpha,
                             int32_t derivative, const double *at, size_t m, double *out, mk_error *err);

/* eval's keyframes.sample in double: k values (each `dimension` numbers; vector_items as for
 * mk_spline_sample_f64), key_times (key_time_count numbers; NULL: absent, evenly spaced),
 * calculation mode (mode_length bytes: "linear", "discrete", "paced", "cubic", "cubicPaced";
 * NULL: absent, linear), timing_functions (timing_count mk_timing_spec, one per segment; NULL:
 * absent) sampled at m progress values `at` (finite, clamped to [0, 1]) into out (m*dimension
 * numbers). Errors name eval's fields: "keyframes.values[i]" or "keyframes.values[i][j]",
 * "keyframes.keyTimes[1]", "keyframes.calculationMode", "keyframes.timingFunctions[i]…",
 * "at[i]"; a non-finite result as for mk_spline_sample_f64. A key_time_count above k (k + 1 in
 * discrete mode) or a timing_count above k - 1 (outside the paced modes) is refused before the
 * array behind it is read. */
int32_t mk_keyframes_sample_f64(const double *values, size_t k, size_t dimension, int32_t vector_items,
                                const double *key_times, size_t key_time_count, const uint8_t *mode,
                                size_t mode_length, const mk_timing_spec *timing_functions, size_t timing_count,
                                const double *at, size_t m, double *out, mk_error *err);

/* Released gestures (eval's decay.sample, velocity.estimate and rubberBand over arrays).
 *
 * mk_decay_sample_f64: n releases (from: n numbers, NULL for all 0; velocity: n numbers, units
 * per second) of one decay model, sampled at t_count times (seconds, finite, >= 0). The model
 * is model_length bytes of UTF-8 ("uikit", "reactNative", "compose", "androidFling",
 * "motionInertia"); its parameters are param_count numbers named as in eval's decay object (each
 * name once: a repeated name is an error naming it)
 * (names packed in param_names, param_name_lengths[i] bytes each, at most 64 parameters of
 * 256 bytes), and for motionInertia snap_to (snap_count points; NULL and 0: none). uikit's
 * "normal" and "fast" rates are the numbers 0.998 and 0.99 here. Outputs (each NULL to skip,
 * but values when n*t_count > 0): values and velocities (n*t_count, row i = release i),
 * resting and durations (n each: restingValue and duration), extra (n: uikit's projectedValue,
 * motionInertia's boundaryTime or NaN without one, NaN for the other models). Errors name
 * eval's fields ("decay.model", "decay.restDelta", "decay.snapTo[2]", "times[3]") and the
 * release for its state ("velocity[4]", "from[4]"); every release is checked before anything
 * is written. */
int32_t mk_decay_sample_f64(const uint8_t *model, size_t model_length, size_t param_count, const uint8_t *param_names,
                            const size_t *param_name_lengths, const double *param_values, const double *snap_to,
                            size_t snap_count, size_t n, const double *from, const double *velocity, const double *times,
                            size_t t_count, double *values, double *velocities, double *resting, double *durations,
                            double *extra, mk_error *err);
/* mk_decay_sample_f64 with parameters per release: param_values holds param_count columns of n
 * numbers (parameter p of release i at param_values[p*n + i]); release i is the model with its
 * own column values, bit for bit mk_decay_sample_f64 (and eval) with those numbers. Errors name
 * the release: "decay.restDelta[4]" (not finite, or invalid for the model), besides the fields
 * above. */
int32_t mk_decay_sample_rows_f64(const uint8_t *model, size_t model_length, size_t param_count, const uint8_t *param_names,
                                 const size_t *param_name_lengths, const double *param_values, const double *snap_to,
                                 size_t snap_count, size_t n, const double *from, const double *velocity,
                                 const double *times, size_t t_count, double *values, double *velocities, double *resting,
                                 double *durations, double *extra, mk_error *err);
/* Release velocities (units per second) of `rows` pointer tracks of `count` samples each (t and x:
 * rows*count numbers, row-major; times in seconds, in order), by AOSP VelocityTracker's
 * strategy (strategy_length bytes: "lsq2" or "impulse"; NULL: "lsq2"), each with its release
 * time (release_times: rows numbers, NULL: none), into out (rows numbers). Errors as eval's
 * velocity.estimate ("samples" for count < 2, "samples[i][0]", "samples[i][1]",
 * "releaseTime", "strategy"), prefixed with the row ("[3].samples[2][0]") when rows > 1. */
int32_t mk_velocity_estimate_f64(size_t rows, size_t count, const double *t, const double *x, const uint8_t *strategy,
                                 size_t strategy_length, const double *release_times, double *out, mk_error *err);
/* Rubber banding of n offsets with one dimension (> 0) and coefficient (> 0, 0.55 for iOS's
 * feel): out[i] = (1 - 1/(|x|*c/d + 1))*d with x's sign, or its inverse when inverse is 1
 * (|offset| < dimension, else "offset[i]" — "offset" when n is 1). */
int32_t mk_rubber_band_f64(size_t n, const double *offset, double dimension, double coefficient, int32_t inverse,
                           double *out, mk_error *err);

#ifdef __cplusplus
}
#endif
#endif
