// The AI worker's benchmark (run by web/bench.sh): the same searches in the browser's worker
// and natively, one after the other, on the same machine; prints both and their ratio.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { askWorker, launch } from "./browser.mjs";

const [base, ...args] = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const seconds = option("--seconds", 20);
const expert = option("--expert", 0);
const frames = option("--frames", 0);
// The game page's size for --frames (SwiftShader draws every pixel on the processor, so a
// smaller page draws more frames a second): --viewport WxH, 1024x768 by default.
const viewArg = args.includes("--viewport") ? args[args.indexOf("--viewport") + 1] : "1024x768";
const [viewWidth, viewHeight] = (viewArg.match(/^(\d+)x(\d+)$/) ?? [null, NaN, NaN]).slice(1).map(Number);
if (!(viewWidth > 0 && viewHeight > 0)) {
  console.error(`bench FAILED: --viewport takes WIDTHxHEIGHT, e.g. 480x360, not '${viewArg}'`);
  process.exit(1);
}
const fail = (msg) => { console.error(`bench FAILED: ${msg}`); process.exit(1); };
const { BENCH_DIST: dist, BENCH_CLI: cli, BENCH_BOARDS: boardsDir } = process.env;
const boards = Array.from({ length: 20 }, (_, i) => readFileSync(`${boardsDir}/standard-${i + 1}.board`, "utf8"));
const workerFile = readdirSync(dist).find((f) => /^ai-worker-[0-9a-f]+\.js$/.test(f)) ?? fail("no ai-worker-ID.js");

