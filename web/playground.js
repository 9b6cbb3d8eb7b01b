// The playground (web/playground.html): every number comes from the MotionKernel module
// (web/dist/motionkernel.js), through the same eval protocol as `motionkernel eval`.
import { load } from "./dist/motionkernel.js";

const mk = await load();
const $ = (id) => document.getElementById(id);

/** Six significant digits, trailing zeros dropped: how the page prints a parameter. */
const fmt = (x) => String(Number(x.toPrecision(6)));

/** The parameterizations: their fields (id, label, default) and the SpringSpec they make. */
const MODES = {
  swiftui: { name: "SwiftUI", fields: [["duration", "duration (s)", 0.5], ["bounce", "bounce", 0.3]] },
  response: { name: "response / ζ", fields: [["response", "response (s)", 0.5], ["dampingRatio", "damping ratio ζ", 0.7]] },
  physical: { name: "physical", fields: [["mass", "mass", 1], ["stiffness", "stiffness", 157.914], ["damping", "damping", 17.5929]] },
  uikit: { name: "UIKit", fields: [["dampingRatio", "damping ratio", 0.7], ["response", "response (s)", 0.5]] },
  motion: { name: "Motion", fields: [["visualDuration", "visualDuration (s)", 0.5], ["bounce", "bounce (0–1)", 0.25]] },
};

const state = { mode: "swiftui", values: {}, spring: null, converted: null, settle: null, css: null, samples: null, error: null };
window.playground = { state, mk, ready: null };

// ---- the spring editor --------------------------------------------------------------------

function renderModes() {
  const tabs = $("modes");
  tabs.replaceChildren(...Object.entries(MODES).map(([key, mode]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = mode.name;
    b.dataset.mode = key;
    b.setAttribute("aria-pressed", String(key === state.mode));
    b.addEventListener("click", () => switchMode(key));
    return b;
  }));
  $("mode-fields").replaceChildren(...MODES[state.mode].fields.map(([id, label, initial]) => {
    const l = document.createElement("label");
    const input = document.createElement("input");
    Object.assign(input, { type: "number", id: `spring-${id}`, step: "any", value: String(state.values[id] ?? initial) });
    input.addEventListener("input", update);
    l.append(label, input);
    return l;
  }));
}

/** Fills the new mode's fields from the current spring (spring.convert's result), then updates. */
function switchMode(key) {
  const c = state.converted;
  if (c) {
    state.values = {
      duration: c.duration, bounce: c.bounce, response: c.response, dampingRatio: c.dampingRatio,
      mass: c.mass, stiffness: c.stiffness, damping: c.damping,
      visualDuration: c.response / 1.2,
    };
    if (key === "motion") state.values.bounce = Math.min(1, Math.max(0, 1 - c.dampingRatio));
    for (const k of Object.keys(state.values)) state.values[k] = Number(fmt(state.values[k]));
  }
  state.mode = key;
  renderModes();
  update();
}

function springSpec() {
  const spec = {};
  for (const [id] of MODES[state.mode].fields) {
    const v = $(`spring-${id}`).valueAsNumber;
    spec[id] = v;
    state.values[id] = v;
  }
  return spec;
}

function ask(request) {
  const answer = mk.eval(request);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.result;
}

function update() {
  const error = $("spring-error");
  try {
    const spring = springSpec();
    const from = $("from").valueAsNumber, to = $("to").valueAsNumber, relativeVelocity = $("velocity").valueAsNumber;
    const fraction = Number($("epsilon").value);
    const motion = { spring, from, to, relativeVelocity };
    const converted = ask({ op: "spring.convert", spring });
    const settle = ask({ op: "spring.settle", ...motion, epsilon: fraction * Math.abs(to - from) || fraction }).settlingDuration;
    const css = ask({ op: "spring.cssLinear", ...motion, tolerance: fraction });
    const end = Math.max(settle * 1.25, 0.05);
    const times = Array.from({ length: 241 }, (_, j) => (end * j) / 240);
    const samples = ask({ op: "spring.sample", ...motion, times });
    Object.assign(state, { spring, motion, converted, settle, css, samples: { times, ...samples }, error: null });
    error.textContent = "";
  } catch (e) {
    state.error = e.message;
    error.textContent = e.message;
    return;
  }
  plotSpring();
  renderFacts();
  renderCode();
}

