// Drives headless Chromium on the page opened from disk: types into each demo and checks what
// is drawn. Run by .ci/run after `bash web/build.sh` and `npm install` here:
//   node web/test.mjs [SCREENSHOT.png]
import { chromium } from "playwright-core";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const page_url = new URL("index.html", import.meta.url).href;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
await page.goto(page_url);
await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });

const count = (sel) => page.locator(sel).count();
const text = (sel) => page.locator(sel).textContent();
const fills = (sel) => page.locator(`${sel} g.cell rect`).evaluateAll((rs) => new Set(rs.map((r) => r.getAttribute("fill"))).size);

// 1. A layout: its grid (one cell a coordinate, each its index) and its table.
await page.fill("#layout", "(4,8):(1,4)");
assert.equal(await count("#layout-picture g.cell"), 32);
assert.equal(await text("#layout-picture g.cell[data-m='1'][data-n='2'] text"), "9");
assert.match(await text("#layout-table"), /\(4,8\):\(1,4\)/);
assert.equal(await fills("#layout-picture"), 8, "indices in eight colours");
// An error reads as the CLI's, and nothing is drawn.
await page.fill("#layout", "(4,8");
assert.match(await text("#layout-error"), /argument 1: expected ',' or '\)'/);
assert.equal(await count("#layout-picture g.cell"), 0);
await page.fill("#layout", "(4,(2,4)):(2,(1,8))");
assert.equal(await text("#layout-picture g.cell[data-m='1'][data-n='5'] text"), "19");

// 2. Composition: R = A o B, and pointing at a cell of R outlines where it lands in A.
assert.equal(await text("#comp-result"), "((2,2),3):((24,2),8)");
assert.equal(await count("#comp-r g.cell"), 12);
await page.hover("#comp-r g.cell[data-m='1'][data-n='0']");
const landed = page.locator("#comp-a-picture g.cell.highlight");
assert.equal(await landed.count(), 1);
assert.equal(await landed.locator("text").textContent(), await text("#comp-r g.cell[data-m='1'][data-n='0'] text"));
await page.fill("#comp-b", "4:4");
assert.match(await text("#comp-error"), /stride 4 does not divide/);

// 3. Divide: 8x8 by (2,4), eight tiles of eight cells in eight colours.
assert.equal(await count("#div-picture g.cell"), 64);
assert.equal(await fills("#div-picture"), 8);
assert.equal(await text("#div-zipped"), "((2,4),(4,2)):((8,1),(16,4))");

// 4. Partition: 32 threads over 8x16, thread 5's four cells outlined, every cell drawn once.
assert.equal(await count("#part-picture g.cell"), 128);
assert.equal(await count("#part-picture g.cell.blank"), 0);
assert.equal(await text("#part-count"), "4");
assert.equal(await count("#part-picture g.cell.highlight"), 4);
// Thread 5 of the row-major (4,8):(8,1) thread layout sits at (0,5): it holds (0,5) first.
assert.equal(await text("#part-picture g.cell[data-m='0'][data-n='5'] text"), "T5V0");
await page.check("#part-by-tv");
await page.fill("#part-thread", "7");
assert.equal(await count("#part-picture g.cell.highlight"), 4);

if (process.argv[2]) {
  await page.fill("#layout", "(4,8):(1,4)");
  await page.fill("#comp-b", "(4,3):(3,1)");
  await page.hover("#comp-r g.cell[data-m='1'][data-n='0']");
  await page.screenshot({ path: process.argv[2], fullPage: true });
}
await browser.close();
console.log(`web/test.mjs: the four demos drew what they should (${fileURLToPath(page_url)})`);
