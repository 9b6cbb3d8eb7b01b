// A headless Chromium driven over the DevTools protocol, with the repository served on
// localhost: enough for the browser benchmark and the playground's test, with nothing but
// Node (20: run with --experimental-websocket; 22 has WebSocket built in) and Debian's chromium.
//
//   const browser = await Chromium.launch();       // serves the repository root
//   const page = await browser.open("/web/playground.html");
//   await page.evaluate("1 + 1");                   // → 2 (promises awaited)
//   page.console                                    // console messages and uncaught exceptions
//   await page.screenshot("docs/images/x.png");
//   await browser.close();
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".json": "application/json", ".png": "image/png", ".svg": "image/svg+xml" };

/** A static server of `root` on 127.0.0.1 (GET only, no listing, nothing outside `root`). */
export function serve(root, port = 0) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    const file = normalize(join(base, path));
    if (req.method !== "GET" || !(file === base || file.startsWith(base + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(port, "127.0.0.1", () => ok(server)));
}

/** The Chromium binary: $CHROMIUM, else chromium or chromium-browser on PATH; null if none. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((c) => c && existsSync(c)) ?? null;
}

export class Chromium {
  static async launch({ root = new URL("../..", import.meta.url).pathname, binary = findChromium(), width = 1280, height = 900 } = {}) {
    if (!binary) throw new Error("no chromium found (bash Tools/setup installs Debian's chromium)");
    if (typeof WebSocket === "undefined") throw new Error("this Node has no WebSocket: run it with --experimental-websocket");
    const server = await serve(root);
    const profile = mkdtempSync(join(tmpdir(), "mk-chromium-"));
    const proc = spawn(binary, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--disable-background-networking", "--disable-sync", "--remote-debugging-port=0", `--user-data-dir=${profile}`,
      `--window-size=${width},${height}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"], detached: true });
    proc.stderr.on("data", () => {});
    const portFile = join(profile, "DevToolsActivePort");
    for (let waited = 0; !existsSync(portFile) || readFileSync(portFile, "utf8").split("\n").length < 2; waited += 50) {
      if (waited > 30000 || proc.exitCode !== null) throw new Error("chromium did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = readFileSync(portFile, "utf8").split("\n")[0];
    return new Chromium(proc, server, profile, port, width, height);
  }

  constructor(proc, server, profile, port, width, height) {
    Object.assign(this, { proc, server, profile, port, width, height });
  }

  get origin() { return `http://127.0.0.1:${this.server.address().port}`; }

  /** A new tab at `path` (on the served root), once its load event fired. */
  async open(path) {
    const target = await (await fetch(`http://127.0.0.1:${this.port}/json/new?about:blank`, { method: "PUT" })).json();
    const page = new Page(target.webSocketDebuggerUrl);
    await page.ready;
    await page.send("Runtime.enable");
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { width: this.width, height: this.height, deviceScaleFactor: 1, mobile: false });
    const loaded = page.once("Page.loadEventFired");
    await page.send("Page.navigate", { url: this.origin + path });
    await loaded;
    return page;
  }

  /** Ends the browser (its whole process group, helpers included), then removes its profile. */
  async close() {
    const exited = this.proc.exitCode !== null ? Promise.resolve() : new Promise((r) => this.proc.once("exit", r));
    try {
      process.kill(-this.proc.pid, "SIGKILL");
    } catch {
      this.proc.kill("SIGKILL");
    }
    await exited;
    await new Promise((r) => this.server.close(r));
    // A helper process may still be flushing into the profile for a moment: retry.
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  }
}

class Page {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    /** Console messages ({type, text}) and uncaught exceptions ({type: "exception", text}). */
    this.console = [];
    this.ready = new Promise((ok, fail) => { this.ws.onopen = ok; this.ws.onerror = fail; });
    this.ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.id && this.pending.has(msg.id)) {
        const { ok, fail } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) fail(new Error(msg.error.message));
        else ok(msg.result);
        return;
      }
      if (msg.method === "Runtime.consoleAPICalled") {
        this.console.push({ type: msg.params.type, text: msg.params.args.map((a) => a.value ?? a.description ?? "").join(" ") });
      } else if (msg.method === "Runtime.exceptionThrown") {
        const d = msg.params.exceptionDetails;
        this.console.push({ type: "exception", text: d.exception?.description ?? d.text });
      } else if (msg.method === "Log.entryAdded" && msg.params.entry.level === "error") {
        this.console.push({ type: "error", text: msg.params.entry.text });
      }
      this.listeners = this.listeners.filter((l) => !(l.method === msg.method && (l.ok(msg.params), true)));
    };
  }

  send(method, params = {}) {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((ok, fail) => this.pending.set(id, { ok, fail }));
  }

  once(method) { return new Promise((ok) => this.listeners.push({ method, ok })); }

  /** The value of `expression` in the page (a promise is awaited); throws what the page threw. */
  async evaluate(expression) {
    const r = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  }

  /** A PNG of the viewport (or the whole page), written to `file`. */
  async screenshot(file, { fullPage = false } = {}) {
    const params = { format: "png" };
    if (fullPage) {
      const { cssContentSize: size } = await this.send("Page.getLayoutMetrics");
      Object.assign(params, { captureBeyondViewport: true, clip: { x: 0, y: 0, width: size.width, height: size.height, scale: 1 } });
    }
    const r = await this.send("Page.captureScreenshot", params);
    writeFileSync(file, Buffer.from(r.data, "base64"));
  }
}
