// MotionKernel in the browser: the ES module in front of motionkernel.wasm (the same Swift code
// as the native library, compiled with Embedded Swift; docs/web.md).
//
//   import { load } from "/web/dist/motionkernel.js";
//   const mk = await load();
//   mk.eval({ op: "spring.settle", spring: { duration: 0.5, bounce: 0.3 }, epsilon: 0.001 });
//   mk.springBatch(times, { stiffness: 100, damping: 10 });
//
// `load` finds motionkernel.wasm next to this file (import.meta.url), in a browser or in Node.

/** A spring batch parameter's bit in the entry point's per-spring mask, in its argument order. */
const PARAMETERS = ["mass", "stiffness", "damping", "from", "to", "velocity"];

/** An error answer of `springBatch`, with the code and field of the native `MotionKernelError`. */
export class MotionKernelError extends Error {
  /**
   * @param {string} text the native description, `code: field: reason`.
   */
  constructor(text) {
    super(text);
    this.name = "MotionKernelError";
    const colon = text.indexOf(": ");
    /** `invalidValue`, `missingField`, `unsupported`, … */
    this.code = colon < 0 ? "invalidValue" : text.slice(0, colon);
    const rest = colon < 0 ? text : text.slice(colon + 2);
    const second = rest.indexOf(": ");
    /** The parameter (and spring) at fault, `stiffness[3]`; "" when none is named. */
    this.field = second < 0 ? "" : rest.slice(0, second);
  }
}

/**
 * Loads the module.
 * @param {string | URL} [url] where motionkernel.wasm is (default: beside this file).
 * @returns {Promise<MotionKernel>}
 */
export async function load(url = new URL("./motionkernel.wasm", import.meta.url)) {
  const where = new URL(url, import.meta.url);
  let bytes;
  if (where.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    bytes = await readFile(where);
  } else {
    const response = await fetch(where);
    if (!response.ok) throw new Error(`motionkernel: cannot load ${where}: HTTP ${response.status}`);
    bytes = await response.arrayBuffer();
  }
  const { instance } = await WebAssembly.instantiate(bytes, {});
  // Each instance's own hash seed, before any request (see mk_seed).
  const seed = new Uint32Array(2);
  globalThis.crypto.getRandomValues(seed);
  instance.exports.mk_seed(seed[0], seed[1]);
  return new MotionKernel(instance.exports);
}

/** The loaded module: `eval` and `springBatch`. */
export class MotionKernel {
  /** @param {WebAssembly.Exports} exports */
  constructor(exports) {
    this.exports = exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
    this.limit = exports.mk_eval_limit();
  }

  /**
   * A view of all of linear memory as `Kind` (Float32Array or Float64Array), kept until memory
   * grows (which detaches the buffer it was made on).
   */
  view(Kind) {
    const buffer = this.exports.memory.buffer;
    const cached = Kind === Float32Array ? this.f32 : this.f64;
    if (cached && cached.buffer === buffer) return cached;
    const fresh = new Kind(buffer);
    if (Kind === Float32Array) this.f32 = fresh;
    else this.f64 = fresh;
    return fresh;
  }

  /** The text the module wrote last, `length` bytes. */
  text(length) {
    const e = this.exports;
    return this.decoder.decode(new Uint8Array(e.memory.buffer, e.mk_text_buffer() >>> 0, length));
  }

  /**
   * One request of the eval protocol (docs/eval-protocol.md), answered as `motionkernel eval`
   * answers it: `{id, ok: true, result}` or `{id, ok: false, error: {code, message}}`.
   * @param {object | string} request the request object, or its JSON text.
   * @returns {object | null} the answer (null for a blank text, which has no answer).
   */
  eval(request) {
    const e = this.exports;
    const json = typeof request === "string" ? request : JSON.stringify(request === undefined ? null : request);
    const bytes = this.encoder.encode(json ?? "null");
    if (bytes.length > this.limit) return JSON.parse(this.text(e.mk_eval_overlong()));
    const at = e.mk_text_input(bytes.length) >>> 0;  // addresses above 2 GiB come back negative
    new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
    const length = e.mk_eval();
    return length === 0 ? null : JSON.parse(this.text(length));
  }

