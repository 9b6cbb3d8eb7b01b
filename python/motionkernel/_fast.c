/* motionkernel._fast: the per-call fast paths of the Python API, compiled against CPython's
 * stable ABI (Py_LIMITED_API 3.11: one abi3 extension for every CPython from 3.11 on).
 *
 * The functions here take the shapes of a small call that users make most (Python numbers,
 * one-item ndarrays or lists, short lists, C-contiguous float64 arrays) and call the C ABI of
 * libMotionKernelC directly, without ctypes' argument conversion or NumPy calls for the
 * inputs. Each returns the result, or None when the call is not one of those shapes or the
 * library reports an error: the caller (motionkernel._api) then runs its general path, which
 * checks everything and raises the library's typed error. So every accepted input gives
 * exactly the numbers, shapes and dtypes of the general path (the same library entry points
 * with the same arguments), and every error comes from one place.
 *
 * The library's entry points come from motionkernel._lib (the addresses ctypes resolved, so
 * MOTIONKERNEL_LIBRARY is honoured) through bind(). NumPy's C API is not used: outputs are
 * made by numpy.empty and reached through the buffer protocol. The kernels run with the GIL
 * held when the work is a few microseconds at most and without it otherwise.
 */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The C ABI's error record (include/motionkernel.h). */
typedef struct {
    int32_t code;
    char field[256];
    char message[1024];
} mk_error;

typedef int32_t (*spring_value_f64_fn)(const double *, double *, mk_error *);
typedef int32_t (*spring_value_f32_fn)(const float *, float *, mk_error *);
typedef int32_t (*spring_damping_f64_fn)(size_t, const double *, const double *, const double *, double *, mk_error *);
typedef int32_t (*transform_build_f64_fn)(size_t, const double *, const double *, const double *, const double *, double *,
                                       mk_error *);
typedef int32_t (*transform_build_f32_fn)(size_t, const float *, const float *, const float *, const float *, float *,
                                       mk_error *);
typedef int32_t (*timing_values_n_fn)(const uint8_t *, size_t, const double *, size_t, double *, mk_error *);
typedef int32_t (*spring_settle_one_fn)(const double *, int32_t, double *, mk_error *);
typedef int32_t (*spline_sample_fn)(const uint8_t *, size_t, const double *, size_t, const double *, size_t, size_t, int32_t,
                                 const uint8_t *, size_t, const void *, const double *, int32_t, const double *, size_t,
                                 double *, mk_error *);

/* What bind() sets, once, at import. */
static struct {
    int bound;
    spring_value_f64_fn value_f64;
    spring_value_f32_fn value_f32;
    spring_damping_f64_fn damping_f64;
    transform_build_f64_fn build_f64;
    transform_build_f32_fn build_f32;
    timing_values_n_fn timing;
    spring_settle_one_fn settle_one;
    spline_sample_fn spline;
    PyObject *empty;      /* numpy.empty */
    PyObject *ndarray;    /* numpy.ndarray */
    PyObject *np_f64;     /* numpy.float64 (the scalar type) */
    PyObject *np_f32;     /* numpy.float32 */
    PyObject *dtype_f64;  /* numpy.dtype("float64") */
    PyObject *dtype_f32;  /* numpy.dtype("float32") */
    PyObject *args_1x1[2];  /* ((1, 1), dtype) for float32, float64 */
    PyObject *args_1x16[2]; /* ((1, 16), dtype) */
    PyObject *args_1[2];    /* ((1,), float64) and ((), float64) */
    Py_ssize_t max_knots;   /* eval's limits (docs/eval-protocol.md) */
    Py_ssize_t max_output;
} B;

/* The most numbers a list may hold to be read here (motionkernel._api._SMALL). */
#define SMALL 64
/* Arrays of more numbers than this run their kernel without the GIL. */
#define GIL_FREE_ABOVE 4096
#define EXACT_INT (1LL << 53)

/* ---- reading numbers: exactly what motionkernel._api._one accepts, or nothing ---- */

/* A Python float, numpy.float64 or numpy.float32 (exact types), or an int within ±2**53 (exact
 * in float64): 1 and *d; 0 for anything else (no exception left set). */
