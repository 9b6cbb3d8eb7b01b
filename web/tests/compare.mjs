// The WebAssembly module against the native command line: every request of a JSON-lines corpus
// goes through `mk.eval` (web/dist/motionkernel.js) and through `motionkernel eval`; the answers
// must have the same shape, the same strings (the `linear()` texts and error messages
// included), the same codes, and numbers within 1e-12 of their scale (the largest magnitude in
// the same array, or the number itself), which docs/web.md derives from the two C libraries'
// error bounds. Hostile requests (deep nesting, huge arrays, unknown ops, bad types) must get
// the CLI's error answers, and the module's memory must stay bounded over repeated requests.
//
//   node web/tests/compare.mjs <motionkernel binary>
//
// The corpus is generated here from a fixed seed (below): springs in every parameter set over
// wide ranges, every supported op, CSS easing texts, and hostile requests.
import { execFileSync } from "node:child_process";
import { load, MotionKernel } from "../dist/motionkernel.js";
import { readFileSync } from "node:fs";

const [binary] = process.argv.slice(2);
const corpus = makeCorpus().map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
const native = execFileSync(binary, ["eval"], { input: corpus.join("\n") + "\n", maxBuffer: 1 << 30 })
  .toString().split("\n").filter((l) => l.length);
if (native.length !== corpus.length) throw new Error(`CLI gave ${native.length} answers for ${corpus.length} requests`);
const mk = await load();