  /**
   * N springs × T times, row-major (`out[i*T + j]` = spring i at time j), written by the module
   * with no per-value JavaScript work.
   * @param {Float32Array | Float64Array} times the T times, seconds.
   * @param {{stiffness: number | ArrayLike<number>, damping: number | ArrayLike<number>,
   *   mass?: number | ArrayLike<number>, from?: number | ArrayLike<number>,
   *   to?: number | ArrayLike<number>, velocity?: number | ArrayLike<number>}} params each a
   *   number (every spring) or a typed array of the times' type and length N.
   * @param {Float32Array | Float64Array} [out] N·T slots of the times' type (else a new array).
   * @returns {Float32Array | Float64Array} `out`.
   * @throws {MotionKernelError} naming the parameter and spring (`stiffness[3]`), or a
   *   TypeError for arrays of the wrong type or length.
   */
  springBatch(times, params, out) {
    const e = this.exports;
    const float = times instanceof Float32Array;
    if (!float && !(times instanceof Float64Array)) throw new TypeError("springBatch: times must be a Float32Array or Float64Array");
    const Kind = float ? Float32Array : Float64Array;
    // Each parameter read once (a getter could answer differently on a second read).
    const values = PARAMETERS.map((name) => params?.[name]);
    let n = 1;
    let arrays = false;
    for (const [k, name] of PARAMETERS.entries()) {
      const p = values[k];
      if (p === undefined || typeof p === "number") continue;
      if (!(p instanceof Kind)) throw new TypeError(`springBatch: ${name} must be a number or a ${Kind.name}`);
      if (arrays && p.length !== n) throw new TypeError(`springBatch: ${name} has ${p.length} values, other parameters ${n}`);
      n = p.length;
      arrays = true;
    }
    const t = times.length;
    const total = n * t;
    if (out === undefined) out = new Kind(total);
    else if (!(out instanceof Kind) || out.length !== total) throw new TypeError(`springBatch: out must be a ${Kind.name} of ${total} values`);
    if (total === 0) return out;
    const size = Kind.BYTES_PER_ELEMENT;
    if (total * size > 0x7fffffff) throw new RangeError(`springBatch: ${n} × ${t} values exceed WebAssembly memory`);
    // One block of linear memory for everything: the times, each parameter (one value for a
    // number, N for an array), then the N·T outputs; one allocation per call, and views of the
    // whole memory kept between calls.
    let count = t + total;
    for (const p of values) if (p !== undefined) count += typeof p === "number" ? 1 : n;
    if (count * size > 0x7fffffff) throw new RangeError(`springBatch: ${n} × ${t} values exceed WebAssembly memory`);
    const base = e.mk_alloc(count * size) >>> 0;
    if (!base) throw new RangeError("springBatch: WebAssembly memory cannot grow that far");
    try {
      const memory = this.view(Kind);
      const at = base / size;  // base is 16-byte aligned
      memory.set(times, at);
      let next = t;
      const addresses = [0, 0, 0, 0, 0, 0];
      let mask = 0;
      for (let k = 0; k < 6; k++) {
        const p = values[k];
        if (p === undefined) continue;
        addresses[k] = base + next * size;
        if (typeof p === "number") memory[at + next++] = p;
        else {
          memory.set(p, at + next);
          next += n;
          mask |= 1 << k;
        }
      }
      const [a0, a1, a2, a3, a4, a5] = addresses;
      const status = (float ? e.mk_spring_batch_f32 : e.mk_spring_batch_f64)(n, t, base, a0, a1, a2, a3, a4, a5, mask, base + next * size);
      if (status < 0) throw new MotionKernelError(this.text(-status));
      // view() again: the call may have grown memory, which detaches the old buffer.
      out.set(this.view(Kind).subarray(at + next, at + next + total));
      return out;
    } finally {
      e.mk_free(base);
    }
  }
}