static int scalar_number(PyObject *v, double *d) {
    PyTypeObject *t = Py_TYPE(v);
    if (t == &PyFloat_Type || (PyObject *)t == B.np_f64 || (PyObject *)t == B.np_f32) {
        double x = PyFloat_AsDouble(v);
        if (x == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        *d = x;
        return 1;
    }
    if (t == &PyLong_Type) {
        int overflow = 0;
        long long i = PyLong_AsLongLongAndOverflow(v, &overflow);
        if (overflow || (i == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return 0;
        }
        if (i < -EXACT_INT || i > EXACT_INT) return 0;
        *d = (double)i;
        return 1;
    }
    return 0;
}

/* The numbers of an exact ndarray of native float64 ('d') or float32 ('f') through the buffer
 * protocol: 1 with the view held (release it), 0 otherwise. `contiguous`: C-contiguous only. */
static int float_view(PyObject *v, Py_buffer *view, int contiguous) {
    if ((PyObject *)Py_TYPE(v) != B.ndarray) return 0;
    if (PyObject_GetBuffer(v, view, contiguous ? (PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) : PyBUF_RECORDS_RO) != 0) {
        PyErr_Clear();
        return 0;
    }
    const char *f = view->format;
    if (f == NULL || f[1] != '\0' || (f[0] != 'd' && f[0] != 'f')) {
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* Where a one-number input came from: shapes the general path gives its result. */
enum { ONE_SCALAR = 0, ONE_1D = 1, ONE_0D = 2 };

/* motionkernel._api._one: one number given as a scalar (above), a 0-d or one-item 1-D float32 or
 * float64 ndarray, or a one-item list of a scalar. 1 with *d and *kind; 0 otherwise. */
static int one_number(PyObject *v, double *d, int *kind) {
    if (scalar_number(v, d)) {
        *kind = ONE_SCALAR;
        return 1;
    }
    PyTypeObject *t = Py_TYPE(v);
    if (t == &PyList_Type) {
        if (PyList_Size(v) != 1) return 0;
        if (!scalar_number(PyList_GetItem(v, 0), d)) return 0;
        *kind = ONE_1D;
        return 1;
    }
    if ((PyObject *)t == B.ndarray) {
        Py_buffer view;
        if (!float_view(v, &view, 0)) return 0;
        int ok = view.ndim <= 1 && view.len == view.itemsize;
        if (ok) {
            *d = view.format[0] == 'd' ? *(const double *)view.buf : (double)*(const float *)view.buf;
            *kind = view.ndim == 1 ? ONE_1D : ONE_0D;
        }
        PyBuffer_Release(&view);
        return ok;
    }
    return 0;
}

/* x rounded to float32 as struct.pack("f") rounds it: 0 when a finite x overflows (the general
 * path names it). */
static int to_f32(double x, float *f) {
    float y = (float)x;
    if (isinf(y) && !isinf(x)) return 0;
    *f = y;
    return 1;
}

/* Up to SMALL numbers of a list or tuple of Python floats and ints within ±2**53
 * (motionkernel._api._small), or of a 1-D float64/float32 ndarray, as doubles in `into`
 * (which holds SMALL). The count, or -1 when the value is not one of those (or is empty). */
static Py_ssize_t small_numbers(PyObject *v, double *into) {
    PyTypeObject *t = Py_TYPE(v);
    if (t == &PyList_Type || t == &PyTuple_Type) {
        Py_ssize_t n = t == &PyList_Type ? PyList_Size(v) : PyTuple_Size(v);
        if (n < 1 || n > SMALL) return -1;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *x = t == &PyList_Type ? PyList_GetItem(v, i) : PyTuple_GetItem(v, i);
            PyTypeObject *tx = Py_TYPE(x);
            if (tx != &PyFloat_Type && tx != &PyLong_Type) return -1;
            if (!scalar_number(x, &into[i])) return -1;
        }
        return n;
    }
    if ((PyObject *)t == B.ndarray) {
        Py_buffer view;
        if (!float_view(v, &view, 0)) return -1;
        Py_ssize_t n = view.len / view.itemsize;
        int ok = view.ndim == 1 && n >= 1 && n <= SMALL;
        if (ok) {
            Py_ssize_t stride = view.strides ? view.strides[0] : view.itemsize;
            const char *p = (const char *)view.buf;
            for (Py_ssize_t i = 0; i < n; i++, p += stride) {
                into[i] = view.format[0] == 'd' ? *(const double *)p : (double)*(const float *)p;
            }
        }
        PyBuffer_Release(&view);
        return ok ? n : -1;
    }
    return -1;
}

/* 0 float32, 1 float64, -1 another dtype argument (the general path reads it). */
static int dtype_index(PyObject *dtype) {
    if (dtype == B.np_f64 || dtype == B.dtype_f64) return 1;
    if (dtype == B.np_f32 || dtype == B.dtype_f32) return 0;
    return -1;
}

/* A new array from numpy.empty(*args) and the address of its numbers. None (a new reference)
 * when it does not fit in memory: the general path names the output in its error. NULL with an
 * exception when NumPy fails otherwise. */
static PyObject *new_array(PyObject *args, void **data) {
    PyObject *a = PyObject_Call(B.empty, args, NULL);
    if (a == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_MemoryError)) return NULL;
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(a, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0) {
        Py_DECREF(a);
        return NULL;
    }
    *data = view.buf;  /* the array owns its memory; the address stays valid while it lives */
    PyBuffer_Release(&view);
    return a;
}

/* `out` when it is an exact, writeable, C-contiguous ndarray of the dtype with `count` numbers
 * and shape (1, count): 1 with its address; 0 otherwise (the general path checks it). */
static int out_row(PyObject *out, int f64, Py_ssize_t count, void **data) {
    if ((PyObject *)Py_TYPE(out) != B.ndarray) return 0;
    Py_buffer view;
    if (PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_ND | PyBUF_FORMAT) != 0) {
        PyErr_Clear();
        return 0;
    }
    int ok = view.format != NULL && view.format[1] == '\0' && view.format[0] == (f64 ? 'd' : 'f') && view.ndim == 2 &&
             view.shape[0] == 1 && view.shape[1] == count;
    if (ok) *data = view.buf;
    PyBuffer_Release(&view);
    return ok;
}

#define FALLBACK Py_RETURN_NONE

/* ---- spring_batch: one spring at one time ---- */

/* spring_batch_one(times, stiffness, damping, damping_ratio, mass, from_, to, velocity, dtype,
 * out, threads): spring_batch for one spring given by numbers (or one-item arrays or lists) at
 * one time, velocity_out absent. The seven numbers (m, k, c, from, to, v, t) in the dtype go to
 * mk_spring_value_*; c from a damping ratio by mk_spring_damping_f64 in float64 first. */
static PyObject *spring_batch_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 11 || !B.bound) FALLBACK;
    PyObject *times = args[0], *damping = args[2], *ratio = args[3], *out = args[9], *threads = args[10];
    int f64 = dtype_index(args[8]);
    if (f64 < 0) FALLBACK;
    if ((damping == Py_None) == (ratio == Py_None)) FALLBACK;
    if (Py_TYPE(threads) != &PyLong_Type) FALLBACK;
    long th = PyLong_AsLong(threads);
    if (th < 1 || th > 64) {
        PyErr_Clear();
        FALLBACK;
    }
    double p[7]; /* m, k, c, from, to, v, t */
    int kind;
    static const int order[6] = {1, 2, 0, 3, 4, 5}; /* args[1], [2|3], [4], [5], [6], [7] → p index */
    PyObject *given[6] = {args[1], damping == Py_None ? ratio : damping, args[4], args[5], args[6], args[7]};
    for (int i = 0; i < 6; i++) {
        if (!one_number(given[i], &p[order[i]], &kind)) FALLBACK;
    }
    /* times: a one-item 1-D float ndarray or a one-item list of a number. */
    if ((PyObject *)Py_TYPE(times) == B.ndarray) {
        if (!one_number(times, &p[6], &kind) || kind != ONE_1D) FALLBACK;
    } else if (Py_TYPE(times) == &PyList_Type) {
        if (!one_number(times, &p[6], &kind)) FALLBACK;
    } else {
        FALLBACK;
    }
    mk_error err;
    if (damping == Py_None) {
        double c;
        if (B.damping_f64(1, &p[1], &p[2], &p[0], &c, &err) != 0) FALLBACK;
        p[2] = c;
    }
    void *data = NULL;
    PyObject *result = NULL;
    if (out != Py_None) {
        if (!out_row(out, f64, 1, &data)) FALLBACK;
    }
    double v64[2];
    float v32[2];
    if (f64) {
        if (B.value_f64(p, v64, &err) != 0) FALLBACK;
    } else {
        float q[7];
        for (int i = 0; i < 7; i++) {
            if (!to_f32(p[i], &q[i])) FALLBACK;
        }
        if (B.value_f32(q, v32, &err) != 0) FALLBACK;
    }
    if (out == Py_None) {
        result = new_array(B.args_1x1[f64], &data);
        if (result == NULL || result == Py_None) return result;
    } else {
        Py_INCREF(out);
        result = out;
    }
    if (f64) {
        *(double *)data = v64[0];
    } else {
        *(float *)data = v32[0];
    }
    return result;
}

