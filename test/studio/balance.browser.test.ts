/**
 * The studio's Balance view in Debian's Chromium against the built studio (every non-localhost
 * request blocked): a Duel run of the workspace's two deck files fills the charts in a worker; a
 * card row shows the card's face and opens its text; a game opens on the table, replayed step by
 * step to its end.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { startHarness, type Harness } from "../../studio/scripts/harness.ts";
import { loadBalanceRun } from "../../cli/commands/balance.ts";
import { playBatch } from "../../balance/batch.ts";
import { buildReport, reportSpecOf } from "../../balance/stats.ts";
import type { RunSpec } from "../../balance/plan.ts";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 600_000);

afterAll(async () => {
  await harness?.close();
});

const stepLabel = (page: Page) => page.getByTestId("table").locator(".timeline .muted").textContent();

describe("the Balance view", { timeout: 300_000 }, () => {
  it("runs a matchup in a worker, charts it, links cards to their text and face, and opens a game on the table", async () => {
    const page = await harness.newPage();
    await page.getByRole("tab", { name: "Balance" }).click();
    const view = page.getByTestId("balance");
    await view.getByLabel("Game", { exact: true }).selectOption("duel");
    const decks = view.getByTestId("balance-decks");
    await decks.getByText("blue-tide.deck").waitFor({ timeout: 90_000 });
    await decks.getByText("red-rush.deck").waitFor();
    await view.getByLabel("Games per matchup").fill("4");
    await view.getByRole("button", { name: "Run" }).click();
    await view.locator('[data-testid="balance-progress"][data-state="done"]').waitFor({ timeout: 240_000 });
    expect(await view.getByTestId("balance-progress").textContent()).toMatch(/^4\/4 games/);
    // The same run as `cardwright balance` plays it (same decks, bots, seed): the same games.
    const loaded = await loadBalanceRun(path.join(harness.workspace, "duel"), undefined);
    if (!("bundle" in loaded)) throw new Error(loaded.message);
    const spec: RunSpec = { bundle: loaded.bundle, decks: loaded.decks, bots: { p1: "greedy", p2: "greedy" }, botSettings: {}, games: 4, seed: 1, restrictedGames: 0, maxTurns: 200, maxActions: 20000 };
    const expected = buildReport(reportSpecOf(spec), playBatch(spec, { from: 0, to: 4 }));
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    const summary = `4 games: ${expected.totals.decided} won, ${expected.totals.draws} drawn, ${expected.totals.unfinished} stopped · first player wins ${pct(expected.firstPlayer.value)} (${pct(expected.firstPlayer.low)}–${pct(expected.firstPlayer.high)}) · ${expected.length.turns.mean.toFixed(1)} turns on average`;
    expect(await view.getByTestId("balance-summary").textContent()).toContain(summary);

    const charts = await view.locator("figure.balance-chart").evaluateAll((figures) => figures.map((f) => ({ id: f.getAttribute("data-chart"), shapes: f.querySelectorAll("svg path, svg rect").length, text: f.querySelector("svg")?.textContent ?? "" })));
    expect(charts.map((c) => c.id)).toEqual(["matrix", "matchups", "first-player", "length", "cards"]);
    for (const c of charts) expect(c.shapes, c.id!).toBeGreaterThan(3);
    expect(charts[0]!.text).toContain("red-rush");

    // A card row: its face beside the table, its name opens its text in the editor.
    const row = view.getByTestId("balance-card-table").locator("tr", { has: page.getByRole("button", { name: "Riptide", exact: true }) });
    await row.hover();
    await expect.poll(() => view.getByTestId("balance-face").locator("svg, img").count()).toBeGreaterThan(0);
    await row.getByRole("button", { name: "Riptide", exact: true }).click();
    await expect.poll(() => page.getByTestId("save-state").textContent()).toMatch(/^duel\/core\.cards: /);
    const line = await page.evaluate(() => (window as unknown as { cardwright: { editor: { getPosition(): { lineNumber: number }; getModel(): { getLineContent(n: number): string } } } }).cardwright.editor.getModel().getLineContent((window as unknown as { cardwright: { editor: { getPosition(): { lineNumber: number } } } }).cardwright.editor.getPosition().lineNumber));
    expect(line).toContain('"Riptide"');

    // The first game on the table, from its first step; its last step is the game's end.
    await page.getByRole("tab", { name: "Balance" }).click();
    const first = view.getByTestId("balance-games").locator("tbody tr").first();
    const turns = Number(await first.locator("td").nth(5).textContent());
    await first.getByRole("button", { name: "Open on the table" }).click();
    await page.getByTestId("table").waitFor();
    await expect.poll(() => stepLabel(page), { timeout: 60_000 }).toMatch(/^step 0 \/ \d+: Balance game 1: /);
    await page.getByTestId("table").getByRole("button", { name: "Latest" }).click();
    await expect.poll(() => page.getByTestId("table-state").textContent()).toBe("game over");
    expect(turns).toBeGreaterThan(0);
    expect(harness.blocked).toEqual([]);
  });
});
