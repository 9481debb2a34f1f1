/**
 * The visual table in Debian's Chromium (every non-localhost request blocked): cards drawn as
 * faces in their zones; a Duel card played by clicking its face and aimed by clicking an enemy
 * unit's face; a CYBERVAMP stack of three spells, each with its owner and an arrow to its
 * target, resolving last in first out with the first spell fizzling; the sandbox puts a card
 * into the opponent's play area, sets a life total and passes the turn. The session runs on the
 * XState table machine: the tests wait for its states (data-state), never for time.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

const SCENARIOS = {
  duel: `scenario "visual: bounce one of two enemy units" for duel
setup {
  turn 3 p1 phase Play
  p1 Crystal 2
  p1 hand: "Riptide"
  p2 field: "Ember Squire", "Scout"
}
`,
  cybervamp: `scenario "visual: a stack of three" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Velvet Lounge", "Bullion Vault", "Hemorrhage Stalker"
  p1 hand: "Adrenal Surge", "Data Leech"
  p2 battlefield: "Neon Abattoir", "Gold Exchange"
  p2 hand: "Arterial Spray"
}
`,
};

const harness = useHarness({
  async prepare(workspace) {
    for (const [game, text] of Object.entries(SCENARIOS)) await writeFile(path.join(workspace, game, "scenarios", "visual.scenario"), text);
  },
});

const tableState = (page: Page) => page.getByTestId("table").getAttribute("data-state");
const board = (page: Page) => page.getByTestId("visual-board");

async function openSetup(page: Page, game: string, name: string): Promise<void> {
  await page.getByRole("tab", { name: "Table" }).click();
  const table = page.getByTestId("table");
  await table.getByLabel("Game").selectOption(game, { timeout: 90_000 });
  await table.getByLabel("Start from a scenario").selectOption({ label: `visual.scenario › ${name}` });
  await expect.poll(() => table.locator(".timeline .muted").textContent(), { timeout: 90_000 }).toContain(`Setup of "${name}"`);
  await expect.poll(() => tableState(page)).toBe("human");
}

/** Clicks a card's face on the board (in a player's side) and waits for the table to take it. */
async function clickFace(page: Page, player: string, card: string): Promise<void> {
  await board(page).getByTestId(`board-${player}`).locator(`.table-card[data-card="${card}"]`).first().click();
}