/* ---- transform_build: one transform ---- */

/* transform_build_one(tx, ty, angle, scale, dtype, out): one transform whose columns are each
 * None or one number (as above), into a new (1, 16) array or `out`. */
static PyObject *transform_build_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6 || !B.bound) FALLBACK;
    int f64 = dtype_index(args[4]);
    if (f64 < 0) FALLBACK;
    double d[4];
    float f[4];
    const void *col[4] = {NULL, NULL, NULL, NULL};
    int any = 0, kind;
    for (int i = 0; i < 4; i++) {
        if (args[i] == Py_None) continue;
        if (!one_number(args[i], &d[i], &kind)) FALLBACK;
        if (f64) {
            col[i] = &d[i];
        } else {
            if (!to_f32(d[i], &f[i])) FALLBACK;
            col[i] = &f[i];
        }
        any = 1;
    }
    if (!any) FALLBACK;
    PyObject *out = args[5];
    void *data = NULL;
    mk_error err;
    if (out != Py_None) {
        if (!out_row(out, f64, 16, &data)) FALLBACK;
        int32_t status = f64 ? B.build_f64(1, col[0], col[1], col[2], col[3], data, &err)
                             : B.build_f32(1, col[0], col[1], col[2], col[3], data, &err);
        if (status != 0) FALLBACK; /* the library writes nothing on an error */
        Py_INCREF(out);
        return out;
    }
    double row[16];
    int32_t status = f64 ? B.build_f64(1, col[0], col[1], col[2], col[3], row, &err)
                         : B.build_f32(1, col[0], col[1], col[2], col[3], (float *)row, &err);
    if (status != 0) FALLBACK;
    PyObject *result = new_array(B.args_1x16[f64], &data);
    if (result == NULL || result == Py_None) return result;
    memcpy(data, row, f64 ? 16 * sizeof(double) : 16 * sizeof(float));
    return result;
}