function renderFacts() {
  const c = state.converted;
  $("settle").textContent = `${state.settle.toFixed(4)} s`;
  $("zeta").textContent = fmt(c.dampingRatio);
  $("stiffness-fact").textContent = fmt(c.stiffness);
  $("damping-fact").textContent = fmt(c.damping);
}

// ---- plots --------------------------------------------------------------------------------

const W = 720, H = 300, PAD = { left: 58, right: 74, top: 16, bottom: 30 };
/** Round tick values (steps of 1, 2 or 5 × 10ⁿ) inside [lo, hi], about five of them. */
function niceTicks(lo, hi) {
  const raw = (hi - lo) / 5, unit = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * unit).find((x) => x >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}
/** Axis labels: three significant digits. */
const tick = (x) => String(Number(x.toPrecision(3)));
const svg = (tag, attrs = {}, text) => {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
};
const path = (xs, ys, sx, sy) => xs.map((x, i) => `${i ? "L" : "M"}${sx(x).toFixed(2)},${sy(ys[i]).toFixed(2)}`).join("");

function axes(root, x0, x1, y0, y1, xLabel) {
  const sx = (x) => PAD.left + ((x - x0) / (x1 - x0)) * (W - PAD.left - PAD.right);
  const sy = (y) => H - PAD.bottom - ((y - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  root.append(svg("rect", { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, fill: "#fbfcfe", stroke: "#d9dee8" }));
  for (const x of niceTicks(x0, x1)) {
    root.append(svg("text", { x: sx(x), y: H - 12, "text-anchor": "middle", "font-size": 11, fill: "#667085" }, tick(x)));
  }
  for (const y of niceTicks(y0, y1)) {
    root.append(svg("text", { x: PAD.left - 6, y: sy(y) + 4, "text-anchor": "end", "font-size": 11, fill: "#667085" }, tick(y)));
    root.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: sy(y), y2: sy(y), stroke: "#eef0f5" }));
  }
  root.append(svg("text", { x: W - PAD.right + 6, y: H - PAD.bottom + 4, "font-size": 11, fill: "#667085" }, xLabel));
  return { sx, sy };
}

function plotSpring() {
  const root = $("spring-plot");
  root.replaceChildren();
  const { times, value, velocity } = state.samples;
  const { from, to } = state.motion;
  const lo = Math.min(from, to, ...value), hi = Math.max(from, to, ...value);
  const pad = (hi - lo) * 0.08 || 1;
  const { sx, sy } = axes(root, 0, times.at(-1), lo - pad, hi + pad, "t (s)");
  const eps = Number($("epsilon").value) * Math.abs(to - from);
  root.append(svg("rect", { x: PAD.left, y: sy(to + eps), width: W - PAD.left - PAD.right, height: Math.max(1, sy(to - eps) - sy(to + eps)), fill: "#1f8a4c22" }));
  // Velocity on its own scale (right axis), dashed.
  const vmax = Math.max(...velocity.map(Math.abs)) || 1;
  const svy = (v) => sy(lo - pad + ((v / vmax + 1) / 2) * (hi - lo + 2 * pad));
  root.append(svg("path", { d: path(times, velocity, sx, svy), fill: "none", stroke: "#d9822b", "stroke-width": 1.5, "stroke-dasharray": "5 4", id: "velocity-path" }));
  root.append(svg("text", { x: W - PAD.right + 4, y: PAD.top + 10, "font-size": 11, fill: "#d9822b" }, "velocity"));
  root.append(svg("text", { x: W - PAD.right + 4, y: PAD.top + 24, "font-size": 11, fill: "#d9822b" }, `±${tick(vmax)}/s`));
  root.append(svg("path", { d: path(times, value, sx, sy), fill: "none", stroke: "#3461e0", "stroke-width": 2.2, id: "value-path" }));
  const xs = sx(state.settle);
  root.append(svg("line", { x1: xs, x2: xs, y1: PAD.top, y2: H - PAD.bottom, stroke: "#1f8a4c", "stroke-width": 1.5, id: "settle-line" }));
  const right = xs > W - PAD.right - 110;
  root.append(svg("text", { x: right ? xs - 4 : xs + 4, y: PAD.top + 30, "text-anchor": right ? "end" : "start", "font-size": 11, fill: "#1f8a4c" }, `settled ${state.settle.toFixed(4)} s`));
}

