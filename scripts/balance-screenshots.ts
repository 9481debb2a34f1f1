/**
 * The screenshots of docs/balance.md, saved under docs/screenshots/:
 *   npx tsx scripts/balance-screenshots.ts
 * balance-report.png: `cardwright balance` on the Duel decks (greedy bots, 60 games, seed 1,
 * restricted play) into a temp folder, the report's first screen in Debian's Chromium, offline.
 * studio-balance.png: the studio's Balance view after a 20-game Duel run (the built studio, offline).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { main } from "../cli/main.ts";
import { CHROMIUM, CHROMIUM_ARGS, startHarness } from "../studio/scripts/harness.ts";

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

const harness = await startHarness(undefined, { viewport: { width: 1400, height: 1000 } });
try {
  const page = await harness.newPage();
  await page.getByRole("tab", { name: "Balance" }).click();
  const view = page.getByTestId("balance");
  await view.getByLabel("Game", { exact: true }).selectOption("duel");
  await view.getByTestId("balance-decks").getByText("red-rush.deck").waitFor({ timeout: 90_000 });
  await view.getByLabel("Games per matchup").fill("20");
  await view.getByRole("button", { name: "Run" }).click();
  await view.locator('[data-testid="balance-progress"][data-state="done"]').waitFor({ timeout: 600_000 });
  const file = path.join(repo, "docs", "screenshots", "studio-balance.png");
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(repo, file)}`);
} finally {
  await harness.close();
}