/* ---- spring_settle: one spring ---- */

/* spring_settle_one(mass, stiffness, damping, damping_ratio, from_, to, velocity, epsilon,
 * threads): the settling duration of one spring given by numbers, one-item arrays or lists, by
 * mk_spring_settle_one_f64. A float when every input is a number or a 0-d array, else an array
 * of one float64. */
static PyObject *spring_settle_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9 || !B.bound) FALLBACK;
    PyObject *damping = args[2], *ratio = args[3], *threads = args[8];
    if ((damping == Py_None) == (ratio == Py_None)) FALLBACK;
    if (Py_TYPE(threads) != &PyLong_Type) FALLBACK;
    long th = PyLong_AsLong(threads);
    if (th < 1 || th > 64) {
        PyErr_Clear();
        FALLBACK;
    }
    PyObject *given[7] = {args[0], args[1], damping == Py_None ? ratio : damping, args[4], args[5], args[6], args[7]};
    double p[8];
    int one_d = 0, kind;
    for (int i = 0; i < 7; i++) {
        if (!one_number(given[i], &p[i], &kind)) FALLBACK;
        one_d |= kind == ONE_1D;
    }
    mk_error err;
    if (B.settle_one(p, damping == Py_None, &p[7], &err) != 0) FALLBACK;
    if (!one_d) return PyFloat_FromDouble(p[7]);
    void *data = NULL;
    PyObject *result = new_array(B.args_1[0], &data);
    if (result == NULL || result == Py_None) return result;
    *(double *)data = p[7];
    return result;
}

/* ---- timing ---- */

