// springBatch against a plain JavaScript closed-form loop over the same batch: 10⁵ springs ×
// 120 times (two seconds at 60 Hz) in Float32 and in Float64 with each parameter an array, and
// one spring × 120 times with each parameter a number (per call), the module's copies in and
// out of WebAssembly memory included. Runs in Node (`node web/bench/spring-batch.mjs`) and in a page
// (web/bench/spring-batch.html), each round timing both in turn; medians and per-round ranges.
//
// The JavaScript peer is what a careful web developer writes: the spring's constants once per
// spring, then per time one Math.exp and one Math.cos and Math.sin (under-damped), two
// Math.exp (over-damped) or one (critical), in Double, stored into a Float32Array.

/**
 * The batch: deterministic springs over stiffness 50–500, damping ratio 0.3–1.6, in `Type`
 * (Float32Array or Float64Array). With `numbers`, n is 1 and every parameter is a plain number
 * (the one-spring call a page makes per element); `peer` holds the same values as arrays for
 * the JavaScript loop.
 */
export function makeBatch(n = 100000, t = 120, Type = Float32Array, numbers = false) {
  const times = Type.from({ length: t }, (_, j) => j / 60);
  const stiffness = new Type(n), damping = new Type(n), to = new Type(n);
  let state = 0x2545f491;
  const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296);
  for (let i = 0; i < n; i++) {
    stiffness[i] = 50 + 450 * rand();
    damping[i] = 2 * Math.sqrt(stiffness[i]) * (0.3 + 1.3 * rand());
    to[i] = 100 * rand();
  }
  const peer = { stiffness, damping, mass: 1, from: 0, to, velocity: 0 };
  const params = numbers ? { ...peer, stiffness: stiffness[0], damping: damping[0], to: to[0] } : peer;
  return { n, t, times, params, peer };
}

/** The plain JavaScript peer: closed form per spring and time, in Double, stored into `out`. */
export function jsSpringBatch(times, p, out) {
  const n = p.stiffness.length, t = times.length;
  const m = p.mass, from = p.from, v0 = p.velocity;
  for (let i = 0; i < n; i++) {
    const k = p.stiffness[i], c = p.damping[i], target = p.to[i];
    const lambda = c / (2 * m), w2 = k / m, q = w2 - lambda * lambda, y0 = from - target;
    const row = i * t;
    if (q > 0) {
      const s = Math.sqrt(q), b = (v0 + lambda * y0) / s;
      for (let j = 0; j < t; j++) {
        const x = times[j];
        out[row + j] = target + Math.exp(-lambda * x) * (y0 * Math.cos(s * x) + b * Math.sin(s * x));
      }
    } else if (q < 0) {
      const mu = Math.sqrt(-q), r1 = -w2 / (lambda + mu), r2 = -(lambda + mu);
      const c1 = (v0 - r2 * y0) / (2 * mu), c2 = (r1 * y0 - v0) / (2 * mu);
      for (let j = 0; j < t; j++) {
        const x = times[j];
        out[row + j] = target + c1 * Math.exp(r1 * x) + c2 * Math.exp(r2 * x);
      }
    } else {
      const b = v0 + lambda * y0;
      for (let j = 0; j < t; j++) {
        const x = times[j];
        out[row + j] = target + Math.exp(-lambda * x) * (y0 + b * x);
      }
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The shapes measured: the bulk batch in both element types, and the one-spring call. */
export const SHAPES = [
  { n: 100000, t: 120, type: "Float32", numbers: false },
  { n: 100000, t: 120, type: "Float64", numbers: false },
  { n: 1, t: 120, type: "Float32", numbers: true, calls: 20000 },
  { n: 1, t: 120, type: "Float64", numbers: true, calls: 20000 },
];

/**
 * Both, `rounds` times in turn (after one warm-up each), for one shape: the bulk shapes once
 * per round, the one-spring shape `calls` times per round (times are per call). Returns the row
 * and the worst difference between the two outputs relative to the largest |value| of its row.
 */
export function runShape(mk, { n, t, type, numbers, calls = 1 }, { rounds = 7, now = () => performance.now() } = {}) {
  const Type = type === "Float32" ? Float32Array : Float64Array;
  const b = makeBatch(n, t, Type, numbers);
  const outWasm = new Type(n * t), outJS = new Type(n * t);
  mk.springBatch(b.times, b.params, outWasm);
  jsSpringBatch(b.times, b.peer, outJS);
  const wasm = [], js = [];
  for (let r = 0; r < rounds; r++) {
    let t0 = now();
    for (let c = 0; c < calls; c++) mk.springBatch(b.times, b.params, outWasm);
    wasm.push((now() - t0) / calls);
    t0 = now();
    for (let c = 0; c < calls; c++) jsSpringBatch(b.times, b.peer, outJS);
    js.push((now() - t0) / calls);
  }
  let worst = 0;
  for (let i = 0; i < n; i++) {
    let scale = 1;
    for (let j = 0; j < t; j++) scale = Math.max(scale, Math.abs(outJS[i * t + j]));
    for (let j = 0; j < t; j++) worst = Math.max(worst, Math.abs(outWasm[i * t + j] - outJS[i * t + j]) / scale);
  }
  const ratio = js.map((x, r) => x / wasm[r]);
  return {
    shape: `${n} × ${t} ${type}, parameters as ${numbers ? "numbers" : "arrays"}`,
    wasmMedianMs: median(wasm), jsMedianMs: median(js),
    ratio: median(js) / median(wasm), ratioRange: [Math.min(...ratio), Math.max(...ratio)],
    worstDifference: worst,
  };
}

/** Every shape of ``SHAPES``, one row each. */
export function run(mk, options = {}) {
  return SHAPES.map((shape) => runShape(mk, shape, options));
}

if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import(new URL("../dist/motionkernel.js", import.meta.url));
  const mk = await load();
  for (const row of run(mk)) console.log(JSON.stringify(row));
}
