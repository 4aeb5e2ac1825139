// What the browser tests share (web/smoke.mjs, web/leaderboard.mjs): headless Debian
// Chromium with software WebGL2 (SwiftShader), and how a crashed game shows in the console.
import { chromium } from "playwright-core";

// A panic prints "panicked at …"; a build whose std aborts at once on panic (web/build.sh's
// nightly mode) traps instead, which the page reports as "RuntimeError: unreachable".
export const crashed = (logs) => logs.some((l) => l.includes("panicked") || l.includes("RuntimeError"));

// The browser, with the flags `extra` adds to the shared ones.
export const launch = (extra = []) => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--ignore-gpu-blocklist", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", ...extra],
});