/* timing_text(spec, x): timing with a str spec, at one number (the result shaped as x: () for
 * a number, (1,) for a list, x's shape for an array), at a C-contiguous float64 ndarray (any
 * shape), or at a list of up to SMALL numbers. */
static PyObject *timing_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !B.bound) FALLBACK;
    PyObject *spec = args[0], *x = args[1];
    if (Py_TYPE(spec) != &PyUnicode_Type) FALLBACK;
    Py_ssize_t length;
    const char *text = PyUnicode_AsUTF8AndSize(spec, &length);
    if (text == NULL) {
        PyErr_Clear(); /* not valid UTF-8 (a lone surrogate): the general path names it */
        FALLBACK;
    }
    mk_error err;
    double one;
    int kind;
    void *data = NULL;
    if (one_number(x, &one, &kind)) {
        double value;
        if (B.timing((const uint8_t *)text, (size_t)length, &one, 1, &value, &err) != 0) FALLBACK;
        PyObject *result;
        if (kind == ONE_SCALAR) {
            result = new_array(B.args_1[1], &data);
        } else if (kind == ONE_1D && Py_TYPE(x) == &PyList_Type) {
            result = new_array(B.args_1[0], &data);
        } else {
            /* a 0-d or one-item 1-D array: its own shape */
            PyObject *shape = PyObject_GetAttrString(x, "shape");
            if (shape == NULL) return NULL;
            PyObject *call = PyTuple_Pack(2, shape, B.dtype_f64);
            Py_DECREF(shape);
            if (call == NULL) return NULL;
            result = new_array(call, &data);
            Py_DECREF(call);
        }
        if (result == NULL || result == Py_None) return result;
        *(double *)data = value;
        return result;
    }
    double small[SMALL];
    Py_ssize_t n = Py_TYPE(x) == &PyList_Type ? small_numbers(x, small) : -1;
    if (n > 0) {
        double values[SMALL];
        if (B.timing((const uint8_t *)text, (size_t)length, small, (size_t)n, values, &err) != 0) FALLBACK;
        PyObject *call = Py_BuildValue("((n)O)", n, B.dtype_f64);
        if (call == NULL) return NULL;
        PyObject *result = new_array(call, &data);
        Py_DECREF(call);
        if (result == NULL || result == Py_None) return result;
        memcpy(data, values, (size_t)n * sizeof(double));
        return result;
    }
    Py_buffer view;
    if (!float_view(x, &view, 1)) FALLBACK;
    if (view.format[0] != 'd') {
        PyBuffer_Release(&view);
        FALLBACK;
    }
    Py_ssize_t count = view.len / (Py_ssize_t)sizeof(double);
    if (count < 1 || count > B.max_output) {
        PyBuffer_Release(&view);
        FALLBACK;
    }
    PyObject *shape = PyObject_GetAttrString(x, "shape");
    PyObject *call = shape == NULL ? NULL : PyTuple_Pack(2, shape, B.dtype_f64);
    Py_XDECREF(shape);
    PyObject *result = call == NULL ? NULL : new_array(call, &data);
    Py_XDECREF(call);
    if (result == NULL || result == Py_None) {
        PyBuffer_Release(&view);
        return result;
    }
    int32_t status;
    if (count > GIL_FREE_ABOVE) {
        Py_BEGIN_ALLOW_THREADS
        status = B.timing((const uint8_t *)text, (size_t)length, view.buf, (size_t)count, data, &err);
        Py_END_ALLOW_THREADS
    } else {
        status = B.timing((const uint8_t *)text, (size_t)length, view.buf, (size_t)count, data, &err);
    }
    PyBuffer_Release(&view);
    if (status != 0) {
        Py_DECREF(result);
        FALLBACK;
    }
    return result;
}

/* ---- spline ---- */

/* spline_plain(kind, x, y, at, derivative): spline with no boundary and no alpha, y of one
 * channel, and x, y, at each a list or tuple of up to SMALL numbers or a 1-D float ndarray of up
 * to SMALL numbers; or x, y and at all C-contiguous 1-D float64 ndarrays within eval's limits.
 * The result has shape (M,). */
