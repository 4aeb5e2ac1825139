// Browser test of the leaderboards (run by web/smoke-test.sh): the web build served by a real
// `gems-server --web`, so the page and the API share one origin. With Settings' "Share my
// daily results" on, today's daily is played to its end with the keyboard in Modern Gems,
// K in a Row and Grid Duel; each result is sent by the page's `fetch`, replayed natively by
// the server (K in a Row's and Grid Duel's computer moves, made in the browser, must be the
// ones the server's computer makes, or the server refuses them), and found on the day's
// table, under this run's name, with the outcome the server answered the page.
import { crashed, launch, watchdog } from "./browser.mjs";

const [url] = process.argv.slice(2);
const origin = new URL(url).origin;
const fail = (msg) => { console.error(`leaderboard test FAILED: ${msg}`); process.exit(1); };
watchdog(10, fail);

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 480, height: 360 } });
  const logs = [];
  page.on("console", (m) => logs.push(m.text()));
  page.on("pageerror", (e) => logs.push(String(e)));
  // The page's own calls to the server, as they happen (the test's table reads aside).
  page.on("response", async (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/") && r.request().method() !== "GET") {
      const text = await r.text().catch(() => "");
      console.log(`  page: ${r.request().method()} ${u.pathname} -> ${r.status()} ${text.slice(0, 200)}`);
      if (u.pathname === "/api/submit" && r.status() === 201) {
        try { told = JSON.parse(text).describe; } catch { told = text; }
      }
    }
  });
  const title = async () => (await page.locator("canvas#bevy").getAttribute("alt")) || "";
  const ready = () => page.waitForFunction(
    () => window.modernGemsLoading && window.modernGemsLoading.phase === "ready", null, { timeout: 180_000 });
  // The game tells the leaderboard's answer as a notice, which the web build does not copy
  // to the console (only warnings): the test asks the server's day table instead.
  // The player's local day, read again for each game (a run may cross midnight).
  const localDay = () => page.evaluate(() => new Date().toLocaleDateString("sv"));
  let game = "", today = "";
  const onTable = async () => (await page.evaluate(async ([o, g, d]) =>
    (await fetch(`${o}/api/daily/${g}/${d}`)).json(), [origin, game, today]))?.top?.find((r) => r.name === name);
  // What the server answered the page's last submission (its outcome in words).
  let told = null;
  let found = null;
  const notice = () => found;

  // A name of this run's own, so that a table from an earlier run cannot pass for this one.
  const name = `Smoke ${Date.now() % 1_000_000}`;
  // Sharing on, the name, and every game's "how to play" already offered (so no window takes
  // the keys), written where the game keeps its settings, then read at the next start.
  await page.goto(`${url}?game=dots`);
  await ready();
  // (The name goes in as an argument: inside the page, `name` would be `window.name`.)
  // Reduced motion skips the animations, which SwiftShader draws slowly.
  await page.evaluate((n) => window.modernGemsStore.set("modern-gems:data/settings.ron",
    `(share_daily: true, reduced_motion: true, player_name: "${n}", help_offered: ["modern-gems", "dots", "k-in-a-row", "solo-red", "grid-duel"])`), name);
  await page.waitForTimeout(1000);

  // Plays `game`'s daily (a link) with `step`, a keyboard move, until the page tells the
  // leaderboard's answer; then finds the result on the day's table.
  const playDaily = async (slug, link, prepare, step, minutes) => {
    game = slug;
    found = null;
    told = null;
    logs.length = 0;
    await page.goto(`${url}${link}`);
    await ready();
    today = await localDay();
    const deadline = Date.now() + 120_000;
    while (!(await title()).includes(" - ")) {
      if (Date.now() > deadline) fail(`${game}: the daily never showed: ${logs.join("\n")}`);
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(2000);
    await page.focus("canvas#bevy");
    await prepare();
    const end = Date.now() + minutes * 60_000;
    let moves = 0;
    while (!notice()) {
      if (crashed(logs)) fail(`${game}: panic:\n${logs.join("\n")}`);
      if (Date.now() > end) fail(`${game}: no leaderboard answer after ${moves} keys; title '${await title()}'; log:\n${logs.join("\n")}`);
      await step();
      moves += 1;
      if (moves % 5 === 0) found = (await onTable()) ?? null;
    }
    const row = found;
    for (let i = 0; i < 50 && told === null; i++) await page.waitForTimeout(100);
    if (row.describe !== told) fail(`${game}: the table says '${row.describe}', the server answered the page '${told}'`);
    console.log(`${game}: passed, ${moves} keys; the day's table (${today}) has ${name} at rank ${row.rank}: ${row.describe}`);
  };

  const press = async (key, times = 1) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };
  // Waits up to `secs` for the title to change from `before`.
  const changed = async (before, secs) => {
    const end = Date.now() + secs * 1000;
    while (Date.now() < end && !notice()) {
      if ((await title()) !== before) return true;
      await page.waitForTimeout(150);
    }
    return false;
  };

  // Modern Gems: under the daily's rules any gem can go, and gems fall down and left, so
  // the bottom-left cell holds a gem until the board is empty.
  await playDaily("modern-gems", "?daily", async () => {
    await press("ArrowDown", 30);
    await press("ArrowLeft", 30);
  }, async () => {
    // A press during a move's animation may be dropped: press again soon.
    const before = await title();
    await press("Enter");
    await changed(before, 1.5);
  }, 15);

  // Grid Duel: keep the grid every turn (Enter), the computer answering between.
  await playDaily("grid-duel", "?game=grid-duel&daily", async () => {}, async () => {
    const before = await title();
    await press("Enter");
    await changed(before, 2);
  }, 10);

  // K in a Row: walk the board row by row from the top-left corner, placing a stone where
  // the cell is free (a taken cell changes nothing), the computer answering each.
  let size = 0, col = 0;
  await playDaily("k-in-a-row", "?game=k-in-a-row&daily", async () => {
    size = Number((await title()).match(/(\d+)x\d+/)?.[1] ?? fail("K in a Row: no size in the title"));
    await press("ArrowUp", size + 1);
    await press("ArrowLeft", size + 1);
    col = 0;
  }, async () => {
    const before = await title();
    await press("Enter");
    // A placed stone is answered by the computer's (the title counts both).
    if (await changed(before, 2)) await changed(await title(), 20);
    if (col < size - 1) {
      await press("ArrowRight");
      col += 1;
    } else {
      await press("ArrowDown");
      await press("ArrowLeft", size);
      col = 0;
    }
  }, 20);
  await page.screenshot({ path: process.env.LEADERBOARD_SHOT || "leaderboard.png" });
  console.log("leaderboards in the browser: passed");
} finally {
  await browser.close();
}
