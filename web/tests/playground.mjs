// The playground (web/playground.html) in headless Chromium, against the command line:
//   node --experimental-websocket web/tests/playground.mjs <motionkernel binary> [screenshot.png]
// The page must load with no console error or exception; editing a spring field must update
// the plot, the settling time and the generated code; the numbers shown must be the CLI's for
// the same spring (the settling time to 4 decimals, parameters to 6 significant digits, the CSS
// linear() text identical); fitting a spring to an easing must load the CLI's fit; the five
// seed presets must run their CSS exports. A screenshot goes to the path given (default
// .build/web/playground.png) to be looked at.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Chromium, findChromium } from "./chromium.mjs";

const [binary, shot = ".build/web/playground.png"] = process.argv.slice(2);
if (!binary) throw new Error("usage: web/tests/playground.mjs <motionkernel binary> [screenshot.png]");
if (!findChromium()) {
  console.log("playground: skipped, no chromium (bash Tools/setup installs Debian's chromium)");
  process.exit(0);
}
const fmt = (x) => String(Number(x.toPrecision(6)));
const cli = (request) => {
  const answer = JSON.parse(execFileSync(binary, ["eval"], { input: JSON.stringify(request) + "\n" }).toString());
  if (!answer.ok) throw new Error(`CLI: ${answer.error.message}`);
  return answer.result;
};
let failures = 0;
const check = (ok, what) => {
  if (!ok) {
    failures++;
    console.log(`FAIL playground: ${what}`);
  }
};