static PyObject *spline_plain(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5 || !B.bound) FALLBACK;
    PyObject *kind = args[0], *derivative = args[4];
    if (Py_TYPE(kind) != &PyUnicode_Type || Py_TYPE(derivative) != &PyLong_Type) FALLBACK;
    long order = PyLong_AsLong(derivative);
    if (order < 0 || order > 2) {
        PyErr_Clear();
        FALLBACK;
    }
    Py_ssize_t name_length;
    const char *name = PyUnicode_AsUTF8AndSize(kind, &name_length);
    if (name == NULL) {
        PyErr_Clear();
        FALLBACK;
    }
    for (Py_ssize_t i = 0; i < name_length; i++) {
        if ((unsigned char)name[i] >= 0x80) FALLBACK; /* the general path reads other names */
    }
    mk_error err;
    void *data = NULL;
    double xs[SMALL], ys[SMALL], ats[SMALL];
    Py_ssize_t k = small_numbers(args[1], xs), ky = k < 0 ? -1 : small_numbers(args[2], ys);
    Py_ssize_t m = ky < 0 ? -1 : small_numbers(args[3], ats);
    if (m > 0) {
        double values[SMALL];
        if (B.spline((const uint8_t *)name, (size_t)name_length, xs, (size_t)k, ys, (size_t)ky, 1, 0, NULL, 0, NULL, NULL,
                     (int32_t)order, ats, (size_t)m, values, &err) != 0)
            FALLBACK;
        PyObject *call = Py_BuildValue("((n)O)", m, B.dtype_f64);
        if (call == NULL) return NULL;
        PyObject *result = new_array(call, &data);
        Py_DECREF(call);
        if (result == NULL || result == Py_None) return result;
        memcpy(data, values, (size_t)m * sizeof(double));
        return result;
    }
    /* Arrays: float64, C-contiguous, 1-D, within the limits the general path checks first. */
    Py_buffer v[3];
    int held = 0;
    PyObject *result = NULL;
    for (; held < 3; held++) {
        if (!float_view(args[1 + held], &v[held], 1)) break;
        if (v[held].format[0] != 'd' || v[held].ndim != 1 || v[held].len == 0) {
            PyBuffer_Release(&v[held]);
            break;
        }
    }
    if (held == 3) {
        Py_ssize_t nx = v[0].len / 8, ny = v[1].len / 8, nm = v[2].len / 8;
        if (nx <= B.max_knots && ny <= B.max_knots && nm <= B.max_output) {
            PyObject *call = Py_BuildValue("((n)O)", nm, B.dtype_f64);
            result = call == NULL ? NULL : new_array(call, &data);
            Py_XDECREF(call);
            if (result != NULL && result != Py_None) {
                int32_t status;
                Py_BEGIN_ALLOW_THREADS
                status = B.spline((const uint8_t *)name, (size_t)name_length, v[0].buf, (size_t)nx, v[1].buf, (size_t)ny, 1, 0,
                                  NULL, 0, NULL, NULL, (int32_t)order, v[2].buf, (size_t)nm, data, &err);
                Py_END_ALLOW_THREADS
                if (status != 0) {
                    Py_DECREF(result);
                    result = Py_None;
                    Py_INCREF(result);
                }
            }
        } else {
            result = Py_None;
            Py_INCREF(result);
        }
    }
    for (int i = 0; i < held; i++) PyBuffer_Release(&v[i]);
    if (held < 3) FALLBACK;
    return result;
}

/* ---- binding ---- */

/* bind(addresses, numpy, max_knots, max_output): the library's entry points (a tuple of
 * addresses in the order below) and NumPy's objects. Nothing is kept unless everything is
 * found: the fast paths stay off (every call falls back) until a bind succeeds. */