let failures = 0;
let worst = 0;
let worstAt = "";
const worstByOp = new Map();
function fail(i, path, message) {
  failures++;
  if (failures <= 20) console.error(`request ${i + 1} at ${path}: ${message}`);
}
// The hash seed: an instance takes its seed before its first hash (mk_seed answers 0), and a
// request that hashes (an object of 16 or more members, the key index) reads it (mk_seed then
// answers 1). load() seeds every instance from crypto.getRandomValues this way.
{
  const { instance } = await WebAssembly.instantiate(readFileSync(new URL("../dist/motionkernel.wasm", import.meta.url)), {});
  const raw = new MotionKernel(instance.exports);
  if (instance.exports.mk_seed(0x12345678, 0x9abcdef0) !== 0) fail(-1, "mk_seed", "the Hasher was seeded before the first request");
  const wide = { op: "spring.settle" };
  for (let k = 0; k < 40; k++) wide[`k${k}`] = k;
  if (raw.eval(wide)?.ok !== false) fail(-1, "mk_seed", "a request with 40 unknown members was accepted");
  if (instance.exports.mk_seed(1, 2) !== 1) fail(-1, "mk_seed", "an object of 41 members did not seed the Hasher");
}
function compare(i, path, a, b, scale) {
  if (typeof b === "number") {
    if (typeof a !== "number") return fail(i, path, `${JSON.stringify(a)} vs CLI ${b}`);
    const s = Math.max(Math.abs(scale ?? b), Number.MIN_VALUE);
    const e = Math.abs(a - b) / s;
    // Float requests compute in Float on both sides: their bound is Float's (docs/web.md).
    const bound = floatRequest.has(i) ? 1e-5 : 1e-12;
    if (!floatRequest.has(i)) {
      const op = opOf[i];
      worstByOp.set(op, Math.max(worstByOp.get(op) ?? 0, e));
      if (e > worst) {
        worst = e;
        worstAt = `request ${i + 1} (${op}) at ${path}`;
      }
    }
    if (!(Math.abs(a - b) <= bound * s)) fail(i, path, `${a} vs CLI ${b} (${e.toExponential(2)} of the scale)`);
    return;
  }
  if (b === null || typeof b !== "object") {
    if (a !== b) fail(i, path, `${JSON.stringify(a)} vs CLI ${JSON.stringify(b)}`);
    return;
  }
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) return fail(i, path, `array of ${a?.length} vs CLI ${b.length}`);
    const m = b.every((x) => typeof x === "number") ? b.reduce((acc, x) => Math.max(acc, Math.abs(x)), 0) : undefined;
    b.forEach((x, k) => compare(i, `${path}[${k}]`, a[k], x, m));
    return;
  }
  const ka = Object.keys(a ?? {}), kb = Object.keys(b);
  if (ka.join() !== kb.join()) return fail(i, path, `keys ${ka} vs CLI ${kb}`);
  // A fit's iteration count is where its stopping test first held: it can move by many steps
  // when the residuals differ in their last bits, so it is not compared.
  // Residuals are errors in the units of the fitted values, whose scale (progress for
  // fitCurve) is at least 1 here.
  for (const k of kb) {
    if (k === "iterations") continue;
    compare(i, `${path}.${k}`, a[k], b[k], k.endsWith("Residual") ? Math.max(1, Math.abs(b[k])) : undefined);
  }
}
const opOf = corpus.map((line) => {
  try {
    return JSON.parse(line)?.op ?? "(none)";
  } catch {
    return "(not JSON)";
  }
});
const floatRequest = new Set(corpus.flatMap((line, i) => (line.includes('"precision":"float"') ? [i] : [])));
const grown = [];
for (let round = 0; round < 3; round++) {
  corpus.forEach((line, i) => {
    const answer = mk.eval(line);
    if (round === 0) compare(i, "answer", answer, JSON.parse(native[i]));
  });
  grown.push(mk.exports.memory.buffer.byteLength);
}
// Repeating the corpus must not grow memory: the allocator reuses what a request freed.
if (grown[2] > grown[0]) fail(-1, "memory", `grew from ${grown[0]} to ${grown[2]} bytes over repeated corpora`);
console.log(`wasm vs CLI: ${corpus.length} requests, worst difference ${worst.toExponential(2)} of the scale (${worstAt}), memory ${grown.join(" → ")} bytes, ${failures} failure(s)`);
// Hostile sizes: 8 MiB requests shaped to make the parsed tree as costly per byte as JSON
// allows (2–8 bytes per value: numbers, empty and one-element arrays, strings, one-member
// objects, an object of distinct keys). Each gets an error answer, memory stays within 32 bytes
// per request byte (the tree's 16 bytes per value, the block holding an inner array, and the
// growth of the outer array) and stops growing once the allocator has seen the shapes.
{
  const size = 8 << 20, head = '{"op":"spring.sample","spring":{"duration":0.5,"bounce":0.2},"times":[';
  const fill = (unit) => head + unit.repeat(Math.floor((size - head.length - 2) / unit.length)).slice(0, -1) + "]}";
  let keys = '{"op":"spring.sample","spring":{"duration":0.5,"bounce":0.2},"x":{';
  for (let k = 0; keys.length < size - 16; k++) keys += `"${k.toString(36)}":0,`;
  const hostile = ["[0],", "[],", '"",', '"a",', '{"a":0},', "{},", "true,"].map(fill).concat([keys + '"z":0}}']);
  const start = mk.exports.memory.buffer.byteLength, after = [];
  for (let round = 0; round < 3; round++) {
    for (const text of hostile) {
      const answer = mk.eval(text);
      if (answer?.ok !== false || typeof answer.error?.code !== "string") fail(-1, "hostile size", `${text.slice(80, 100)}…: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    after.push(mk.exports.memory.buffer.byteLength);
  }
  if (after[0] - start > 32 * size) fail(-1, "hostile size memory", `grew ${after[0] - start} bytes for ${size}-byte requests`);
  if (after[2] > after[1]) fail(-1, "hostile size memory", `kept growing: ${after.join(" → ")}`);
  console.log(`hostile sizes: ${hostile.length} requests of ${size} bytes, memory ${start} → ${after.join(" → ")} bytes`);
}
// springBatch: rows equal to eval's spring.sample of the same springs (within 1e-12 of the
// row's scale in Float64, 1e-5 in Float32), errors naming the parameter and the spring.
{
  // Under-damped springs, then damping ratios 0.05–3 with critical damping exactly
  // (c = 2√(km)), over-damped ones far from and close to it, a stiff undamped spring whose
  // phase passes 2¹⁹ rad (the Float kernel leaves that row to the scalar path), and times out
  // to 40 s (e^{−λt} underflows Float).
  const under = Array.from({ length: 40 }, (_, i) => [10 + 37 * i, 0.5 + i, 1.5]);
  const ratios = [0.05, 0.3, 0.7, 0.99, 1, 1.0001, 1.01, 1.5, 3];
  const mixed = ratios.flatMap((z, r) => [[50, 2 * z * Math.sqrt(50 * 2), 2], [900 + 100 * r, 2 * z * Math.sqrt(900 + 100 * r), 1]]);
  const springs = under.concat(mixed, [[1e6, 0, 1]]);
  const n = springs.length;
  const k = Float64Array.from(springs, (p) => p[0]), c = Float64Array.from(springs, (p) => p[1]);
  const m = Float64Array.from(springs, (p) => p[2]);
  const to = Float64Array.from({ length: n }, (_, i) => (i % 3) - 1);
  let worst64 = 0, worst32 = 0;
  // Two grids: out to 900 s (most rows leave the Float64 kernel's direct range, λ·t ≤ 700.2, and
  // go to the scalar path), and 0–1.6 s, where every row's λ·t is below 200 and the phase below
  // 2000 rad, so the Float64 kernel writes every row.
  for (const times of [
    Float64Array.from({ length: 37 }, (_, j) => (j < 33 ? j * 0.05 : [5, 12, 40, 900][j - 33])),
    Float64Array.from({ length: 33 }, (_, j) => j * 0.05),
  ]) {
    const rows64 = mk.springBatch(times, { stiffness: k, damping: c, mass: m, to, velocity: 2 });
    const rows32 = mk.springBatch(Float32Array.from(times), {
      stiffness: Float32Array.from(k), damping: Float32Array.from(c), mass: Float32Array.from(m), to: Float32Array.from(to), velocity: 2,
    });
    for (let i = 0; i < n; i++) {
      // The Float32 row's springs are the Float32-rounded parameters: the reference is too.
      const f = Math.fround;
      const a = mk.eval({ op: "spring.sample", spring: { mass: m[i], stiffness: k[i], damping: c[i] }, from: 0, to: to[i], velocity: 2, times: [...times] });
      const a32 = mk.eval({ op: "spring.sample", spring: { mass: f(m[i]), stiffness: f(k[i]), damping: f(c[i]) }, from: 0, to: to[i], velocity: 2, times: [...Float32Array.from(times)] });
      const ref = a.result.value, scale = Math.max(1, ...ref.map(Math.abs));
      ref.forEach((x, j) => {
        if (!(Math.abs(rows64[i * times.length + j] - x) <= 1e-12 * scale)) fail(-1, `springBatch f64 [${i}, ${j}]`, `${rows64[i * times.length + j]} vs ${x}`);
        const x32 = a32.result.value[j];
        worst64 = Math.max(worst64, Math.abs(rows64[i * times.length + j] - x) / scale);
        worst32 = Math.max(worst32, Math.abs(rows32[i * times.length + j] - x32) / scale);
        if (!(Math.abs(rows32[i * times.length + j] - x32) <= 1e-5 * scale)) fail(-1, `springBatch f32 [${i}, ${j}]`, `${rows32[i * times.length + j]} vs ${x32}`);
      });
    }
  }
  console.log(`springBatch: ${n} springs × 37 and 33 times, worst difference from eval ${worst64.toExponential(2)} (Float64), ${worst32.toExponential(2)} (Float32) of the scale`);
  // Times far before the start: every value is `from`, with no trap on the huge phase (a
  // float-to-integer conversion out of range would kill the instance).
  for (const T of [Float32Array, Float64Array]) {
    const far = mk.springBatch(T.from([-3e38, -1e30, -1e5, -0]), { stiffness: T.from([100, 1e6]), damping: T.from([1, 0]), from: 7, to: 1 });
    if (![...far].every((x) => x === 7)) fail(-1, `springBatch ${T.name} far before the start`, `${[...far]}`);
  }
  const times = Float64Array.from([0, 0.5, 1]);
  // Negative counts straight into the entry points get an error answer, not a trap.
  for (const [n, t] of [[-1, 3], [2, -1]]) {
    for (const f of [mk.exports.mk_spring_batch_f64, mk.exports.mk_spring_batch_f32]) {
      if (!(f(n, t, 0, 0, 0, 0, 0, 0, 0, 0, 0) < 0)) fail(-1, "springBatch counts", `${n} × ${t} accepted`);
    }
  }
  // Before the start (t ≤ 0) a motion is at `from`.
  const early = mk.springBatch(Float32Array.from([-1, -0, 0]), { stiffness: 100, damping: 3, from: 7, to: 1 });
  if (![...early].every((x) => x === 7)) fail(-1, "springBatch t ≤ 0", `${[...early]}`);
  try {
    mk.springBatch(times, { stiffness: Float64Array.from([1, -2, 3]), damping: 1 });
    fail(-1, "springBatch", "a negative stiffness was accepted");
  } catch (e) {
    if (e.name !== "MotionKernelError" || e.field !== "stiffness[1]" || e.code !== "invalidValue") fail(-1, "springBatch error", `${e.name} ${e.code} ${e.field}: ${e.message}`);
  }
  for (const bad of [() => mk.springBatch([0, 1], { stiffness: 1, damping: 1 }), () => mk.springBatch(times, { stiffness: new Float32Array(2), damping: 1 })]) {
    try {
      bad();
      fail(-1, "springBatch", "a wrong array type was accepted");
    } catch (e) {
      if (!(e instanceof TypeError)) fail(-1, "springBatch type error", `${e}`);
    }
  }
}
console.log(`worst by op: ${[...worstByOp].map(([op, e]) => `${op} ${e.toExponential(2)}`).join(", ")}`);
process.exit(failures ? 1 : 0);

/** The requests: deterministic (mulberry32 from a fixed seed). */
function makeCorpus() {
  let state = 0x6d6b7761;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const logUniform = (lo, hi) => lo * Math.pow(hi / lo, rand());
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const springs = () => [
    { stiffness: logUniform(1, 5000), damping: logUniform(0.1, 200), mass: logUniform(0.1, 10) },
    { stiffness: logUniform(1, 5000), dampingRatio: logUniform(0.05, 3) },
    { response: logUniform(0.05, 3), dampingRatio: pick([0.3, 0.6, 0.8, 1, 1.5, logUniform(0.05, 3)]) },
    { duration: logUniform(0.05, 3), bounce: rand() * 1.6 - 0.8 },
    { visualDuration: logUniform(0.05, 3), bounce: rand() },
    { tension: 40 + rand() * 400, friction: 5 + rand() * 40 },
    { bounciness: rand() * 20, speed: rand() * 20 },
  ];
  const easings = [
    "ease", "ease-in-out", "linear", "step-start", "steps(4, jump-both)", "steps(3)", "cubic-bezier(0.42, 0, 0.58, 1)",
    "cubic-bezier(0.1, -0.6, 0.2, 1.6)", "linear(0, 0.25 75%, 1)", "linear(0, 0.5 25% 75%, 1)", "cubic-bezier(calc(0.1 + 0.2), 0, 0.58, 1)",
    "easeInEaseOut", "default", "steps(2147483647, jump-both)",
  ];
  const out = [];
  const times = Array.from({ length: 13 }, (_, k) => k * 0.1);
  for (let i = 0; i < 60; i++) {
    for (const spring of springs()) {
      const from = pick([0, 0, -3, 120]), to = pick([1, 1, 0, 5e3]);
      out.push({ id: out.length, op: "spring.sample", spring, from, to, velocity: rand() * 20 - 10, times });
      out.push({ id: out.length, op: "spring.settle", spring, from, to, epsilon: pick([0.001, 0.01, 1e-6]) });
      out.push({ id: out.length, op: "spring.convert", spring });
    }
    const s = pick(springs());
    out.push({ id: out.length, op: "spring.cssLinear", spring: s, tolerance: pick([0.01, 0.002, 0.0005]) });
    out.push({ id: out.length, op: "spring.sample", spring: s, times, precision: "float" });
    out.push({ id: out.length, op: "timing.sample", timing: pick(easings), at: [-0.2, 0, 0.1, 0.33, 0.5, 0.9, 1, 1.3] });
  }
  out.push({ id: "d1", op: "spring.design", design: "overshoot", overshoot: 0.1, peakTime: 0.3 });
  out.push({ id: "d2", op: "spring.design", design: "settling", dampingRatio: 0.7, settlingDuration: 0.5, epsilon: 0.001 });
  out.push({ id: "d3", op: "spring.design", design: "decay", period: 0.4, decayRatio: 0.3 });
  out.push({ id: "d4", op: "spring.design", design: "fitCurve", timing: "ease-out", duration: 0.5 });
  out.push({ id: "m1", op: "timingModel.sample", timing: { duration: 1, iterations: 2.5, direction: "alternate", fill: "both", easing: "ease-in" }, at: [-1, 0, 0.4, 1.7, 3] });
  // Hostile: not objects, bad JSON, deep nesting, unknown and unsupported ops, wrong types,
  // out-of-range numbers, huge arrays.
  out.push("[1, 2]", "\"x\"", "null", "not json", "{", "{\"op\": \"spring.sample\", \"spring\": 1e999}");
  out.push("[".repeat(5000) + "]".repeat(5000));
  out.push(`{"op":"spring.sample","spring":${"{\"a\":".repeat(3000)}1${"}".repeat(3000)}}`);
  out.push({ op: "nope" }, { op: 3 }, { id: [1], op: "spring.settle" });
  out.push({ op: "spring.sample", spring: { stiffness: -1, damping: 10 }, times: [0] });
  out.push({ op: "spring.sample", spring: { stiffness: 1e300, damping: 1e-300 }, times: [1e-300, 1e100] });
  out.push({ op: "spring.sample", spring: { stiffness: 100, damping: 10 }, times: Array(300000).fill(0.5) });
  out.push({ op: "spring.cssLinear", spring: { stiffness: 100, damping: 0 }, tolerance: 0.01 });
  out.push({ op: "timing.sample", timing: "cubic-bezier(2, 0, 0.5, 1)", at: [0.5] });
  out.push({ op: "timing.sample", timing: "linear(" + "0.5, ".repeat(20000) + "1)", at: [0.5] });
  out.push({ op: "spring.settle", spring: { duration: 0.5, bounce: 0.3 }, epsilon: 0 });
  // Names outside ASCII: canonically equivalent keys (U+212A KELVIN SIGN and K, é and e + U+0301),
  // an op key with a combining mark, an escaped name that decodes to ASCII, KELVIN SIGN as a
  // step position, direction, settling bound, design and in a timing name, and a "(" joined
  // to a combining mark.
  out.push(
    '{"op":"timing.sample","timing":"ease","at":[0],"\\u212A":1,"K":2}',
    '{"op":"timing.sample","timing":"ease","at":[0],"K":1,"\\u212A":2}',
    '{"op":"timing.sample","timing":"ease","at":[0],"\\u00E9":1,"e\\u0301":2}',
    '{"op\\u0301":"timing.sample","timing":"ease","at":[0]}',
    '{"op":"timing.sample","precision":"doub\\u006Ce","timing":"linear","at":[0.25]}',
    '{"op":"timing.sample","timing":{"steps":2,"position":"\\u212A"},"at":[0]}',
    '{"op":"timingModel.sample","timing":{"duration":1,"direction":"\\u212A"},"at":[0]}',
    '{"op":"spring.design","design":"settling","dampingRatio":0.5,"settlingDuration":1,"epsilon":0.01,"bound":"\\u212A"}',
    '{"op":"spring.design","design":"\\u212A"}',
    '{"op":"timing.sample","timing":"\\u212Aase","at":[0]}',
    '{"op":"timing.sample","timing":"x(\\u0301","at":[0]}',
  );
  return out;
}