describe("the visual table", { timeout: 240_000 }, () => {
  it("plays a Duel card by clicking its face and aims it by clicking an enemy unit's face", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await openSetup(page, "duel", "visual: bounce one of two enemy units");
    // The Field is drawn as its three slots; p2's two units sit in two of them.
    const p2Field = board(page).getByTestId("board-p2").locator('.battlefield .slot');
    expect(await p2Field.count()).toBe(3);
    expect(await board(page).getByTestId("board-p2").locator('.battlefield .table-card').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")))).toEqual(["Ember Squire", "Scout"]);

    await clickFace(page, "p1", "Riptide");
    await expect.poll(() => tableState(page)).toBe("picking");
    // What it may aim at is lit: both enemy units, not its own hand.
    const lit = board(page).locator(".table-card.targetable");
    expect(await lit.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")).sort())).toEqual(["Ember Squire", "Scout"]);
    await clickFace(page, "p2", "Ember Squire");
    await expect.poll(() => tableState(page)).toBe("human");
    const p2 = board(page).getByTestId("board-p2");
    await expect.poll(() => p2.locator('.battlefield .table-card').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")))).toEqual(["Scout"]);
    expect(await p2.locator('.hand-row .table-card[data-card="Ember Squire"]').count()).toBe(1);
    expect(await page.getByTestId("event-log").textContent()).toMatch(/Riptide/);
    expect(harness.blocked).toEqual([]);
    await page.context().close();
  });

  it("plays and aims a Duel card by dragging its face onto an enemy unit's face", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await openSetup(page, "duel", "visual: bounce one of two enemy units");
    const riptide = board(page).getByTestId("board-p1").locator('.table-card[data-card="Riptide"]');
    await riptide.dragTo(board(page).getByTestId("board-p2").locator('.table-card[data-card="Scout"]'));
    const p2 = board(page).getByTestId("board-p2");
    await expect.poll(() => p2.locator(".battlefield .table-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")))).toEqual(["Ember Squire"]);
    expect(await p2.locator('.hand-row .table-card[data-card="Scout"]').count()).toBe(1);
    await expect.poll(() => tableState(page)).toBe("human");
    await page.context().close();
  });

  it("a CYBERVAMP stack of three: owners and arrows to the targets, resolved last in first out, the first spell fizzling", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await openSetup(page, "cybervamp", "visual: a stack of three");
    // p1: Adrenal Surge on its own Stalker; p2 answers with Arterial Spray on the Stalker; p1 answers with Data Leech on p2.
    await clickFace(page, "p1", "Adrenal Surge");
    await expect.poll(() => tableState(page)).toBe("picking");
    await clickFace(page, "p1", "Hemorrhage Stalker");
    await expect.poll(() => board(page).getByTestId("stack-pile").locator(".stack-item").count()).toBe(1);
    await clickFace(page, "p2", "Arterial Spray");
    await expect.poll(() => tableState(page)).toBe("picking");
    await clickFace(page, "p1", "Hemorrhage Stalker");
    await expect.poll(() => board(page).getByTestId("stack-pile").locator(".stack-item").count()).toBe(2);
    await clickFace(page, "p1", "Data Leech");
    await expect.poll(() => tableState(page)).toBe("picking");
    await board(page).locator('.player-bar[data-player="p2"]').click();
    const items = board(page).getByTestId("stack-pile").locator(".stack-item");
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-controller")} ${e.getAttribute("data-card")} → ${e.getAttribute("data-targets")}`))).toEqual([
      "p1 Data Leech → p2",
      "p2 Arterial Spray → Hemorrhage Stalker",
      "p1 Adrenal Surge → Hemorrhage Stalker",
    ]);
    await expect.poll(() => board(page).locator(".stack-arrow").count()).toBe(3);

    // Both players pass until the stack is empty.
    const passes = page.getByTestId("legal-actions").getByRole("button", { name: /^p\d passes$/ });
    for (let i = 0; i < 12 && (await items.count()) > 0; i++) {
      const before = await page.getByTestId("table").locator(".timeline .muted").textContent();
      await passes.first().click();
      await expect.poll(() => page.getByTestId("table").locator(".timeline .muted").textContent()).not.toBe(before);
    }
    expect(await items.count()).toBe(0);
    const log = (await page.getByTestId("event-log").locator("li").allTextContents()).filter((t) => /^(pop|fizzle)/.test(t));
    expect(log.map((t) => /^(\w+) (Data Leech|Arterial Spray|Adrenal Surge)/.exec(t)?.slice(1, 3).join(" "))).toEqual(["pop Data Leech", "pop Arterial Spray", "pop Adrenal Surge", "fizzle Adrenal Surge"]);
    await expect.poll(() => board(page).getByTestId("board-p1").locator('[data-zone="Discard Pile"]').textContent()).toContain("Discard Pile (3)");
    await page.context().close();
  });

  it("shows the bot's turn move by move: each of its moves is a step of its own, drawn before the next", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Table" }).click();
    const table = page.getByTestId("table");
    await table.getByLabel("Game").selectOption("duel", { timeout: 90_000 });
    await table.getByLabel("Player 2 seat").selectOption("bot");
    await table.getByRole("button", { name: "New game" }).click();
    await expect.poll(() => tableState(page), { timeout: 90_000 }).toBe("human");
    // Record every step label the page draws while the bot plays (a MutationObserver in the page: no timing).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { botSteps: string[] }).botSteps = seen;
      const label = document.querySelector('[data-testid="table"] .timeline .muted')!;
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="table"]')!.getAttribute("data-state");
        if (state === "botTurn") seen.push(label.textContent ?? "");
      }).observe(document.querySelector('[data-testid="table"]')!, { subtree: true, characterData: true, childList: true, attributes: true });
    });
    const before = await table.locator(".timeline .muted").textContent();
    await page.getByTestId("sandbox").getByRole("button", { name: "Pass the turn" }).click();
    // The bot's turn runs, then hands back to p1.
    await expect.poll(() => board(page).locator(".player-bar.active").getAttribute("data-player"), { timeout: 120_000 }).toBe("p1");
    await expect.poll(() => tableState(page), { timeout: 120_000 }).toBe("human");
    const steps = [...new Set(await page.evaluate(() => (window as unknown as { botSteps: string[] }).botSteps))].filter((l) => /: p2 /.test(l));
    // More than one of p2's moves was on screen during its turn, one at a time.
    expect(steps.length).toBeGreaterThan(1);
    expect(await table.locator(".timeline .muted").textContent()).not.toBe(before);
    await page.context().close();
  });

  it("the sandbox puts any card into the opponent's play area, sets a life total and passes the turn", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Table" }).click();
    const table = page.getByTestId("table");
    await table.getByLabel("Game").selectOption("duel", { timeout: 90_000 });
    await table.getByLabel("Player 2 seat").selectOption("human");
    await table.getByRole("button", { name: "New game" }).click();
    await expect.poll(() => tableState(page), { timeout: 90_000 }).toBe("human");
    const sandbox = page.getByTestId("sandbox");
    await sandbox.getByLabel("Sandbox player").selectOption("p2");
    await sandbox.getByLabel("Card to put").selectOption("Tidecaller");
    await sandbox.getByLabel("Zone to put it in").selectOption("Field");
    await sandbox.getByRole("button", { name: "Put" }).click();
    await expect.poll(() => board(page).getByTestId("board-p2").locator('.battlefield .table-card[data-card="Tidecaller"]').count()).toBe(1);
    expect(await table.locator(".timeline .muted").textContent()).toContain(`p2 gets "Tidecaller" in the Field (sandbox)`);
    // A counter on that card (the Duel's "counter power on card"), drawn on its face.
    await sandbox.getByLabel("Set on").selectOption({ label: "Tidecaller" });
    await sandbox.getByLabel("Value to set").selectOption("power");
    await sandbox.getByLabel("New value").fill("2");
    await sandbox.getByRole("button", { name: "Set" }).click();
    await expect.poll(() => board(page).getByTestId("board-p2").locator('.table-card[data-card="Tidecaller"] .counter').allTextContents()).toEqual(["2 power"]);
    await sandbox.getByLabel("Set on").selectOption({ label: "p2" });
    await sandbox.getByLabel("Value to set").selectOption("life");
    await sandbox.getByLabel("New value").fill("7");
    await sandbox.getByRole("button", { name: "Set" }).click();
    await expect.poll(() => board(page).getByTestId("life-p2").textContent()).toBe("life 7");
    const active = () => board(page).locator(".player-bar.active").getAttribute("data-player");
    const before = await active();
    await sandbox.getByRole("button", { name: "Pass the turn" }).click();
    await expect.poll(active, { timeout: 30_000 }).not.toBe(before);
    // Stepping back undoes sandbox edits like moves.
    await table.getByRole("button", { name: "Step back" }).click();
    await expect.poll(() => tableState(page)).toBe("timeTravel");
    await page.context().close();
  });
});