static PyObject *bind(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *addresses, *np;
    Py_ssize_t max_knots, max_output;
    B.bound = 0;
    if (!PyArg_ParseTuple(args, "O!Onn", &PyTuple_Type, &addresses, &np, &max_knots, &max_output)) return NULL;
    if (PyTuple_Size(addresses) != 8) {
        PyErr_SetString(PyExc_ValueError, "bind: expected 8 addresses");
        return NULL;
    }
    void *fn[8];
    for (int i = 0; i < 8; i++) {
        fn[i] = PyLong_AsVoidPtr(PyTuple_GetItem(addresses, i));
        if (fn[i] == NULL) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bind: a null address");
            return NULL;
        }
    }
    /* NumPy's objects, each a new reference, all or none. */
    enum { EMPTY, NDARRAY, F64, F32, DT64, DT32, A11_32, A11_64, A116_32, A116_64, A1, A0, COUNT };
    PyObject *o[COUNT] = {NULL};
    PyObject *dtype = PyObject_GetAttrString(np, "dtype");
    int ok = dtype != NULL;
    if (ok) ok = (o[EMPTY] = PyObject_GetAttrString(np, "empty")) != NULL;
    if (ok) ok = (o[NDARRAY] = PyObject_GetAttrString(np, "ndarray")) != NULL;
    if (ok) ok = (o[F64] = PyObject_GetAttrString(np, "float64")) != NULL;
    if (ok) ok = (o[F32] = PyObject_GetAttrString(np, "float32")) != NULL;
    if (ok) ok = (o[DT64] = PyObject_CallFunctionObjArgs(dtype, o[F64], NULL)) != NULL;
    if (ok) ok = (o[DT32] = PyObject_CallFunctionObjArgs(dtype, o[F32], NULL)) != NULL;
    if (ok) ok = (o[A11_32] = Py_BuildValue("((ii)O)", 1, 1, o[DT32])) != NULL;
    if (ok) ok = (o[A11_64] = Py_BuildValue("((ii)O)", 1, 1, o[DT64])) != NULL;
    if (ok) ok = (o[A116_32] = Py_BuildValue("((ii)O)", 1, 16, o[DT32])) != NULL;
    if (ok) ok = (o[A116_64] = Py_BuildValue("((ii)O)", 1, 16, o[DT64])) != NULL;
    if (ok) ok = (o[A1] = Py_BuildValue("((i)O)", 1, o[DT64])) != NULL;
    if (ok) ok = (o[A0] = Py_BuildValue("(()O)", o[DT64])) != NULL;
    Py_XDECREF(dtype);
    if (!ok) {
        for (int i = 0; i < COUNT; i++) Py_XDECREF(o[i]);
        return NULL;
    }
    /* Commit. References from an earlier bind stay alive: results made from them may still be
     * around, and a second bind is rare (a reload). */
    B.value_f64 = (spring_value_f64_fn)fn[0];
    B.value_f32 = (spring_value_f32_fn)fn[1];
    B.damping_f64 = (spring_damping_f64_fn)fn[2];
    B.build_f64 = (transform_build_f64_fn)fn[3];
    B.build_f32 = (transform_build_f32_fn)fn[4];
    B.timing = (timing_values_n_fn)fn[5];
    B.settle_one = (spring_settle_one_fn)fn[6];
    B.spline = (spline_sample_fn)fn[7];
    B.max_knots = max_knots;
    B.max_output = max_output;
    B.empty = o[EMPTY];
    B.ndarray = o[NDARRAY];
    B.np_f64 = o[F64];
    B.np_f32 = o[F32];
    B.dtype_f64 = o[DT64];
    B.dtype_f32 = o[DT32];
    B.args_1x1[0] = o[A11_32];
    B.args_1x1[1] = o[A11_64];
    B.args_1x16[0] = o[A116_32];
    B.args_1x16[1] = o[A116_64];
    B.args_1[0] = o[A1];
    B.args_1[1] = o[A0];
    B.bound = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(addresses, numpy, max_knots, max_output): the library's entry points."},
    {"spring_batch_one", (PyCFunction)(void (*)(void))spring_batch_one, METH_FASTCALL,
     "spring_batch for one spring at one time, or None (the general path then runs)."},
    {"transform_build_one", (PyCFunction)(void (*)(void))transform_build_one, METH_FASTCALL,
     "transform_build for one transform, or None."},
    {"spring_settle_one", (PyCFunction)(void (*)(void))spring_settle_one, METH_FASTCALL,
     "spring_settle for one spring, or None."},
    {"timing_text", (PyCFunction)(void (*)(void))timing_text, METH_FASTCALL,
     "timing with a text spec at numbers or a float64 array, or None."},
    {"spline_plain", (PyCFunction)(void (*)(void))spline_plain, METH_FASTCALL,
     "spline with default options on short lists or float64 arrays, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast", "The per-call fast paths of motionkernel (see _fast.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
