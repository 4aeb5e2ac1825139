// Browser smoke test of web/dist (run by web/smoke-test.sh): load the game on the tiny board,
// wait for the board, click a gem, check the score changes, take a screenshot, and fail on a
// panic in the console or a blank picture.
import { chromium } from "playwright-core";

const [url, shot] = process.argv.slice(2);
const fail = (msg) => { console.error(`smoke test FAILED: ${msg}`); process.exit(1); };
// A panic prints "panicked at …"; a build whose std aborts at once on panic (web/build.sh's
// nightly mode) traps instead, which the page reports as "RuntimeError: unreachable".
const crashed = (logs) => logs.some((l) => l.includes("panicked") || l.includes("RuntimeError"));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--ignore-gpu-blocklist", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required"],
});
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
} finally {
  await browser.close();
}