const browser = await Chromium.launch();
try {
  const page = await browser.open("/web/playground.html");
  await page.evaluate(`(async () => { for (let i = 0; i < 400 && !window.playground?.ready; i++) await new Promise((r) => setTimeout(r, 25)); return window.playground.ready; })()`);
  const text = (selector) => page.evaluate(`document.querySelector(${JSON.stringify(selector)}).textContent`);
  const attr = (selector, name) => page.evaluate(`document.querySelector(${JSON.stringify(selector)}).getAttribute(${JSON.stringify(name)})`);
  const setField = (id, value) => page.evaluate(`(() => { const e = document.getElementById(${JSON.stringify(id)}); e.value = ${JSON.stringify(String(value))}; e.dispatchEvent(new Event("input")); })()`);
  const click = (selector) => page.evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`);

  /** The page's settling time, SwiftUI, UIKit and CSS code against the CLI's for `spring`. */
  async function agrees(label, spring, motion = { from: 0, to: 1, relativeVelocity: 0 }) {
    const epsilon = 0.001 * Math.abs(motion.to - motion.from) || 0.001;
    const settle = cli({ op: "spring.settle", spring, ...motion, epsilon }).settlingDuration;
    const c = cli({ op: "spring.convert", spring });
    const css = cli({ op: "spring.cssLinear", spring, ...motion, tolerance: 0.001 });
    check((await text("#settle")) === `${settle.toFixed(4)} s`, `${label}: settling time ${await text("#settle")}, CLI ${settle}`);
    check((await text("#zeta")) === fmt(c.dampingRatio), `${label}: ζ ${await text("#zeta")}, CLI ${c.dampingRatio}`);
    const swiftui = await text('[data-lang="SwiftUI"] pre');
    check(swiftui === `Spring(duration: ${fmt(c.duration)}, bounce: ${fmt(c.bounce)})`, `${label}: SwiftUI code ${swiftui}`);
    const uikit = await text('[data-lang="UIKit"] pre');
    check(uikit.startsWith(`UISpringTimingParameters(mass: ${fmt(c.mass)}, stiffness: ${fmt(c.stiffness)}, damping: ${fmt(c.damping)}`), `${label}: UIKit code ${uikit}`);
    const cssShown = await text('[data-lang="CSS"] pre');
    check(cssShown.includes(`animation-timing-function: ${css.css};`), `${label}: CSS linear() differs from the CLI's`);
    check(cssShown.includes(`animation-duration: ${fmt(css.duration)}s;`), `${label}: CSS duration`);
    const settleX = Number(await attr("#settle-line", "x1"));
    check(Number.isFinite(settleX) && settleX > 48, `${label}: the settling time is not marked (${settleX})`);
    return { settle, path: await attr("#value-path", "d"), swiftui };
  }

  const first = await agrees("SwiftUI duration 0.5 bounce 0.3", { duration: 0.5, bounce: 0.3 });
  await setField("spring-bounce", 0.55);
  const second = await agrees("SwiftUI bounce edited to 0.55", { duration: 0.5, bounce: 0.55 });
  check(second.path !== first.path, "editing bounce did not change the plotted curve");
  check(second.settle !== first.settle && second.swiftui !== first.swiftui, "editing bounce did not change the settling time and code");

  await click('#modes [data-mode="physical"]');
  await setField("spring-stiffness", 300);
  await setField("spring-damping", 40);
  const mass = Number(await page.evaluate(`document.getElementById("spring-mass").value`));
  await agrees("physical, stiffness 300 damping 40 (over-damped)", { mass, stiffness: 300, damping: 40 });
  await setField("velocity", 4);
  await setField("to", 2);
  await agrees("physical with from 0, to 2, initial velocity 4", { mass, stiffness: 300, damping: 40 }, { from: 0, to: 2, relativeVelocity: 4 });
  await setField("to", 1);
  await setField("velocity", 0);

  await click('#modes [data-mode="motion"]');
  await setField("spring-visualDuration", 0.4);
  await setField("spring-bounce", 0.2);
  await agrees("Motion visualDuration 0.4 bounce 0.2", { visualDuration: 0.4, bounce: 0.2 });

  // Easing: a cubic-bezier edited, then a spring fitted to it and loaded into the editor.
  const easingBefore = await attr("#easing-path", "d");
  await setField("x1", 0.4);
  check((await attr("#easing-path", "d")) !== easingBefore, "editing x1 did not change the easing plot");
  const timing = await page.evaluate(`document.getElementById("easing-text").value`);
  check(timing === "cubic-bezier(0.4, 0.1, 0.25, 1)", `easing text ${timing}`);
  await click("#fit");
  const fitted = cli({ op: "spring.design", design: "fitCurve", timing, duration: 0.5 });
  const fitText = await text("#fit-result");
  check(fitText.includes(`stiffness ${fmt(fitted.spring.stiffness)}, damping ${fmt(fitted.spring.damping)}`), `fit ${fitText}, CLI ${fitted.spring.stiffness}, ${fitted.spring.damping}`);
  check((await page.evaluate(`document.getElementById("spring-stiffness").value`)) === fmt(fitted.spring.stiffness), "the fitted spring was not loaded into the editor");

  // A bad field gets the protocol's message, not an exception.
  await setField("spring-stiffness", -5);
  check((await text("#spring-error")).includes("stiffness"), `a negative stiffness: ${await text("#spring-error")}`);
  await setField("spring-stiffness", fmt(fitted.spring.stiffness));

  // The presets run their CSS exports.
  const presets = await page.evaluate(`[...document.querySelectorAll(".preset")].map((p) => p.id)`);
  check(presets.join() === "preset-shake,preset-wiggle,preset-pop,preset-spin,preset-toolbarReveal", `presets ${presets}`);
  const animation = await page.evaluate(`getComputedStyle(document.querySelector("#preset-pop .view")).animationName`);
  check(animation === "mk-pop-view", `pop's preview runs ${animation}`);

  const errors = page.console.filter((m) => m.type === "error" || m.type === "exception" || m.type === "warning");
  check(errors.length === 0, `console: ${JSON.stringify(errors)}`);
  // Back to a bouncy spring for the screenshot.
  await click('#modes [data-mode="swiftui"]');
  await setField("spring-duration", 0.6);
  await setField("spring-bounce", 0.35);
  await page.evaluate(`new Promise((r) => setTimeout(r, 700))`);
  mkdirSync(dirname(shot), { recursive: true });
  await page.screenshot(shot, { fullPage: true });
  console.log(`playground: ${failures ? `${failures} failure(s)` : "all checks passed"} (headless Chromium; screenshot ${shot})`);
} finally {
  await browser.close();
}
process.exit(failures ? 1 : 0);
