/**
 * The screenshot of the balance report for docs/balance.md, saved as docs/screenshots/balance-report.png:
 *   npx tsx scripts/balance-screenshots.ts
 * Runs `cardwright balance` on the Duel decks (greedy bots, 60 games, seed 1, restricted play) into a
 * temp folder and photographs the report's first screen in Debian's Chromium, offline.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { main } from "../cli/main.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../studio/scripts/harness.ts";

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dir = await mkdtemp(path.join(tmpdir(), "cw-balance-shot-"));
try {
  const code = await main(["balance", path.join(repo, "cards/duel"), "--games", "60", "--seed", "1", "--bot", "greedy", "--restricted", "10", "-o", dir]);
  if (code !== 0) throw new Error(`cardwright balance exited ${code}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1500 } });
    await page.goto(pathToFileURL(path.join(dir, "report.html")).href);
    const file = path.join(repo, "docs", "screenshots", "balance-report.png");
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(repo, file)}`);
  } finally {
    await browser.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
