/**
 * The studio's Balance view in Debian's Chromium against the built studio (every non-localhost
 * request blocked): a Duel run of the workspace's two deck files, with restricted play, fills the
 * charts, the Ludii table and the restricted-play table in a worker; the report downloads as HTML,
 * JSON and a zip of CSVs, equal to what `cardwright balance` writes for the same run; a card row
 * shows the card's face and opens its text; a game opens on the table, replayed step by step to
 * its end. A second run gives the search bot a time budget instead of playouts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { useHarness } from "./use-harness.ts";
import { loadBalanceRun } from "../../cli/commands/balance.ts";
import { playBatch } from "../../balance/batch.ts";
import { buildReport, reportSpecOf } from "../../balance/stats.ts";
import { taskCount, type RunSpec } from "../../balance/plan.ts";
import { playPiece, type StrengthCell } from "../../balance/strength.ts";
import { reportCsv } from "../../balance/csv.ts";
import { reportJson } from "../../balance/files.ts";
import { readFile } from "node:fs/promises";
import { unzipSync, strFromU8 } from "fflate";

const harness = useHarness();

const stepLabel = (page: Page) => page.getByTestId("table").locator(".timeline .muted").textContent();

/** Clicks a download button of the Balance view and returns the file's name and bytes. */
async function downloadOf(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 120_000 }), page.getByTestId("balance-downloads").getByRole("button", { name: button }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

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
    await view.getByLabel("Restricted games per card").fill("1");
    await view.getByRole("button", { name: "Run" }).click();
    // The same run as `cardwright balance` plays it (same decks, bots, seed): the same games.
    const loaded = await loadBalanceRun(path.join(harness.workspace, "duel"), undefined);
    if (!("bundle" in loaded)) throw new Error(loaded.message);
    const spec: RunSpec = { bundle: loaded.bundle, decks: loaded.decks, bots: { p1: "greedy", p2: "greedy" }, botSettings: {}, games: 4, seed: 1, restrictedGames: 1, maxTurns: 200, maxActions: 20000 };
    const total = taskCount(spec);
    const expected = buildReport(reportSpecOf(spec), playBatch(spec, { from: 0, to: total }));
    await view.locator('[data-testid="balance-progress"][data-state="done"]').waitFor({ timeout: 240_000 });
    expect(await view.getByTestId("balance-progress").textContent()).toMatch(new RegExp(`^${total}/${total} games`));
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    const summary = `4 games: ${expected.totals.decided} won, ${expected.totals.draws} drawn, ${expected.totals.unfinished} stopped · first player wins ${pct(expected.firstPlayer.value)} (${pct(expected.firstPlayer.low)}–${pct(expected.firstPlayer.high)}) · ${expected.length.turns.mean.toFixed(1)} turns on average`;
    expect(await view.getByTestId("balance-summary").textContent()).toContain(summary);

    // Each chart is drawn by an effect after the figures render with the run's last answer: read them through a wait.
    const chartsNow = () => view.locator("figure.balance-chart").evaluateAll((figures) => figures.map((f) => ({ id: f.getAttribute("data-chart"), shapes: f.querySelectorAll("svg path, svg rect").length, text: f.querySelector("svg")?.textContent ?? "" })));
    await expect.poll(async () => (await chartsNow()).map((c) => `${c.id}: ${c.shapes > 3 ? "drawn" : `${c.shapes} shapes`}`)).toEqual(["matrix", "matchups", "first-player", "length", "ludii", "cards", "restricted"].map((id) => `${id}: drawn`));
    const charts = await chartsNow();
    expect(charts[0]!.text).toContain("red-rush");

    // The game's Ludii metrics and each card's restricted-play impact, as the report computes them.
    const cellsOf = (testId: string) => view.getByTestId(testId).locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    const { ludii } = expected;
    expect(await cellsOf("balance-ludii")).toEqual([[ludii.balance.toFixed(3), ludii.drawishness.toFixed(3), ludii.decisiveness === null ? "—" : ludii.decisiveness.toFixed(3), ludii.durationTurns.toFixed(1), ludii.durationActions.toFixed(1), ludii.timeouts.toFixed(3)]]);
    const restricted = await cellsOf("balance-restricted");
    expect(restricted.length).toBe(expected.restricted!.length);
    expect(restricted.length).toBeGreaterThan(5);
    expect(restricted.map((r) => [r[0], r[1], r[2]])).toEqual(expected.restricted!.map((r) => [r.name, r.deck, String(r.games)]));
    expect(restricted[0]![5]).toBe(`${(expected.restricted![0]!.impact.value * 100).toFixed(1)} (${(expected.restricted![0]!.impact.low * 100).toFixed(1)} to ${(expected.restricted![0]!.impact.high * 100).toFixed(1)})`);

    // The report downloads as the command writes it: the same JSON, the same CSVs, a self-contained page.
    const json = await downloadOf(page, "JSON");
    expect(json.name).toBe("duel-balance.json");
    expect(json.bytes.toString("utf8")).toBe(reportJson(expected));
    const csv = await downloadOf(page, "CSV (zip)");
    expect(csv.name).toBe("duel-balance-csv.zip");
    const entries = unzipSync(new Uint8Array(csv.bytes));
    expect(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]))).toEqual(reportCsv(expected));
    const html = await downloadOf(page, "HTML");
    expect(html.name).toBe("duel-balance.html");
    const report = await harness.newPage();
    await report.setContent(html.bytes.toString("utf8"));
    expect(await report.locator("script").count()).toBe(0);
    expect(await report.locator("figure svg").count()).toBeGreaterThanOrEqual(7);
    expect(await report.locator("#restricted tbody tr").count()).toBe(expected.restricted!.length);
    expect(await report.locator("#summary").textContent()).toContain(`${expected.totals.games} games: ${expected.totals.decided} won`);
    await report.context().close();

    // A card row: its face beside the table, its name opens its text in the editor.
    const row = view.getByTestId("balance-card-table").locator("tr", { has: page.getByRole("button", { name: "Riptide", exact: true }) });
    await row.hover();
    await expect.poll(() => view.getByTestId("balance-face").locator("svg, img").count()).toBeGreaterThan(0);
    await row.getByRole("button", { name: "Riptide", exact: true }).click();
    await expect.poll(() => page.getByTestId("save-state").textContent()).toMatch(/^duel\/core\.cards: /);
    // The file opens first; the cursor moves two frames later (once the editor is laid out).
    const lineAtCursor = () =>
      page.evaluate(() => {
        const { editor } = (window as unknown as { cardwright: { editor: { getPosition(): { lineNumber: number }; getModel(): { getLineContent(n: number): string } } } }).cardwright;
        return editor.getModel().getLineContent(editor.getPosition().lineNumber);
      });
    await expect.poll(lineAtCursor).toContain('"Riptide"');

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

    // A results file of the bot-strength bench opens too: its game goes on the table, replayed from its choices to its end.
    const cell: StrengthCell = { game: "duel", matchup: "mirror", decks: loaded.decks.map((d) => d.name), opponent: "random", seat: "p2", playouts: 2, seed: 1 };
    const piece = await playPiece(cell, loaded.bundle, loaded.decks, 0, 1, async (part) => playBatch(part.spec, part.tasks));
    await page.getByRole("tab", { name: "Balance" }).click();
    await view.getByLabel("Open recorded games").setInputFiles({ name: "duel-random-p2.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ pieces: [piece] })) });
    const recorded = view.getByTestId("balance-recorded");
    await expect.poll(() => recorded.locator("caption").textContent()).toBe("duel-random-p2.json: 1 recorded games of duel");
    expect(await recorded.locator("tbody td").first().textContent()).toBe(`duel game 0 (${cell.decks[0]}; mcts p2 vs random p1)`);
    await recorded.getByRole("button", { name: "Open on the table" }).click();
    await expect.poll(() => stepLabel(page), { timeout: 60_000 }).toMatch(new RegExp(`^step 0 / ${piece.games[0]!.actions}: duel game 0 `));
    await page.getByTestId("table").getByRole("button", { name: "Latest" }).click();
    await expect.poll(() => page.getByTestId("table-state").textContent()).toBe("game over");
    // Anything else is refused with the file's name.
    await page.getByRole("tab", { name: "Balance" }).click();
    await view.getByLabel("Open recorded games").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("{}") });
    await expect.poll(() => view.getByRole("alert").textContent()).toMatch(/^notes\.json: neither a games\.json/);

    // The search bot with a time budget: the run records it, restricted play is off again.
    await page.getByRole("tab", { name: "Balance" }).click();
    await view.getByLabel("Bot").selectOption("mcts");
    await view.getByLabel("Budget").selectOption("milliseconds");
    await view.getByLabel("Milliseconds per decision").fill("5");
    await view.getByLabel("Games per matchup").fill("1");
    await view.getByLabel("Restricted games per card").fill("0");
    await view.getByRole("button", { name: "Run" }).click();
    await view.locator('[data-testid="balance-progress"][data-state="done"]').waitFor({ timeout: 240_000 });
    expect(await view.getByTestId("balance-progress").textContent()).toMatch(/^1\/1 games/);
    expect(await view.getByTestId("balance-restricted").count()).toBe(0);
    const timed = JSON.parse((await downloadOf(page, "JSON")).bytes.toString("utf8"));
    expect(timed.run.bots).toEqual({ p1: "mcts", p2: "mcts" });
    expect(timed.run.botSettings).toEqual({ milliseconds: 5 });
    expect(timed.totals.games).toBe(1);
    expect(harness.blocked).toEqual([]);
  });
});