function plotEasing(points, fitted) {
  const root = $("easing-plot");
  root.replaceChildren();
  const ys = points.map((p) => p[1]).concat(fitted ? fitted.map((p) => p[1]) : []);
  const lo = Math.min(0, ...ys), hi = Math.max(1, ...ys);
  const { sx, sy } = axes(root, 0, 1, lo - 0.05, hi + 0.05, "input");
  root.append(svg("path", { d: path(points.map((p) => p[0]), points.map((p) => p[1]), sx, sy), fill: "none", stroke: "#3461e0", "stroke-width": 2.2, id: "easing-path" }));
  if (fitted) {
    root.append(svg("path", { d: path(fitted.map((p) => p[0]), fitted.map((p) => p[1]), sx, sy), fill: "none", stroke: "#1f8a4c", "stroke-width": 1.5, "stroke-dasharray": "6 4", id: "fit-path" }));
  }
}

// ---- generated code -----------------------------------------------------------------------

function snippets() {
  const c = state.converted, { from, to, relativeVelocity } = state.motion;
  const velocity = relativeVelocity * (to - from);
  const motion = state.mode === "motion"
    ? `{ type: "spring", visualDuration: ${fmt(state.values.visualDuration)}, bounce: ${fmt(state.values.bounce)} }`
    : `{ type: "spring", stiffness: ${fmt(c.stiffness)}, damping: ${fmt(c.damping)}, mass: ${fmt(c.mass)}, velocity: ${fmt(velocity)} }`;
  return [
    ["SwiftUI", `Spring(duration: ${fmt(c.duration)}, bounce: ${fmt(c.bounce)})`],
    ["CSS", `/* the spring from ${fmt(from)} to ${fmt(to)}: within ${fmt(state.css.maxError)} of the distance (certified) */\n`
      + `animation-duration: ${fmt(state.css.duration)}s;\nanimation-timing-function: ${state.css.css};`],
    ["Motion", motion],
    ["Compose", `spring<Float>(dampingRatio = ${fmt(c.dampingRatio)}f, stiffness = ${fmt(c.stiffness / c.mass)}f)`],
    ["UIKit", `UISpringTimingParameters(mass: ${fmt(c.mass)}, stiffness: ${fmt(c.stiffness)}, damping: ${fmt(c.damping)}, `
      + `initialVelocity: CGVector(dx: ${fmt(relativeVelocity)}, dy: 0))`],
  ];
}

function renderCode() {
  $("code").replaceChildren(...snippets().map(([name, text]) => {
    const box = document.createElement("div");
    box.className = "snippet";
    box.dataset.lang = name;
    const head = document.createElement("header");
    const title = document.createElement("span");
    title.textContent = name;
    const copy = document.createElement("button");
    Object.assign(copy, { type: "button", className: "copy", textContent: "Copy" });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(text);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Select and copy";
      }
      setTimeout(() => (copy.textContent = "Copy"), 1500);
    });
    head.append(title, copy);
    const pre = document.createElement("pre");
    pre.textContent = text;
    box.append(head, pre);
    return box;
  }));
}

// ---- the easing editor --------------------------------------------------------------------

let easingKind = "cubic";
let fittedCurve = null;

function easingText() {
  if (easingKind === "linear") return $("linear-text").value.trim();
  const v = ["x1", "y1", "x2", "y2"].map((id) => fmt($(id).valueAsNumber));
  return `cubic-bezier(${v.join(", ")})`;
}

function updateEasing() {
  const text = easingText();
  $("easing-text").value = text;
  try {
    const at = Array.from({ length: 201 }, (_, j) => j / 200);
    const out = ask({ op: "timing.sample", timing: text, at });
    $("easing-error").textContent = "";
    plotEasing(at.map((u, j) => [u, out[j]]), fittedCurve);
  } catch (e) {
    $("easing-error").textContent = e.message;
  }
}

