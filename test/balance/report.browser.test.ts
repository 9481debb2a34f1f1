// The HTML report of `cardwright balance`, opened in Debian's Chromium from disk: every chart is
// there as an SVG that ECharts drew (no script, no request), and it shows the run's figures.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../studio/scripts/harness.ts";
import { main } from "../../cli/main.ts";

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cw-balance-html-"));
  const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    expect(await main(["balance", "--game", "duel", "--games", "6", "--seed", "2", "--restricted", "1", "--workers", "0", "-o", dir])).toBe(0);
  } finally {
    quiet.mockRestore();
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the balance report page", { timeout: 120_000 }, () => {
  it("opens offline with every chart drawn and the run's figures in it", async () => {
    const html = readFileSync(path.join(dir, "report.html"), "utf8");
    expect(html).not.toMatch(/<script/i);
    const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8"));
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(pathToFileURL(path.join(dir, "report.html")).href);

    const figures = await page.$$eval("figure", (nodes) =>
      nodes.map((f) => {
        const svg = f.querySelector("svg");
        const box = svg?.getBoundingClientRect();
        return { id: f.id, shapes: svg ? svg.querySelectorAll("path, rect").length : 0, width: box?.width ?? 0, height: box?.height ?? 0, text: svg?.textContent ?? "" };
      }),
    );
    expect(figures.map((f) => f.id)).toEqual(["chart-matrix", "chart-matchups", "chart-first-player", "chart-length", "chart-ludii", "chart-cards", "chart-card-usage", "chart-restricted"]);
    for (const f of figures) {
      expect(f.shapes, f.id).toBeGreaterThan(3);
      expect(f.width, f.id).toBeGreaterThan(200);
      expect(f.height, f.id).toBeGreaterThan(100);
    }
    // The matrix chart labels each cell with the row deck's win rate, as report.json has it.
    const cell = report.matrix.cells[0][1];
    const matrix = figures.find((f) => f.id === "chart-matrix")!;
    expect(matrix.text).toContain("blue-tide");
    expect(matrix.text).toContain(`${Math.round(cell.value * 100)}%`);
    // Every card of both decks has a row in the cards chart and the table.
    const cards = figures.find((f) => f.id === "chart-cards")!;
    for (const c of report.cards) expect(cards.text).toContain(c.name);
    expect(await page.locator("section#cards table tbody tr").count()).toBe(report.cards.length);
    expect(await page.locator("section#games table tbody tr").count()).toBe(report.games.length);
    expect(await page.locator("section#summary").innerText()).toContain(`${report.totals.games} games`);
    expect(requests.every((u) => u.startsWith("file:"))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
