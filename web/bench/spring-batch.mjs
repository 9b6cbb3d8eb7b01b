// springBatch against a plain JavaScript closed-form loop over the same batch: 10⁵ springs ×
// 120 times (two seconds at 60 Hz), Float32, the module's copies in and out of WebAssembly
// memory included. Runs in Node (`node web/bench/spring-batch.mjs`) and in a page
// (web/bench/spring-batch.html), each round timing both in turn; medians and per-round ranges.
//
// The JavaScript peer is what a careful web developer writes: the spring's constants once per
// spring, then per time one Math.exp and one Math.cos and Math.sin (under-damped), two
// Math.exp (over-damped) or one (critical), in Double, stored into a Float32Array.

/** The batch: deterministic springs over stiffness 50–500, damping ratio 0.3–1.6. */
export function makeBatch(n = 100000, t = 120) {
  const times = Float32Array.from({ length: t }, (_, j) => j / 60);
  const stiffness = new Float32Array(n), damping = new Float32Array(n), to = new Float32Array(n);
  let state = 0x2545f491;
  const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296);
  for (let i = 0; i < n; i++) {
    stiffness[i] = 50 + 450 * rand();
    damping[i] = 2 * Math.sqrt(stiffness[i]) * (0.3 + 1.3 * rand());
    to[i] = 100 * rand();
  }
  return { n, t, times, params: { stiffness, damping, mass: 1, from: 0, to, velocity: 0 } };
}

/** The plain JavaScript peer: closed form per spring and time, Float32 output. */
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

/**
 * Both, `rounds` times in turn (after one warm-up each). Returns the rows and the worst
 * difference between the two outputs relative to the largest |value| of its row.
 */
export function run(mk, { rounds = 7, n = 100000, t = 120, now = () => performance.now() } = {}) {
  const b = makeBatch(n, t);
  const outWasm = new Float32Array(n * t), outJS = new Float32Array(n * t);
  mk.springBatch(b.times, b.params, outWasm);
  jsSpringBatch(b.times, b.params, outJS);
  const wasm = [], js = [];
  for (let r = 0; r < rounds; r++) {
    let t0 = now();
    mk.springBatch(b.times, b.params, outWasm);
    wasm.push(now() - t0);
    t0 = now();
    jsSpringBatch(b.times, b.params, outJS);
    js.push(now() - t0);
  }
  let worst = 0;
  for (let i = 0; i < n; i++) {
    let scale = 1;
    for (let j = 0; j < t; j++) scale = Math.max(scale, Math.abs(outJS[i * t + j]));
    for (let j = 0; j < t; j++) worst = Math.max(worst, Math.abs(outWasm[i * t + j] - outJS[i * t + j]) / scale);
  }
  const ratio = js.map((x, r) => x / wasm[r]);
  return {
    shape: `${n} × ${t} Float32`,
    wasmMedianMs: median(wasm), jsMedianMs: median(js),
    ratio: median(js) / median(wasm), ratioRange: [Math.min(...ratio), Math.max(...ratio)],
    worstDifference: worst,
  };
}

if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import(new URL("../dist/motionkernel.js", import.meta.url));
  const mk = await load();
  console.log(JSON.stringify(run(mk)));
}
