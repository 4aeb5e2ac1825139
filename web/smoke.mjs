// Browser smoke test of web/dist (run by web/smoke-test.sh): load the game on the tiny board,
// wait for the board, click a gem, check the score changes, take a screenshot, and fail on a
// panic in the console or a blank picture. Then every other game, under the Jewels theme (its
// PNG art and mip chains on WebGL2): each loads from its link (`?game=NAME`), takes input that
// changes what it shows, and must not panic.
import { askWorker, crashed, launch, watchdog } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);
const fail = (msg) => { console.error(`smoke test FAILED: ${msg}`); process.exit(1); };
watchdog(10, fail);

const browser = await launch(["--autoplay-policy=no-user-gesture-required"]);
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const logs = [];
  page.on("console", (m) => logs.push(m.text()));
  page.on("pageerror", (e) => logs.push(String(e)));
  await page.goto(`${url}?board=tiny&policy=chained`);
  // The game writes "… score N" into its window title, which winit puts in the canvas's `alt`.
  const score = async () => {
    const title = (await page.locator("canvas#bevy").getAttribute("alt")) || "";
    const m = title.match(/score (\d+)/);
    return m ? Number(m[1]) : null;
  };
  const deadline = Date.now() + 120_000;
  while ((await score()) === null) {
    if (Date.now() > deadline) fail(`the board never showed; log:\n${logs.join("\n")}`);
    if (crashed(logs)) fail(`panic:\n${logs.join("\n")}`);
    await page.waitForTimeout(500);
  }
  // The loading screen showed the download's progress and went once the game was up.
  const loading = await page.evaluate(() => window.modernGemsLoading);
  await page.waitForFunction(() => window.modernGemsLoading.phase === "ready", null, { timeout: 60_000 })
    .catch(() => fail(`the loading screen never went: ${JSON.stringify(loading)}`));
  const shown = (await page.evaluate(() => window.modernGemsLoading.shown));
  const steps = shown.filter((v) => v > 0 && v < 85).length;
  if (steps < 3 || Math.max(...shown) !== 100) fail(`the progress bar did not count up: ${shown.join(" ")}`);
  console.log(`loading screen: passed, the bar showed ${shown.length} steps (${steps} while downloading) up to 100%`);
  await page.waitForTimeout(2000); // let the deal-in animation settle
  // tiny is 3×3; its centre gem (row 1, column 1) is at the centre of the board, which sits
  // 4 px below the canvas centre (the HUD bars are 48 px on top and 40 px below).
  const box = await page.locator("canvas#bevy").boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2 + 4;
  await page.mouse.move(x, y);
  await page.waitForTimeout(300);
  await page.mouse.click(x, y);
  const clickDeadline = Date.now() + 30_000;
  while ((await score()) === 0) {
    if (Date.now() > clickDeadline) fail("clicking a gem did not score");
    await page.waitForTimeout(250);
  }
  const after = await score();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: shot });
  if (crashed(logs)) fail(`panic:\n${logs.join("\n")}`);
  // Decode the screenshot in the page and count its colours: a blank page has one or two.
  const png = (await import("node:fs")).readFileSync(shot).toString("base64");
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png);
  if (colours < 50) fail(`the picture looks blank (${colours} colours)`);
  console.log(`smoke test passed: score ${after} after one click, ${colours} colours in ${shot}`);

  // The AI worker (web/ai-worker.js loading crates/gems-worker's module): started beside the
  // page as a module worker, it answers a K in a row request with a move and refuses a text
  // that is no request, with the reason (the texts of crates/gems-rules/src/job.rs's test).
  const { readdirSync } = await import("node:fs");
  const workerFile = readdirSync(process.env.SMOKE_DIST).find((f) => /^ai-worker-[0-9a-f]+\.js$/.test(f))
    ?? fail("web/dist has no ai-worker-ID.js");
  // A 12×12 board of four kinds, as a save string (rows of kinds and spaces).
  const board12 = Array.from({ length: 12 }, (_, r) =>
    Array.from({ length: 12 }, (_, c) => `${((r * 7 + c * 3 + ((r * c) % 5)) % 4) + 1} `).join("") + "\n").join("");
  const replies = await askWorker(page, workerFile, [
    `(id: 9, job: KInARowMove(board: ${JSON.stringify("5\n4\n1\neeeee\neeeee\neehee\neeeee\neeeee")}, side: Computer, strength: Quality(2), time: None, nodes: Some(2000)))`,
    "(id: 3, job: Chess)",
    // A long search: the worker reports its best score as it goes, before it answers.
    `(id: 5, job: GemsLine(board: ${JSON.stringify(board12)}, policy: Classic, player: Expert, budget: Time((secs: 1, nanos: 0)), plan: None))`,
  ], 60_000);
  if (!/^\(id:9,answer:KInARowMove\(Some\(\(row:[0-4],col:[0-4]\)\)\)\)$/.test(replies[0])) fail(`the AI worker's answer: ${replies[0]}`);
  if (!replies[1].startsWith('(id:0,answer:Refused("not a request: ')) fail(`the AI worker's refusal: ${replies[1]}`);
  const line = replies[2].match(/^\(id:5,answer:Line\(\(moves:\[.*\],score:(\d+)\)\)\)$/)
    ?? fail(`the AI worker's Expert line: ${replies[2]}`);
  const scores = replies.reports[2].map((r) => Number((r.match(/^\(id:5,elapsed_ms:\d+,progress:Score\((\d+)\)\)$/)
    ?? fail(`the AI worker's progress report: ${r}`))[1]));
  // At least the line it starts from and one better (a report goes only when the best changed).
  if (scores.length < 2) fail(`the AI worker reported ${scores.length} time(s) in a 1 s search: ${replies.reports[2]}`);
  if (scores.some((s, i) => s > Number(line[1]) || (i > 0 && s < scores[i - 1]))) fail(`the AI worker's reported scores ${scores} against its line's ${line[1]}`);
  console.log(`AI worker: passed, ${workerFile} answered ${replies[0]}, refused a bad request, and reported the Expert's best ${scores.length} times in 1 s (${scores.join(", ")}) before its line of ${line[1]}`);

  // Share of sampled pixels that differ between two screenshots (PNG buffers).
  const difference = (a, b) => page.evaluate(async ([a64, b64]) => {
    const pixels = async (b) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height).data;
    };
    const [p, q] = [await pixels(a64), await pixels(b64)];
    let differ = 0, n = 0;
    for (let i = 0; i < p.length; i += 4 * 13, n++) {
      if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 24) differ++;
    }
    return differ / n;
  }, [a.toString("base64"), b.toString("base64")]);
  const w = box.width, h = box.height;
  const title = async () => (await page.locator("canvas#bevy").getAttribute("alt")) || "";
  // Waits until `read()` (a title) passes `test`: its value, or null after `secs`. Fails at
  // once on a panic.
  const poll = async (p, read, test, secs, what) => {
    const end = Date.now() + secs * 1000;
    for (;;) {
      const t = await read();
      if (test(t)) return t;
      if (crashed(logs)) fail(`${what}: panic:\n${logs.join("\n")}`);
      if (Date.now() > end) return null;
      await p.waitForTimeout(250);
    }
  };
  // Waits until the window title (the canvas's `alt`) passes `test`; fails after `secs`.
  const titleWhere = async (test, secs, what) => (await poll(page, title, test, secs, what))
    ?? fail(`${what}: the title is still '${await title()}' after ${secs} s`);
  // A press counts once the game has seen the pointer over its board (not over a menu), so
  // move there first and give it a frame or two; hold the button over a frame too.
  const click = async (x, y) => {
    await page.mouse.move(x, y);
    await page.waitForTimeout(400);
    await page.mouse.down();
    await page.waitForTimeout(120);
    await page.mouse.up();
  };
  // Off the board and off every menu, so nothing under the pointer changes the picture.
  const away = () => page.mouse.move(box.x + w - 3, box.y + h / 2);
  // Each game opens from a deep link with its setup; the title must show that setup (the
  // link was read), then input must change the game's state (the title changes) and the
  // picture. Page coordinates: the window is 1024×768; the world's origin is its centre.
  const games = [
    ["dots", "?game=dots&size=7&colours=4&moves=25&seed=7", "Dots - 7x7, 4 colours", async () => {
      await page.keyboard.press("c"); // the computer plays
    }],
    ["k-in-a-row", "?game=k-in-a-row&size=15&k=5&seed=7", "K in a row - 15x15, k 5", async () => {
      // A square near the board's middle (the board sits right of the 270 px menu); the
      // computer's search on 15×15 runs in the AI worker and must answer.
      await click(box.x + w / 2 + 135 + 20, box.y + h / 2 + 20);
      await titleWhere((t) => t.endsWith(" 2 tiles placed"), 60, "k-in-a-row: the computer's answer on 15x15");
    }],
    ["solo-red", "?game=solo-red&seed=7", "Solo Red - deal 7 -", async () => {
      // The first card of the hand lifts when picked up; then the computer plays a turn and
      // is stopped (C again), so that the deal is left unfinished for the resume check.
      await click(box.x + w / 2 - 365, box.y + h / 2 + 260);
      await page.waitForTimeout(1000);
      const dealt = await title();
      await page.keyboard.press("c");
      await titleWhere((t) => t !== dealt, 60, "solo-red: the computer's turn");
      await page.keyboard.press("c");
    }],
    ["grid-duel", "?game=grid-duel&seed=7", "Grid Duel - deal 7 -", async () => {
      await page.keyboard.press("Enter"); // keep the grid
    }],
  ];
  const played = {};
  for (const [game, link, shows, act] of games) {
    logs.length = 0;
    await page.goto(`${url}${link}&theme=jewels`);
    const opened = await titleWhere((t) => t.startsWith(shows), 120, `${game}: deep link ${link}`);
    await page.waitForTimeout(3000); // let the deal-in settle
    // A screen reader reads the board from the canvas's label (the game's words for it).
    const label = (await page.locator("canvas#bevy").getAttribute("aria-label")) || "";
    const says = { dots: "Dots board, 7 by 7", "k-in-a-row": "K in a Row board, 15 by 15", "solo-red": "Solo Red table", "grid-duel": "Grid Duel" }[game];
    if (!label.startsWith(says)) fail(`${game}: the canvas's label for screen readers is '${label.slice(0, 80)}', not '${says}…'`);
    await away();
    await page.waitForTimeout(500);
    const before = await page.screenshot();
    const titleBefore = await title();
    await act();
    await away();
    const changedTitle = await titleWhere((t) => t !== titleBefore, 60, `${game}: input`);
    await page.waitForTimeout(1500);
    const after = await page.screenshot({ path: shot.replace(/\.png$/, `-${game}.png`) });
    if (crashed(logs)) fail(`${game}: panic:\n${logs.join("\n")}`);
    const changed = await difference(before, after);
    if (changed < 0.002) fail(`${game}: the input changed nothing on screen (${(changed * 100).toFixed(2)}% of pixels)`);
    console.log(`${game}: passed: '${opened}' from ${link}; input made it '${changedTitle}' and changed ${(changed * 100).toFixed(1)}% of the pixels`);
    played[game] = changedTitle;
  }

  // Resume: each game saved itself after its last settled move. Opened again by a link that
  // deals nothing, it is the game left off (K in a row and Grid Duel, which nobody played on,
  // exactly as the input left them), and a reload of the tab finds the same position (the
  // title is each game's digest of its state).
  for (const [game] of games) {
    logs.length = 0;
    const saved = await page.evaluate((g) => localStorage.getItem(`modern-gems:data/resume-${g}.ron`), game);
    // Dots' computer may have ended its game (25 moves); the others are left mid-game.
    if (!saved && game === "dots") {
      console.log(`${game}: resume: skipped, the computer finished the game`);
      continue;
    }
    if (!saved) fail(`${game}: resume: no game in progress was saved`);
    await page.goto(`${url}?game=${game}`);
    await titleWhere((t) => /^(Dots|K in a row|Solo Red|Grid Duel) - /.test(t), 120, `${game}: resume`);
    await page.waitForTimeout(3000);
    const resumed = await title();
    if ((game === "k-in-a-row" || game === "grid-duel") && resumed !== played[game]) {
      fail(`${game}: resume: '${resumed}', where the game was left at '${played[game]}'`);
    }
    await page.reload();
    await titleWhere((t) => t === resumed, 120, `${game}: reload mid-game (was '${resumed}')`);
    if (crashed(logs)) fail(`${game}: resume: panic:\n${logs.join("\n")}`);
    console.log(`${game}: resume: passed, '${resumed}' again after a reload`);
  }

  // The computer players think in the AI worker (web/ai-worker.js), never on the page's
  // thread: each plays here, counted by the workers the page starts; while one thinks the
  // page keeps drawing; a search cancelled by a new game is stopped by terminating its worker,
  // so it never answers into the new game.
  let workersStarted = 0, workersClosed = 0;
  page.on("worker", (w) => { workersStarted++; w.on("close", () => workersClosed++); });
  // The longest gap between two animation frames over `ms` milliseconds, and the frames.
  const frameGaps = (ms) => page.evaluate((ms) => new Promise((done) => {
    let last = performance.now(), longest = 0, frames = 0;
    const end = last + ms;
    const tick = (t) => {
      longest = Math.max(longest, t - last);
      last = t;
      frames++;
      if (t < end) requestAnimationFrame(tick); else done({ longest: Math.round(longest), frames });
    };
    requestAnimationFrame(tick);
  }), ms);
  {
    // Perfect play on 8×8, k 5 cannot finish its proof (7×7 now can, in about a second):
    // the computer thinks for its whole 3 s.
    logs.length = 0;
    const link = "?game=k-in-a-row&size=8&k=5&quality=perfect&first=computer";
    // The computer starts thinking as the game opens: count from before the page loads.
    const before = workersStarted;
    await page.goto(`${url}${link}`);
    await poll(page, async () => workersStarted, (n) => n > before, 120, "ai worker: perfect play's worker")
      ?? fail("ai worker: no worker started for the computer's first move");
    // The worker loads its module, then searches for 3 s: the next second is all thinking.
    const thinking = await frameGaps(1000);
    const stillThinking = (await title()).endsWith(" 0 tiles placed");
    if (!stillThinking) fail(`ai worker: the 3 s search answered within a second ('${await title()}')`);
    if (thinking.longest > 1000) fail(`ai worker: a frame waited ${thinking.longest} ms while the computer thought`);
    await titleWhere((t) => t.endsWith(" 1 tiles placed"), 60, "ai worker: perfect play's move");
    const calm = await frameGaps(1500);
    console.log(`ai worker: drawing while thinking: passed, ${thinking.frames} frames in 1 s (longest gap ${thinking.longest} ms) while the computer thought, ${calm.frames} in 1.5 s (longest ${calm.longest} ms) after`);

    // A new game while the computer thinks: its worker is terminated, and the new game's
    // first move comes from a new search.
    await page.keyboard.press("r");
    await titleWhere((t) => t.endsWith(" 0 tiles placed"), 30, "ai worker: restart");
    const closedBefore = workersClosed;
    await page.waitForTimeout(800);
    await page.keyboard.press("r");
    await poll(page, async () => workersClosed, (n) => n > closedBefore, 30, "ai worker: cancel")
      ?? fail("ai worker: restarting while the computer thought terminated no worker");
    const placed = await titleWhere((t) => t.endsWith(" 1 tiles placed"), 60, "ai worker: the new game's move");
    if (crashed(logs)) fail(`ai worker: panic:\n${logs.join("\n")}`);
    console.log(`ai worker: cancel: passed, a restart terminated the thinking worker (${workersClosed} closed in all) and the new game got its own move: '${placed}'`);
  }
  // A page opened with #three-workers splits the Expert over three workers, whatever the
  // machine's cores (the page reads window.modernGemsAiWorkers before it starts).
  await page.addInitScript(() => {
    if (location.hash === "#three-workers") window.modernGemsAiWorkers = 3;
  });
  // Every other computer player, through the worker: the Modern Gems players, the smart
  // Grid Duel computer (Dots, K in a row's quality search and Solo Red played above).
  for (const [what, link, opens, act, done, lanes] of [
    ["the Expert", "?board=random:8x8:4:5&player=expert&autoplay", "Modern Gems", null, (t) => !t.endsWith(" score 0")],
    // As on a 4-core machine: each move's search split over three workers by the page's
    // coordinator (this machine may have fewer cores; the page reads the override).
    ["the Expert on three workers", "?board=random:10x10:4:7&player=expert&autoplay#three-workers", "Modern Gems", null,
      (t) => !t.endsWith(" score 0"), 3],
    ["look-ahead", "?board=random:8x8:4:5&player=lookahead1&autoplay", "Modern Gems", null, (t) => !t.endsWith(" score 0")],
    ["greedy", "?board=random:8x8:4:5&player=greedy&autoplay", "Modern Gems", null, (t) => !t.endsWith(" score 0")],
    ["the smart Grid Duel computer", "?game=grid-duel&seed=7&computer=smart", "Grid Duel - deal 7 - turn 1",
      async () => {
        // Keep each grid once it waits for a choice (a key pressed while a grid is still
        // being revealed or held is ignored), until the computer's turn has been played.
        for (let i = 0; i < 60 && !(await title()).includes("turn 2"); i++) {
          await page.keyboard.press("Enter");
          await page.waitForTimeout(1500);
        }
      }, (t) => t.includes("turn 2")],
  ]) {
    logs.length = 0;
    const before = workersStarted;
    await page.goto(`${url}${link}`);
    await titleWhere((t) => t.startsWith(opens), 120, `ai worker: ${what}`);
    if (act) await act();
    const now = await titleWhere(done, 90, `ai worker: ${what} plays`);
    if (workersStarted === before) fail(`ai worker: ${what} played without a worker`);
    if (lanes && workersStarted - before < lanes) fail(`ai worker: ${what}: ${workersStarted - before} worker(s), not ${lanes}`);
    if (crashed(logs)) fail(`ai worker: ${what}: panic:\n${logs.join("\n")}`);
    console.log(`ai worker: ${what}: passed, '${now}' (${workersStarted - before} worker(s) started)`);
  }

  // A worker script that does not load (here a 404): the player is told so in a notice, and
  // the page does not start a worker again every frame (it waits 5 s before it retries).
  {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: "block" });
    const bp = await ctx.newPage();
    const blogs = [];
    bp.on("console", (m) => blogs.push(m.text()));
    bp.on("pageerror", (e) => blogs.push(String(e)));
    let fetched = 0;
    await bp.route("**/ai-worker-*.js", (route) => { fetched++; return route.fulfill({ status: 404, body: "" }); });
    await bp.goto(`${url}?board=random:8x8:4:5&player=expert&autoplay`);
    const told = () => blogs.find((l) => l.includes("notice: The computer players cannot think"));
    await poll(bp, async () => told(), (t) => t !== undefined, 120, "ai worker: a missing worker script")
      ?? fail(`ai worker: a worker script that does not load was not told to the player; log:\n${blogs.join("\n")}`);
    const after = fetched;
    await bp.waitForTimeout(3000);
    if (fetched - after > 1) fail(`ai worker: the missing worker script was fetched ${fetched - after} more times in 3 s`);
    if (crashed(blogs)) fail(`ai worker: a missing worker script: panic:\n${blogs.join("\n")}`);
    console.log(`ai worker: a missing worker script: passed, '${told()}' (fetched ${fetched} time(s), ${fetched - after} in the 3 s after the notice)`);
    await ctx.close();
  }

  // A phone held upright (390×844, touch): every game fits and plays by tap and drag. Drags go
  // through the DevTools protocol, since Playwright's touchscreen only taps.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true,
    serviceWorkers: "block",
  });
  const tp = await phone.newPage();
  tp.on("console", (m) => logs.push(m.text()));
  tp.on("pageerror", (e) => logs.push(String(e)));
  const cdp = await phone.newCDPSession(tp);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", {
    type, touchPoints: points.map(([x, y]) => ({ x, y, radiusX: 4, radiusY: 4, force: 1 })),
  });
  const drag = async (from, to, steps = 12) => {
    await touch("touchStart", [from]);
    await tp.waitForTimeout(150);
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      await touch("touchMove", [[from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]]);
      await tp.waitForTimeout(40);
    }
    await tp.waitForTimeout(150);
    await touch("touchEnd", []);
  };
  const tap = async (x, y) => {
    await touch("touchStart", [[x, y]]);
    await tp.waitForTimeout(120);
    await touch("touchEnd", []);
  };
  const phoneTitle = () => tp.title();
  const waitPhone = (test, secs, what) => poll(tp, phoneTitle, test, secs, what);
  // Tries each input in turn until the title changes; fails when none does.
  const untilTitleChanges = async (what, inputs) => {
    const before = await phoneTitle();
    for (const input of inputs) {
      await input();
      const t = await waitPhone((t) => t !== before, 4, what);
      if (t) return t;
    }
    fail(`${what}: no input changed the game (title still '${before}')`);
  };
  // Tries each input in turn until the picture changes (a picked-up card, a new row).
  const untilPictureChanges = async (what, inputs) => {
    for (const input of inputs) {
      const before = await tp.screenshot();
      await input();
      await tp.waitForTimeout(1500);
      const after = await tp.screenshot();
      const changed = await difference(before, after);
      if (changed >= 0.002) return `${(changed * 100).toFixed(1)}% of the pixels changed`;
    }
    fail(`${what}: no tap changed the picture`);
  };
  const W = 390, H = 844;
  const rows = (xs, ys, act) => ys.flatMap((y) => xs.map((x) => () => act(x * W, y * H)));
  const phoneGames = [
    ["modern-gems", "?board=random:9x6:3:5&policy=chained", "Modern Gems", () => untilTitleChanges("phone modern-gems",
      // The first tap lights a group, the second removes it.
      rows([0.5, 0.3, 0.7], [0.45, 0.35, 0.55], (x, y) => tap(x, y).then(() => tp.waitForTimeout(600)).then(() => tap(x, y))))],
    ["dots", "?game=dots&size=6&colours=2&seed=4", "Dots - 6x6", () => untilTitleChanges("phone dots",
      // Drag along a row from one dot to the next: two colours only, so some pair matches.
      [0.3, 0.4, 0.5, 0.6, 0.35, 0.45, 0.55].map((y) => () => drag([0.12 * W, y * H], [0.42 * W, y * H])))],
    ["k-in-a-row", "?game=k-in-a-row&size=5&k=4", "K in a row", () => untilTitleChanges("phone k-in-a-row",
      rows([0.5, 0.3, 0.7], [0.25, 0.15, 0.35], (x, y) => tap(x, y)))],
    ["solo-red", "?game=solo-red&seed=7", "Solo Red", () => untilPictureChanges("phone solo-red",
      // A card of the hand (the two rows at the bottom) lifts when tapped.
      rows([0.3, 0.5, 0.7], [0.78, 0.72, 0.85], (x, y) => tap(x, y)))],
    ["grid-duel", "?game=grid-duel&seed=7", "Grid Duel", () => untilPictureChanges("phone grid-duel",
      // Tapping a row of the grid (above the sheet) deals it again.
      rows([0.5], [0.25, 0.2, 0.3], (x, y) => tap(x, y)))],
  ];
  for (const [game, link, shows, play] of phoneGames) {
    logs.length = 0;
    await tp.goto(`${url}${link}&theme=jewels`);
    if (!(await waitPhone((t) => t.startsWith(shows), 120, `phone ${game}`))) fail(`phone ${game}: never opened`);
    await tp.waitForTimeout(3000);
    const result = await play();
    await tp.waitForTimeout(1000);
    await tp.screenshot({ path: shot.replace(/\.png$/, `-phone-${game}.png`) });
    if (crashed(logs)) fail(`phone ${game}: panic:\n${logs.join("\n")}`);
    console.log(`phone ${game}: passed, touch made it '${result}'`);
  }
  // The other shipped themes too (opened, not played); a theme that fails to open a game
  // fails. With SMOKE_SCREENSHOTS=1 every game opens under each (the phone screenshots in
  // docs/screenshots/ show each theme), about 3 minutes here; else one game each, in turn,
  // which keeps CI's run short (each theme draws every game in tests/theme_colours.rs).
  const everyGame = process.env.SMOKE_SCREENSHOTS === "1";
  for (const [i, theme] of ["classic", "high-contrast", "neon"].entries()) {
    const opened = everyGame ? phoneGames : [phoneGames[(i + 1) % phoneGames.length]];
    for (const [game, link, shows] of opened) {
      logs.length = 0;
      await tp.goto(`${url}${link}&theme=${theme}`);
      if (!(await waitPhone((t) => t.startsWith(shows), 120, `phone ${game} ${theme}`))) {
        fail(`phone ${game} under ${theme}: never opened`);
      }
      // Long enough for the menus' fonts and the first deal to arrive.
      await tp.waitForTimeout(everyGame ? 6000 : 2000);
      if (everyGame) await tp.screenshot({ path: shot.replace(/\.png$/, `-phone-${game}-${theme}.png`) });
      if (crashed(logs)) fail(`phone ${game} under ${theme}: panic:\n${logs.join("\n")}`);
    }
    console.log(`phone under ${theme}: ${opened.map(([game]) => game).join(", ")} opened`);
  }
  await phone.close();

  // The Share button (in Dots' bar, which is one line in a 1600×900 window: the kit's shared
  // items end with Share, ⏸, ⚙ and ?) copies the link of the board on show.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(`${url}?game=dots&size=7&colours=4&moves=25&seed=7`);
  await titleWhere((t) => t.startsWith("Dots - 7x7"), 120, "share");
  await page.waitForTimeout(2000);
  const wide = await page.locator("canvas#bevy").boundingBox();
  await page.screenshot({ path: shot.replace(/\.png$/, "-share-bar.png") });
  await click(wide.x + 1122, wide.y + 21);
  const copied = await (async () => {
    const end = Date.now() + 10_000;
    for (;;) {
      const text = await page.evaluate(() => navigator.clipboard.readText()).catch(() => "");
      if (text.includes("?game=")) return text;
      if (Date.now() > end) fail(`share: the clipboard holds '${text}' (is the Share button still at (1122, 21) in a 1600×900 window? see smoke-share-bar.png)`);
      await page.waitForTimeout(250);
    }
  })();
  const wanted = `${url}?game=dots&size=7&colours=4&moves=25&seed=7`;
  if (copied !== wanted) fail(`share: copied '${copied}', not '${wanted}'`);
  await page.screenshot({ path: shot.replace(/\.png$/, "-share.png") });
  console.log(`share: passed, the Share button copied ${copied}`);

  // A daily by link: Friday 2026-11-27's Dots is 8×8, 6 colours, 20 moves, from the day's seed.
  logs.length = 0;
  await page.goto(`${url}?game=dots&daily=2026-11-27`);
  const daily = await titleWhere((t) => t.startsWith("Dots - 8x8, 6 colours - score 0, 20 moves left"), 120, "?daily");
  if (crashed(logs)) fail(`?daily: panic:\n${logs.join("\n")}`);
  console.log(`daily: passed, ?game=dots&daily=2026-11-27 opened '${daily}'`);
  await page.setViewportSize({ width: 1024, height: 768 });

  // A mistyped link still opens its game, with the bad parts skipped (and shown as notices).
  logs.length = 0;
  await page.goto(`${url}?game=dots&size=99&colours=x&utm_source=mail&seed=3`);
  const t = await titleWhere((t) => t.startsWith("Dots - 6x6, 5 colours"), 120, "a link with mistakes");
  await page.waitForTimeout(1500);
  if (crashed(logs)) fail(`a link with mistakes: panic:\n${logs.join("\n")}`);
  console.log(`a link with mistakes: passed, opened '${t}' with the defaults`);

  // A link naming a shipped board file (an asset on the web) opens that board once it has
  // loaded; one naming no board opens the default first game, a fresh random board (with a
  // notice).
  logs.length = 0;
  await page.goto(`${url}?board=standard-5&policy=classic`);
  const std = await titleWhere((t) => t.startsWith("Modern Gems - standard-5 -"), 120, "standard board link");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: shot.replace(/\.png$/, "-standard-5.png") });
  await page.goto(`${url}?board=no-such-board`);
  const none = await titleWhere((t) => /^Modern Gems - random:10x15:4:\d+ -/.test(t), 120, "unknown board link");
  await page.waitForTimeout(1500);
  if (crashed(logs)) fail(`board links: panic:\n${logs.join("\n")}`);
  console.log(`board links: passed, '${std}' from ?board=standard-5, '${none}' from ?board=no-such-board`);

  // A link asks only for what the game's own dialogs allow: each bad parameter (over its
  // limit, 10⁹, negative, not a number, given twice, a board too large, a test-only flag, a
  // 100 KB query) is a notice (the game copies its notices to the console) within 2 s of the
  // game being up, and the page keeps answering.
  const badLinks = [
    ["?game=dots&size=13", "size"], ["?game=dots&colours=1000000000", "colours"],
    ["?game=dots&moves=-1", "moves"], ["?game=dots&size=many", "size"],
    ["?game=dots&size=7&size=8", "twice"], ["?game=k-in-a-row&size=20", "size"],
    ["?game=k-in-a-row&k=1000000000", "k"], ["?game=k-in-a-row&quality=-1", "quality"],
    ["?rows=61", "rows"], ["?kinds=10", "kinds"], ["?cols=x", "cols"],
    ["?board=random:61x10:4:1", "board"], ["?board=random:1000x1000:5:1", "board"],
    ["?board=random:10x10:10:1", "board"], ["?monkey=1", "tests only"],
    ["?exit-after-game", "tests only"], ["?exit-after-screenshot", "tests only"],
    ["?screenshot=a.png", "tests only"], ["?screenshot-delay=1", "tests only"],
    [`?game=dots&seed=1&x=${"a".repeat(100_000)}`, "characters long"],
  ];
  for (const [link, word] of badLinks) {
    const what = `link ${link.slice(0, 40)}`;
    logs.length = 0;
    await page.goto(`${url}${link}`);
    await titleWhere((t) => t.includes(" - ") || t.startsWith("Modern Gems"), 120, what);
    const up = Date.now();
    const noticed = await poll(page, async () => logs.find((l) => l.includes("notice: Link:") && l.includes(word)),
      (l) => l !== undefined, 2, what);
    if (!noticed) fail(`${what}: no notice naming '${word}' within 2 s:\n${logs.join("\n")}`);
    // The page keeps answering: one of three questions, 300 ms apart, is answered within 2 s
    // (a single slow frame, such as SwiftShader compiling the board's shaders on a slow machine,
    // is not a hang; a page that never answers fails all three).
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const asked = Date.now();
      await page.evaluate(() => 1 + 1);
      answers.push(Date.now() - asked);
      if (answers[i] <= 2000) break;
      await page.waitForTimeout(300);
    }
    if (Math.min(...answers) > 2000) fail(`${what}: the page took ${answers.join(", ")} ms to answer`);
    if (crashed(logs)) fail(`${what}: panic:\n${logs.join("\n")}`);
    console.log(`${what}: passed, '${noticed.replace("notice: ", "")}' ${Date.now() - up} ms after the game was up, answered in ${answers.join(", ")} ms`);
  }

  // The theme editor imports the player's own PNG from the file picker into IndexedDB
  // (base64), and refuses a file that is not a PNG; a theme an earlier version kept in
  // localStorage moves to IndexedDB.
  const IMAGE = "modern-gems:data/themes/images/my-photo.png", OLD = "modern-gems:data/themes/old.theme.ron";
  await page.evaluate((k) => localStorage.setItem(k, '(name: "Old one")'), OLD);
  logs.length = 0;
  await page.goto(`${url}?board=tiny&edit-theme`);
  await titleWhere((t) => t.includes("score"), 120, "the theme editor");
  // What the database holds, read the way the next visit reads it (not the page's memory).
  const inDatabase = (p, key) => p.evaluate((k) => new Promise((ok, no) => {
    const open = indexedDB.open("modern-gems");
    open.onerror = () => no(open.error);
    open.onsuccess = () => {
      const r = open.result.transaction("files").objectStore("files").get(k);
      r.onsuccess = () => { open.result.close(); ok(r.result ?? null); };
      r.onerror = () => no(r.error);
    };
  }), key);
  const photo = await page.evaluate(async (key) => {
    const bytes = new Uint8Array(await (await fetch(`${window.modernGemsAssets}/themes/jewels/gem-2.png`)).arrayBuffer());
    window.modernGemsPicked = { purpose: "theme-image", name: "notes.png", bytes: new Uint8Array([1, 2, 3]) };
    await new Promise((r) => setTimeout(r, 1500));
    window.modernGemsPicked = { purpose: "theme-image", name: "My Photo.png", bytes };
    for (let i = 0; i < 100 && !window.modernGemsStore.get(key); i++) await new Promise((r) => setTimeout(r, 200));
    return Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  }, IMAGE);
  const kept = await poll(page, () => inDatabase(page, IMAGE), (v) => v !== null, 10, "image import");
  if (kept === null || atob(kept) !== photo) fail("the picked PNG was not kept in IndexedDB as it was");
  const where = await page.evaluate(([image, old]) => ({
    local: localStorage.getItem(image) !== null,
    refused: window.modernGemsStore.keys("modern-gems:").some((k) => k.includes("notes")),
    oldLeft: localStorage.getItem(old) !== null,
    persisted: window.modernGemsStore.persisted,
  }), [IMAGE, OLD]);
  if (where.local) fail("the picked PNG is in localStorage too");
  if (where.refused) fail("a file that is not a PNG was kept");
  if (where.oldLeft || (await inDatabase(page, OLD)) === null) fail("the theme in localStorage did not move to IndexedDB");
  if (crashed(logs)) fail(`image import: panic:\n${logs.join("\n")}`);
  await page.screenshot({ path: shot.replace(/\.png$/, "-import.png") });
  console.log(`image import: passed, the picked PNG is in IndexedDB, the bad file is not, the old theme moved (persist() granted: ${where.persisted})`);

  // Two first visits deal two different games (the web's seeds come from the browser's random
  // source, not from a hasher that is the same on every load).
  const firstDeals = [];
  for (let visit = 0; visit < 2; visit++) {
    const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 800, height: 600 } });
    const p = await context.newPage();
    await p.goto(`${url}?game=solo-red`);
    const dealt = await poll(p, async () => (await p.locator("canvas#bevy").getAttribute("alt")) || "",
      (t) => /deal \d+/.test(t), 120, "first deals");
    firstDeals.push(dealt && dealt.match(/deal \d+/)[0]);
    await context.close();
  }
  if (!firstDeals[0] || firstDeals[0] === firstDeals[1]) fail(`first deals: two fresh visits dealt ${firstDeals.join(" and ")}`);
  console.log(`first deals: passed, two fresh visits dealt ${firstDeals.join(" and ")}`);

  // Load → "Open a .mg file…": the picked save replaces the game on screen.
  await page.goto(`${url}?board=tiny`);
  await titleWhere((t) => t.includes("score"), 120, "load a picked save");
  await page.evaluate(() => {
    const text = "12 3 InteractivePlayer ChainedRemovalPolicy\n1 2 1\n2 1 2\n1 2 1\n";
    window.modernGemsPicked = { purpose: "mg-save", name: "evening.mg", bytes: new TextEncoder().encode(text) };
  });
  const loaded = await titleWhere((t) => t.includes("evening") && t.includes("score 12"), 10, "load a picked save");
  console.log(`load a picked save: passed, '${loaded}'`);

  // A full storage (the DevTools protocol's quota override), in a fresh profile: the browser
  // refuses an image, the game says what to delete, and the high scores still save. (Chrome
  // lets a database that has written recently go on writing for a while under a new quota, so
  // the storage fills before this profile's first write.)
  const origin = new URL(url).origin;
  const crowded = await browser.newContext({ serviceWorkers: "block", viewport: { width: 800, height: 600 } });
  const fp = await crowded.newPage();
  const fullLogs = [];
  fp.on("console", (m) => fullLogs.push(m.text()));
  fp.on("pageerror", (e) => fullLogs.push(String(e)));
  const devtools = await crowded.newCDPSession(fp);
  await fp.goto(`${url}?board=tiny&player=greedy&autoplay`);
  const fpTitle = async () => (await fp.locator("canvas#bevy").getAttribute("alt")) || "";
  if (!(await poll(fp, fpTitle, (t) => t.includes("score"), 120, "full storage"))) fail("full storage: the game did not start");
  await devtools.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 1 });
  await fp.evaluate(() => window.modernGemsStore.set("modern-gems:data/themes/images/huge.png", "A".repeat(1_000_000)));
  const full = await poll(fp, async () => fullLogs.find((l) => l.startsWith("notice: huge.png was not kept")),
    (l) => l !== undefined, 10, "full storage");
  if (!full) fail(`full storage: no notice for the refused image:\n${fullLogs.join("\n")}`);
  if (!/delete imported images or themes/i.test(full)) fail(`full storage: the notice does not say what to delete: ${full}`);
  if (await fp.evaluate(() => window.modernGemsStore.get("modern-gems:data/themes/images/huge.png")) !== null) {
    fail("full storage: the refused image is still listed");
  }
  // Games finished now still enter the table (R plays the board again; the computer plays it).
  const tinyGames = (p) => p.evaluate(() => ((localStorage.getItem("modern-gems:data/scores.ron") || "")
    .split("\n").find((l) => l.includes('"tiny|')) || "").split("score:").length - 1);
  const playedBefore = await tinyGames(fp);
  let playedAfter = playedBefore;
  // Each new game gets 15 s to end (a slow machine's SwiftShader frames can make the greedy
  // game on tiny take longer than a fixed 3 s between presses, which restarted it forever).
  for (let i = 0; i < 6 && playedAfter <= playedBefore; i++) {
    await fp.keyboard.press("r");
    playedAfter = (await poll(fp, () => tinyGames(fp), (n) => n > playedBefore, 15, "full storage")) ?? playedAfter;
  }
  if (playedAfter <= playedBefore) fail(`full storage: no game's score was saved (${playedBefore} in the table before, ${playedAfter} after)`);
  if (crashed(fullLogs)) fail(`full storage: panic:\n${fullLogs.join("\n")}`);
  await devtools.send("Storage.overrideQuotaForOrigin", { origin });
  await crowded.close();
  console.log(`full storage: passed, '${full.slice(8, 100)}…', and the table went from ${playedBefore} to ${playedAfter} games`);

  // A game finished in this profile, for the export below.
  await page.goto(`${url}?board=tiny&player=greedy&autoplay`);
  if (!(await poll(page, () => tinyGames(page), (n) => n > 0, 60, "export"))) fail("export: no game finished to export");

  // Export my data here, Import it into a fresh browser profile: the scores, the image and
  // the theme arrive there.
  const exported = await page.evaluate(() => window.modernGemsTestData.export());
  if (!exported.includes("modern-gems-data")) fail(`export: ${exported.slice(0, 200)}`);
  const profile = await browser.newContext({ serviceWorkers: "block", viewport: { width: 800, height: 600 } });
  const other = await profile.newPage();
  const ready = (p) => p.waitForFunction(() => window.modernGemsLoading && window.modernGemsLoading.phase === "ready",
    null, { timeout: 120_000 }).catch(() => fail("export: the fresh profile's game did not start"));
  await other.goto(`${url}?board=tiny`);
  await ready(other);
  const summary = await other.evaluate((t) => window.modernGemsTestData.import(t), exported);
  if (!summary.startsWith("Imported")) fail(`import: ${summary}`);
  if ((await poll(other, () => inDatabase(other, IMAGE), (v) => v !== null, 10, "import")) === null) {
    fail("import: the image did not reach IndexedDB");
  }
  await other.reload();
  await ready(other);
  const arrived = await other.evaluate(([image, old]) => ({
    scores: (localStorage.getItem("modern-gems:data/scores.ron") || "").includes("\"tiny|"),
    image: window.modernGemsStore.get(image) !== null,
    theme: window.modernGemsStore.get(old) !== null,
  }), [IMAGE, OLD]);
  await profile.close();
  if (!arrived.scores || !arrived.image || !arrived.theme) fail(`import: after a reload ${JSON.stringify(arrived)}`);
  console.log(`export: passed, ${exported.length} characters exported, '${summary}' in a fresh profile, all there after a reload`);

  // Offline: after this visit the service worker holds the build; with the server stopped, a
  // reload (and a new deep link) must come from it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    .catch(() => fail("no service worker controls the page"));
  await page.waitForFunction(async () => {
    for (const key of await caches.keys()) {
      if (await (await caches.open(key)).match(`modern-gems-${window.modernGemsBuild}.wasm`)) return true;
    }
    return false;
  }, null, { timeout: 120_000, polling: 500 }).catch(() => fail("the service worker never cached the game"));

  // A new build on the server: the page keeps running its own build and offers "A new
  // version is ready"; Reload brings the new build, and the old build's files leave the cache.
  const { readFileSync, unlinkSync, symlinkSync } = await import("node:fs");
  const served = process.env.SMOKE_SERVED, distB = process.env.SMOKE_DIST_B;
  if (!served || !distB) fail("SMOKE_SERVED and SMOKE_DIST_B are not set");
  const buildA = await page.evaluate(() => window.modernGemsBuild);
  const buildB = readFileSync(`${distB}/sw.js`, "utf8").match(/const VERSION = "([0-9a-f]+)"/)[1];
  if (buildA === buildB) fail("update: build B has the same id as build A");
  unlinkSync(served);
  symlinkSync(distB, served);
  await page.goto(`${url}?game=solo-red&seed=5`);
  await page.locator("#update").waitFor({ state: "visible", timeout: 120_000 })
    .catch(() => fail("update: no 'A new version is ready' after build B was served"));
  if (await page.evaluate(() => window.modernGemsBuild) !== buildA) fail("update: the page changed build before Reload");
  await page.screenshot({ path: shot.replace(/\.png$/, "-update.png") });
  await page.locator("#update-reload").click();
  await page.waitForFunction((b) => window.modernGemsBuild === b, buildB, { timeout: 120_000 })
    .catch(() => fail("update: the page does not run build B after Reload"));
  await titleWhere((t) => t.startsWith("Solo Red - deal 5"), 120, "update");
  const left = await page.evaluate(async (a) => {
    const names = await caches.keys();
    for (const name of names) {
      for (const r of await (await caches.open(name)).keys()) if (r.url.includes(a)) return `${name}: ${r.url}`;
    }
    return names.join(", ");
  }, buildA);
  if (left !== `modern-gems-${buildB}`) fail(`update: the caches hold ${left}`);
  console.log(`update: passed, build ${buildA} offered build ${buildB}, which runs after Reload, alone in the cache`);

  const server = Number(process.env.SMOKE_SERVER_PID || 0);
  if (!server) fail("SMOKE_SERVER_PID is not set: cannot stop the server for the offline test");
  process.kill(server);
  await new Promise((r) => setTimeout(r, 500));
  const down = await fetch(url).then(() => false, () => true);
  if (!down) fail("the server still answers after it was stopped");
  logs.length = 0;
  const reload = await page.goto(`${url}?game=solo-red&seed=11`);
  if (!reload || !reload.fromServiceWorker()) fail("offline, the page did not come from the service worker");
  const offline = await titleWhere((t) => t.startsWith("Solo Red - deal 11"), 120, "offline");
  // The computer still plays offline: its AI worker comes from the service worker too.
  await page.waitForTimeout(3000);
  const offlineBefore = workersStarted;
  await page.keyboard.press("c");
  const offlineTurn = await titleWhere((t) => t !== offline, 60, "offline: the computer's turn");
  await page.keyboard.press("c");
  if (workersStarted === offlineBefore) fail("offline: the computer played without its worker");
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) fail("offline, navigator.serviceWorker.controller is not set");
  if (crashed(logs)) fail(`offline: panic:\n${logs.join("\n")}`);
  console.log(`offline: passed, with the server stopped the link opened '${offline}' from the service worker, and the computer's turn in its worker made it '${offlineTurn}'`);

  // The loading screen's error pages, each with a Retry button (no service worker here, so
  // the requests reach the test's routes).
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 800, height: 600 } });
  const bare = await context.newPage();
  await bare.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === "webgl2" ? null : get.call(this, kind, ...rest);
    };
  });
  // The server is stopped: serve the build from this process for the error pages.
  const { createServer } = await import("node:http");
  const { readFile } = await import("node:fs/promises");
  const { extname, join } = await import("node:path");
  const dist = process.env.SMOKE_DIST;
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
  const local = createServer(async (req, res) => {
    const path = new URL(req.url, "http://x").pathname.replace(/\/$/, "/index.html");
    try {
      const body = await readFile(join(dist, path));
      res.writeHead(200, { "Content-Type": types[extname(path)] || "application/octet-stream" });
      res.end(body);
    } catch { res.writeHead(404); res.end(); }
  });
  await new Promise((r) => local.listen(0, "127.0.0.1", r));
  const here = `http://127.0.0.1:${local.address().port}/index.html`;
  const expectOn = async (p, what, words) => {
    await p.locator("#problem").waitFor({ state: "visible", timeout: 30_000 })
      .catch(() => fail(`${what}: no error page`));
    const text = await p.locator("#problem").innerText();
    if (!text.includes(words) || !(await p.locator("#retry").isVisible())) fail(`${what}: the page says '${text}'`);
    console.log(`${what}: passed, the page says '${text.replace(/\s+/g, " ").slice(0, 80)}…' with Retry`);
  };
  await bare.goto(here);
  await expectOn(bare, "no WebGL2", "WebGL2");
  const plain = await context.newPage();
  await plain.route("**/modern-gems-*.wasm", (route) => route.abort("internetdisconnected"));
  await plain.goto(here);
  await expectOn(plain, "download failure", "could not be downloaded");
  // Retry, with the network back: the game loads.
  await plain.unroute("**/modern-gems-*.wasm");
  await plain.locator("#retry").click();
  await plain.waitForFunction(() => window.modernGemsLoading && window.modernGemsLoading.phase === "ready", null, { timeout: 120_000 })
    .catch(() => fail("Retry did not load the game"));
  console.log("retry: passed, the game loaded after Retry");

  // A panic inside the game: the page says the game stopped and offers Reload, never a dead
  // canvas alone.
  await plain.evaluate(() => { try { window.modernGemsTestPanic(); } catch { /* it aborts */ } });
  await expectOn(plain, "a panic", "The game stopped");
  const again = await plain.locator("#retry").innerText();
  if (again.trim() !== "Reload") fail(`a panic: the button says '${again}'`);
  local.close();
} finally {
  await browser.close();
}
