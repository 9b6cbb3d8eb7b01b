// `make bench-web`: the springBatch benchmark in Node and in headless Chromium (same page,
// same batches), one JSON line per engine and shape.
import { Chromium } from "../tests/chromium.mjs";
import { load } from "../dist/motionkernel.js";
import { run } from "./spring-batch.mjs";

const rounds = Number(process.env.ROUNDS ?? 9);
for (const row of run(await load(), { rounds })) console.log(JSON.stringify({ engine: `node ${process.version}`, ...row }));
const browser = await Chromium.launch();
try {
  const page = await browser.open("/web/bench/spring-batch.html?manual");
  const version = await page.evaluate("navigator.userAgent.match(/(?:HeadlessChrome|Chrome)\\/[0-9.]+/)[0]");
  const rows = await page.evaluate(`runBench({ rounds: ${rounds} })`);
  for (const row of rows) console.log(JSON.stringify({ engine: version, ...row }));
  const errors = page.console.filter((m) => m.type === "error" || m.type === "exception");
  if (errors.length) throw new Error(`the page logged errors: ${JSON.stringify(errors)}`);
} finally {
  await browser.close();
}
