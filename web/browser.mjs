// What the browser tests share (web/smoke.mjs, web/leaderboard.mjs): headless Debian
// Chromium with software WebGL2 (SwiftShader), and how a crashed game shows in the console.
import { chromium } from "playwright-core";

// A panic prints "panicked at …"; a build whose std aborts at once on panic (web/build.sh's
// nightly mode) traps instead, which the page reports as "RuntimeError: unreachable".
export const crashed = (logs) => logs.some((l) => l.includes("panicked") || l.includes("RuntimeError"));

// A browser test that stops making progress fails with the step it was on, instead of waiting
// until CI's own limit kills it: a page whose thread never returns does not answer input, and
// Playwright's keyboard and mouse calls have no timeout of their own. Each console.log line
// is a step passed, printed after the seconds since the test began; `fail(why)` ends the test
// after `minutes` without one.
export const watchdog = (minutes, fail) => {
  const began = Date.now();
  let last = "none yet";
  let timer;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(`no step passed for ${minutes} min; the last one passed: ${last}`),
      minutes * 60_000);
    timer.unref();
  };
  const log = console.log;
  console.log = (...parts) => {
    last = parts.join(" ").slice(0, 160);
    arm();
    log(`[${Math.round((Date.now() - began) / 1000)} s]`, ...parts);
  };
  arm();
};

// The browser, with the flags `extra` adds to the shared ones.
export const launch = (extra = []) => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--ignore-gpu-blocklist", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", ...extra],
});

// Starts the build's AI worker (`file`, web/ai-worker.js's hashed name) from `page` as a module
// worker, sends it each of `texts` (search requests) in turn and returns the texts it answered;
// a reply that never comes within `timeout` ms (when given) reads "no reply". The progress
// reports a long search posts before its reply (`(id:…,elapsed_ms:…,progress:…)`) are not
// replies: they are returned as `replies.reports`, one list per request.
export const askWorker = (page, file, texts, timeout = 0) => page.evaluate(async ([file, texts, timeout]) => {
  const worker = new Worker(new URL(file, location.href), { type: "module" });
  const replies = [];
  const reports = [];
  for (const text of texts) {
    const mine = [];
    reports.push(mine);
    replies.push(await new Promise((ok) => {
      worker.onmessage = (e) => {
        const data = String(e.data);
        if (data.includes(",progress:")) mine.push(data); else ok(data);
      };
      worker.onerror = (e) => ok(`worker error: ${e.message}`);
      if (timeout > 0) setTimeout(() => ok(`no reply within ${timeout} ms`), timeout);
      worker.postMessage(text);
    }));
  }
  worker.terminate();
  return { replies, reports };
}, [file, texts, timeout]).then(({ replies, reports }) => Object.assign(replies, { reports }));