const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(`${base}sizes.json`);
  const ask = (texts) => askWorker(page, workerFile, texts);
  const ron = (s) => JSON.stringify(s);
  const ms = Math.round((seconds * 1000) / boards.length);
  const replies = await ask(boards.map((b, i) => `(id: ${i + 1}, job: Playouts(board: ${ron(b)}, policy: Classic, millis: ${ms}))`));
  let playouts = 0, micros = 0;
  for (const r of replies) {
    const m = r.match(/Playouts\(playouts:(\d+),micros:(\d+)\)/) ?? fail(`a reply: ${r}`);
    playouts += Number(m[1]); micros += Number(m[2]);
  }
  const worker = playouts / (micros / 1e6);
  const native = execFileSync(cli, ["bench", "playouts", "--seconds", String(seconds)], { encoding: "utf8" });
  const nativeRate = Number((native.match(/= (\d+) playouts\/s/) ?? fail(`gems-cli: ${native}`))[1]);
  console.log(`playouts, ${seconds} s over the 20 standard positions (TabuColorRandom, one core):`);
  console.log(`  AI worker (Chromium): ${Math.round(worker)} playouts/s`);
  console.log(`  native (gems-cli bench playouts --seconds ${seconds}): ${nativeRate} playouts/s`);
  console.log(`  worker / native: ${(100 * worker / nativeRate).toFixed(1)}%`);

  if (expert > 0) {
    const budget = `Time((secs: ${Math.floor(expert)}, nanos: ${Math.round((expert % 1) * 1e9)}))`;
    const lines = await ask(boards.map((b, i) => `(id: ${i + 1}, job: GemsLine(board: ${ron(b)}, policy: Classic, player: Expert, budget: ${budget}, plan: None))`));
    const total = lines.reduce((sum, r) => sum + Number((r.match(/score:(\d+)\)/) ?? fail(`a reply: ${r}`))[1]), 0);
    const out = execFileSync(cli, ["bench", "samegame", "--seconds-per-board", String(expert), "--lanes", "1"], { encoding: "utf8" });
    const nativeTotal = Number((out.match(/total: (\d+)/) ?? fail(`gems-cli: ${out}`))[1]);
    console.log(`the Expert, ${expert} s per board on the 20 standard positions, one lane:`);
    console.log(`  AI worker (Chromium): ${total}`);
    console.log(`  native (gems-cli bench samegame --seconds-per-board ${expert} --lanes 1): ${nativeTotal}`);
    console.log(`  worker / native: ${(100 * total / nativeTotal).toFixed(1)}%`);
  }

  if (frames > 0) {
    // The game's own page: frame times on Modern Gems' 15×15 standard-1, idle, then while
    // the Expert thinks (hints asked back to back, each a 0.5 s search in the AI worker),
    // same page, same run; then K in a row 15×15 k 5's first computer move, three times.
    const game = await browser.newPage();
    await game.setViewportSize({ width: viewWidth, height: viewHeight });
    const title = async () => (await game.locator("canvas#bevy").getAttribute("alt")) || "";
    const until = async (test, secs, what) => {
      const end = Date.now() + secs * 1000;
      while (!test(await title())) {
        if (Date.now() > end) fail(`${what}: the title is '${await title()}'`);
        await game.waitForTimeout(20);
      }
    };
    const sample = (ms) => game.evaluate((ms) => new Promise((done) => {
      const gaps = [];
      let last = performance.now();
      const end = last + ms;
      const tick = (t) => {
        gaps.push(t - last);
        last = t;
        if (t < end) requestAnimationFrame(tick); else done(gaps);
      };
      requestAnimationFrame(tick);
    }), ms);
    const p99 = (gaps) => {
      const sorted = [...gaps].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
    };
    await game.goto(`${base}index.html?board=standard-1&policy=classic`);
    await until((t) => t.startsWith("Modern Gems - standard-1"), 120, "Modern Gems");
    await game.waitForTimeout(3000);
    const idle = await sample(frames * 1000);
    let asking = true;
    const hints = (async () => {
      let asked = 0;
      while (asking) {
        await game.keyboard.press("h");
        asked++;
        await game.waitForTimeout(600);
      }
      return asked;
    })();
    const busy = await sample(frames * 1000);
    asking = false;
    const asked = await hints;
    // The control: a worker that only spins (no search, no hint) takes a core as the Expert's
    // does. On a machine with few cores and a software renderer, frames slow down for the
    // core the worker takes, whatever it runs; what the Expert adds beyond that is its own.
    await game.waitForTimeout(1000);
    await game.evaluate(() => {
      window.benchSpin = new Worker(URL.createObjectURL(new Blob(["for (;;) {}"], { type: "text/javascript" })));
    });
    const spinning = await sample(frames * 1000);
    await game.evaluate(() => window.benchSpin.terminate());
    const fmt = (x) => x.toFixed(1);
    console.log(`frame times on Modern Gems 15x15 (standard-1), ${frames} s each, same ${viewWidth}x${viewHeight} page:`);
    console.log(`  idle: ${idle.length} frames, p99 ${fmt(p99(idle))} ms`);
    console.log(`  while the Expert thinks (${asked} hints of 0.5 s in the AI worker): ${busy.length} frames, p99 ${fmt(p99(busy))} ms`);
    console.log(`  p99 difference: ${fmt(p99(busy) - p99(idle))} ms (target: at most 2 ms)`);
    console.log(`  control, a worker that only spins: ${spinning.length} frames, p99 ${fmt(p99(spinning))} ms; the Expert's p99 less the control's: ${fmt(p99(busy) - p99(spinning))} ms`);
    const firsts = [];
    for (let i = 0; i < 3; i++) {
      await game.goto(`${base}index.html?game=k-in-a-row&size=15&k=5&first=computer`);
      await game.waitForFunction(() => window.modernGemsLoading && window.modernGemsLoading.phase === "ready", null, { timeout: 120_000 });
      const ready = Date.now();
      await until((t) => t.endsWith(" 1 tiles placed"), 60, "K in a row's first move");
      firsts.push(Date.now() - ready);
    }
    console.log(`K in a row 15x15 k 5, the computer's first move after the page is ready: ${firsts.join(", ")} ms`);
  }
} finally {
  await browser.close();
}