function fit() {
  try {
    const duration = $("fit-duration").valueAsNumber;
    const r = ask({ op: "spring.design", design: "fitCurve", timing: easingText(), duration });
    const s = r.spring;
    const at = Array.from({ length: 201 }, (_, j) => j / 200);
    const curve = ask({ op: "spring.sample", spring: { mass: s.mass, stiffness: s.stiffness, damping: s.damping }, from: 0, to: 1, velocity: r.velocity, times: at.map((u) => u * duration) });
    fittedCurve = at.map((u, j) => [u, curve.value[j]]);
    $("fit-result").textContent = `Fitted: stiffness ${fmt(s.stiffness)}, damping ${fmt(s.damping)} (ζ ${fmt(s.dampingRatio)}); largest difference ${fmt(r.maxResidual)} of the distance. Loaded into the spring editor.`;
    state.mode = "physical";
    state.values = { mass: Number(fmt(s.mass)), stiffness: Number(fmt(s.stiffness)), damping: Number(fmt(s.damping)) };
    $("from").value = "0";
    $("to").value = "1";
    $("velocity").value = fmt(r.velocity);
    renderModes();
    update();
    updateEasing();
  } catch (e) {
    $("easing-error").textContent = e.message;
  }
}

for (const b of $("easing-kinds").querySelectorAll("button")) {
  b.addEventListener("click", () => {
    easingKind = b.dataset.kind;
    for (const o of $("easing-kinds").querySelectorAll("button")) o.setAttribute("aria-pressed", String(o === b));
    $("cubic-fields").hidden = easingKind !== "cubic";
    $("linear-fields").hidden = easingKind !== "linear";
    fittedCurve = null;
    updateEasing();
  });
}
for (const id of ["x1", "y1", "x2", "y2", "linear-text"]) $(id).addEventListener("input", () => { fittedCurve = null; updateEasing(); });
$("fit").addEventListener("click", fit);
for (const id of ["from", "to", "velocity", "epsilon"]) $(id).addEventListener("input", update);

// ---- the animated preview -----------------------------------------------------------------

function animate(now) {
  const s = state.samples;
  if (s && !state.error) {
    const span = s.times.at(-1), pause = 0.6;
    const t = ((now / 1000) % (span + pause));
    const j = Math.min(s.times.length - 1, Math.round((Math.min(t, span) / span) * (s.times.length - 1)));
    const { from, to } = state.motion;
    const x = (s.value[j] - from) / ((to - from) || 1);
    $("preview-dot").style.left = `calc(${(0.05 + 0.85 * Math.max(-0.1, Math.min(1.15, x))) * 100}% - 11px)`;
  }
  requestAnimationFrame(animate);
}

// ---- presets ------------------------------------------------------------------------------

async function renderPresets() {
  const { presets } = await (await fetch(new URL("./presets.json", import.meta.url))).json();
  const style = document.createElement("style");
  const cards = presets.map((p) => {
    // Each preset's CSS, scoped to its card: its keyframes renamed, its layer selectors prefixed.
    const scoped = p.css.replace(/mk-([A-Za-z]+)/g, `mk-${p.name}-$1`).replace(/^\.([A-Za-z]+) \{/gm, `#preset-${p.name}.playing .$1 {`);
    style.append(scoped + "\n");
    const card = document.createElement("div");
    card.className = "preset";
    card.id = `preset-${p.name}`;
    const layers = [...p.css.matchAll(/^\.([A-Za-z]+) \{/gm)].map((m) => m[1]);
    const stage = layers.includes("view")
      ? `<div class="stage"><div class="view"></div></div>`
      : `<div class="stage"><div class="screen">${layers.map((l) => `<div class="${l}"></div>`).join("")}</div></div>`;
    card.innerHTML = `<h3></h3><p></p>${stage}<button type="button" class="copy">Replay</button> <button type="button" class="copy" data-copy>Copy CSS</button><details><summary>CSS export (within ${fmt(p.tolerance)} of each value)</summary><pre></pre></details>`;
    card.querySelector("h3").textContent = p.name;
    card.querySelector("p").textContent = p.description;
    card.querySelector("pre").textContent = p.css;
    const replay = () => {
      card.classList.remove("playing");
      void card.offsetWidth;
      card.classList.add("playing");
    };
    card.querySelector("button").addEventListener("click", replay);
    card.querySelector("[data-copy]").addEventListener("click", () => navigator.clipboard.writeText(p.css).catch(() => {}));
    replay();
    return card;
  });
  document.head.append(style);
  $("presets").replaceChildren(...cards);
}

renderModes();
update();
updateEasing();
requestAnimationFrame(animate);
window.playground.ready = renderPresets().then(() => true);
