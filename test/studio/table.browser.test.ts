/**
 * The table and the stepper in a real browser (Debian's Chromium, every non-localhost request
 * blocked), against the built studio: start from chosen deck files, build and save a deck,
 * answer every kind of choice the engines ask (payment, spell abilities, targets, cards,
 * blockers, damage assignment, Facet enhancement, trigger order) from a scenario's setup, see
 * a trigger chain drawn as a tree, open a failing scenario at its failing step with expected
 * vs actual, and the designer's whole journey: write a card, see it, deck it, play it, step
 * back and forth through what it triggered — without a terminal.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

// Boards for the choices, written into the test's copy of the workspace: each is a scenario
// with a setup only, opened on the table with "Play from the setup".
const CHOICE_SCENARIOS = {
  chromatic: `scenario "table: spell abilities, target, scry" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 1
  p1 hand: "Arc Bolt"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}

scenario "table: Facet enhancement" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 2
  p1 Facet Zone: "Sparkmage"
  p1 hand: "Seer"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}

scenario "table: blockers and damage assignment" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ironhide Bear"
  p2 battlefield: "Grave Scribe", "Bone Pile"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}

scenario "table: trigger order" for chromatic
setup {
  turn 3 p2 phase End
  p1 battlefield: "Seer", "Sparkmage", "Chronicler"
  p1 deck: "Arc Bolt" x5
  p2 deck: "Arc Bolt" x5
}
`,
  cybervamp: `scenario "table: which lands pay" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sterile Clinic", "Crimson Substation", "Gold Exchange"
  p1 hand: "Sanguine Medic"
}

scenario "table: lands of my choosing" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Sterile Clinic", "Crimson Substation", "Neon Abattoir"
  p1 hand: "Sanguine Medic"
}
`,
  // A failing expectation in the middle: the stepper must open there, not at the end.
  duel: `scenario "table: a wrong expectation" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Field Medic", "Scout"
}
p1 play "Field Medic"
expect p1 life 99
p1 play "Scout"
expect p1 field: "Field Medic", "Scout"

scenario "table: a line that could not fail" for duel
setup {
  turn 2 p2 phase Play
  p1 hand: "Scout"
}
p2 end turn
expect active p1
expect no event draw p1
`,
};

const BAD_DECK = "# a deck with problems\n3 Scout\n2 Stone Gaurd\nField Medic\n";

const harness = useHarness({
  async prepare(workspace) {
    for (const [game, text] of Object.entries(CHOICE_SCENARIOS)) await writeFile(path.join(workspace, game, "scenarios", "table-choices.scenario"), text);
    await mkdir(path.join(workspace, "duel", "decks"), { recursive: true });
    await writeFile(path.join(workspace, "duel", "decks", "broken.deck"), BAD_DECK);
  },
});

// --- helpers ------------------------------------------------------------------------------
/** Clicks a file in the workspace tree (the tree fills in once the workspace has loaded; a loaded machine may take a while). */
async function clickFile(page: Page, file: string): Promise<void> {
  const row = page.locator(`[data-path="${file}"]`);
  await row.waitFor({ timeout: 90_000 });
  await row.click();
}

const stepLabel = (page: Page) => page.getByTestId("table").locator(".timeline .muted").textContent();

/** Clicks the action or choice button with exactly this label and waits for the table to move on. */
async function act(page: Page, label: string | RegExp): Promise<void> {
  const before = await stepLabel(page);
  const button = page.getByTestId("legal-actions").getByRole("button", { name: label, exact: typeof label === "string" });
  await button.first().click();
  await expect.poll(() => stepLabel(page)).not.toBe(before);
  expect(await page.getByTestId("table").locator(".notice[role=alert]").count()).toBe(0);
}

/** Ticks these options of a "choose cards" panel, then confirms. */
async function pick(page: Page, options: string[]): Promise<void> {
  const panel = page.getByTestId("choice");
  expect(await panel.getAttribute("data-kind")).toBe("cards");
  for (const option of options) await panel.getByLabel(`"${option}"`).check();
  await act(page, new RegExp(`^p\\d chooses ${options.map((o) => `"${o}"`).join(", ")}$`));
}

async function choiceKind(page: Page): Promise<string | null> {
  const panel = page.getByTestId("choice");
  return (await panel.count()) ? panel.getAttribute("data-kind") : null;
}

async function openScenarioSetup(page: Page, file: string, name: string): Promise<void> {
  await page.getByRole("tab", { name: "Scenarios" }).click();
  await clickFile(page, file);
  await page.getByRole("button", { name: `Run ${file.split("/").pop()}` }).click();
  const row = page.locator(".scenario-list li", { hasText: name });
  await row.waitFor({ timeout: 60_000 });
  await row.click();
  await page.getByRole("button", { name: "Play from the setup" }).click();
  await expect.poll(() => stepLabel(page)).toContain(`Setup of "${name}"`);
}

/** The text selected in the editor (a source link selects the ability it names, two frames after opening its file: read it through a wait). */
const selectedText = (page: Page) =>
  page.evaluate(() => {
    const { editor } = (window as unknown as { cardwright: { editor: { getSelection(): object; getModel(): { getValueInRange(r: object): string } } } }).cardwright;
    return editor.getModel().getValueInRange(editor.getSelection());
  });

const zoneText = (page: Page, player: string, zone: string) => page.getByTestId("table").getByTestId(`player-${player}`).locator(`[data-zone="${zone}"]`).textContent();

describe("the table and the stepper in the browser", { timeout: 240_000 }, () => {
  it("starts a game from two chosen deck files; a broken deck shows its problems at line:column and does not start", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await clickFile(page, "duel/core.cards");
    await page.getByRole("tab", { name: "Table" }).click();
    const table = page.getByTestId("table");
    await table.getByLabel("Game").selectOption("duel");
    await table.getByLabel("p1 deck").selectOption("duel/decks/red-rush.deck");
    await table.getByLabel("p2 deck").selectOption("duel/decks/blue-tide.deck");
    expect(await page.getByTestId("deck-choice").textContent()).toContain("33 cards");
    await table.getByLabel("Player 2 seat").selectOption("human");
    await table.getByRole("button", { name: "New game" }).click();
    await expect.poll(() => stepLabel(page), { timeout: 60_000 }).toContain("p1: red-rush.deck, p2: blue-tide.deck");
    // Every card p1 holds comes from red-rush.deck, every card p2 holds from blue-tide.deck.
    const deckNames = async (file: string) => new Set([...(await readFile(path.join(harness.workspace, "duel", "decks", file), "utf8")).matchAll(/^\d+ (.+)$/gm)].map((m) => m[1]!));
    const hand = async (player: string) => page.getByTestId("table").getByTestId(`player-${player}`).locator('[data-zone="Hand"] .card-chip').allTextContents();
    const red = await deckNames("red-rush.deck");
    const blue = await deckNames("blue-tide.deck");
    expect((await hand("p1")).length).toBeGreaterThan(0);
    for (const card of await hand("p1")) expect(red.has(card.trim()), card).toBe(true);
    for (const card of await hand("p2")) expect(blue.has(card.trim()), card).toBe(true);

    // The broken deck: each bad line at line:column, with "did you mean"; starting is refused with the reasons.
    await table.getByLabel("p1 deck").selectOption("duel/decks/broken.deck");
    const status = page.getByTestId("deck-choice");
    await expect.poll(() => status.textContent()).toContain(`3:3 Unknown card "Stone Gaurd" in this deck list. Did you mean "Stone Guard"?`);
    expect(await status.textContent()).toContain(`4:1 Cannot read this deck line: expected a count before the card name`);
    const stepBefore = await stepLabel(page);
    await table.getByRole("button", { name: "New game" }).click();
    await page.getByTestId("deck-problems").waitFor();
    expect(await page.getByTestId("deck-problems").textContent()).toContain("broken.deck:3:3");
    expect(await stepLabel(page)).toBe(stepBefore);
    // The same problems in the editor, as markers and in the Problems panel.
    await page.getByRole("tab", { name: "Editor" }).click();
    await clickFile(page, "duel/decks/broken.deck");
    await expect.poll(() => page.getByTestId("problems").textContent(), { timeout: 30_000 }).toContain(`3:3 CW7003 Unknown card "Stone Gaurd" in this deck list.`);
    expect(await page.getByTestId("problems").locator("li").count()).toBe(2);
    await expect.poll(() => page.locator(".monaco-editor .squiggly-error").count()).toBeGreaterThan(0);
    expect(harness.blocked).toEqual([]);
    await page.context().close();
  });

  it("builds a deck in the deck builder: counts, legality from the game's deck rules, saved as a .deck file", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await clickFile(page, "duel/core.cards");
    await page.getByRole("tab", { name: "Table" }).click();
    await page.getByTestId("table").getByLabel("Game").selectOption("duel");
    await page.getByRole("button", { name: "Deck builder" }).click();
    const builder = page.getByTestId("deck-builder");
    const legality = page.getByTestId("deck-legality");
    await builder.getByLabel("Add Scout", { exact: true }).click();
    await builder.getByLabel("Add Scout", { exact: true }).click();
    await builder.getByLabel("One more Scout", { exact: true }).click();
    await expect.poll(() => builder.getByTestId("deck-entries").textContent()).toMatch(/−3\+Scout/);
    await expect.poll(() => legality.textContent(), { timeout: 60_000 }).toContain("at least 20 are required");
    // Load a sample deck, add copies over the limit: the violation names the card.
    await builder.getByLabel("Load a deck").selectOption("duel/decks/red-rush.deck");
    await expect.poll(() => legality.textContent()).toContain("33 cards · legal");
    await builder.getByLabel("One more Scout", { exact: true }).click();
    await builder.getByLabel("One more Scout", { exact: true }).click();
    await expect.poll(() => legality.textContent()).toMatch(/6 copies of "Scout".*limited to 5/);
    await builder.getByLabel("One less Scout", { exact: true }).click();
    // From the card faces (the gallery view of the builder): a click adds the card.
    await builder.getByLabel("Faces (click one to add it)").check();
    await builder.locator('.card-face[data-card="Field Kit"]').click();
    await expect.poll(() => legality.textContent()).toContain("35 cards · legal");
    await builder.getByLabel("Deck name").fill("built-in-browser");
    await builder.getByRole("button", { name: "Save and use for p1" }).click();
    await expect.poll(() => readFile(path.join(harness.workspace, "duel", "decks", "built-in-browser.deck"), "utf8").catch(() => ""), { timeout: 20_000 }).toContain("5 Scout\n");
    const saved = await readFile(path.join(harness.workspace, "duel", "decks", "built-in-browser.deck"), "utf8");
    expect(saved).toContain("1 Field Kit\n");
    expect([...saved.matchAll(/^(\d+) /gm)].reduce((n, m) => n + Number(m[1]), 0)).toBe(35);
    await expect.poll(() => page.getByTestId("table").getByLabel("p1 deck").inputValue()).toBe("duel/decks/built-in-browser.deck");
    // The file is in the workspace tree too, and opens in the editor.
    await page.locator('[data-path="duel/decks/built-in-browser.deck"]').waitFor();
    await page.context().close();
  });

  it("asks for the lands that pay (CYBERVAMP) and plays with the ones chosen", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await openScenarioSetup(page, "cybervamp/scenarios/table-choices.scenario", "table: which lands pay");
    // {W}{1}: White from the Clinic, and the generic unit from the Red land or the Gold one — two payments.
    const actions = await page.getByTestId("legal-actions").getByRole("button").allTextContents();
    const payments = actions.filter((a) => a.startsWith(`p1 plays "Sanguine Medic", exhausting `));
    expect(payments).toHaveLength(2);
    expect(payments.every((p) => p.includes(`"Sterile Clinic"`))).toBe(true);
    const withGold = payments.find((p) => p.includes(`"Gold Exchange"`) && !p.includes(`"Crimson Substation"`));
    expect(withGold).toBeDefined();
    await act(page, withGold!);
    const chips = page.getByTestId("table").getByTestId("player-p1").locator(".card-chip");
    await expect.poll(() => chips.filter({ hasText: "Gold Exchange" }).textContent()).toContain("⟲");
    expect(await chips.filter({ hasText: "Sterile Clinic" }).textContent()).toContain("⟲");
    expect(await chips.filter({ hasText: "Crimson Substation" }).textContent()).not.toContain("⟲");

    // Two Red lands are interchangeable in the list (one payment), but the designer may tick the very land to exhaust.
    await openScenarioSetup(page, "cybervamp/scenarios/table-choices.scenario", "table: lands of my choosing");
    const listed = (await page.getByTestId("legal-actions").getByRole("button").allTextContents()).filter((a) => a.startsWith(`p1 plays "Sanguine Medic"`));
    expect(listed).toHaveLength(1);
    await page.getByRole("button", { name: "Choose the lands to pay with…" }).click();
    const picker = page.getByTestId("land-picker");
    const wrongSet = await stepLabel(page);
    await picker.getByLabel(`"Crimson Substation"`).check();
    await picker.getByLabel(`"Neon Abattoir"`).check();
    await picker.getByRole("button", { name: /^p1 plays "Sanguine Medic", exhausting/ }).click();
    // Two Red lands cannot pay {W}{1}: the engine refuses, and the board is unchanged.
    await expect.poll(() => page.getByTestId("table").locator(".notice[role=alert]").textContent()).toMatch(/bad_payment|not_enough/);
    expect(await stepLabel(page)).toBe(wrongSet);
    await picker.getByLabel(`"Crimson Substation"`).uncheck();
    await picker.getByLabel(`"Sterile Clinic"`).check();
    await act(page, `p1 plays "Sanguine Medic", exhausting "Neon Abattoir", "Sterile Clinic"`);
    await expect.poll(() => chips.filter({ hasText: "Neon Abattoir" }).textContent()).toContain("⟲");
    expect(await chips.filter({ hasText: "Crimson Substation" }).textContent()).not.toContain("⟲");
    await page.context().close();
  });

  it("asks a spell's abilities, its target and a Scry choice (Chromatic), and a Facet enhancement", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await openScenarioSetup(page, "chromatic/scenarios/table-choices.scenario", "table: spell abilities, target, scry");
    await act(page, /^p1 plays "Arc Bolt"/);
    expect(await choiceKind(page)).toBe("mode");
    const modes = await page.getByTestId("choice").getByRole("button").allTextContents();
    expect(modes).toContain("p1 chooses Red + Blue");
    await act(page, "p1 chooses Red + Blue");
    // Spark's own target is chosen as the spell is cast, before the opponent may respond (a keyword's targets, as the
    // same words written out are targeted).
    expect(await choiceKind(page)).toBe("targets");
    await act(page, "p1 chooses p2");
    await act(page, "p2 passes");
    expect(await choiceKind(page)).toBe("cards");
    expect(await page.getByTestId("choice").textContent()).toMatch(/Scry/);
    await act(page, "p1 chooses nothing");
    await expect.poll(() => page.getByTestId("table").getByTestId("player-p2").locator(".panel-title").textContent()).toContain("life 27");

    await openScenarioSetup(page, "chromatic/scenarios/table-choices.scenario", "table: Facet enhancement");
    await act(page, /^p1 plays "Seer"/);
    await act(page, "p2 passes");
    expect(await choiceKind(page)).toBe("yes_no");
    expect(await page.getByTestId("choice").textContent()).toMatch(/enhance Seer/i);
    await act(page, "p1 chooses yes");
    expect(await page.getByTestId("event-log").textContent()).toMatch(/enhance/i);
    await page.context().close();
  });

  it("asks attackers, blockers and how the attacker divides its damage (Chromatic combat)", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await openScenarioSetup(page, "chromatic/scenarios/table-choices.scenario", "table: blockers and damage assignment");
    await act(page, "p1 ends the phase");
    await act(page, "p2 passes");
    expect(await page.getByTestId("choice").textContent()).toMatch(/declare attackers/);
    await pick(page, ["Ironhide Bear"]);
    await act(page, "p2 passes");
    expect(await page.getByTestId("choice").textContent()).toMatch(/choose blockers for Ironhide Bear/);
    await pick(page, ["Grave Scribe", "Bone Pile"]);
    await act(page, "p1 passes");
    await act(page, "p2 passes");
    expect(await choiceKind(page)).toBe("mode");
    expect(await page.getByTestId("choice").textContent()).toMatch(/assign Ironhide Bear's \d+ remaining damage/);
    await act(page, "p1 chooses 2 damage to Grave Scribe");
    await expect.poll(() => zoneText(page, "p2", "Graveyard")).toMatch(/Grave Scribe.*Bone Pile|Bone Pile.*Grave Scribe/);
    await page.context().close();
  });

  it("asks the trigger order, and draws the chain it starts as a tree: Seer → Chronicler → Seer suppressed", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    // From the table itself this time: a scenario's board as the start.
    await clickFile(page, "chromatic/core.cards");
    await page.getByRole("tab", { name: "Table" }).click();
    await page.getByTestId("table").getByLabel("Game").selectOption("chromatic");
    await page.getByTestId("table").getByLabel("Start from a scenario").selectOption({ label: "table-choices.scenario › table: trigger order" });
    await expect.poll(() => stepLabel(page), { timeout: 60_000 }).toContain(`Setup of "table: trigger order"`);
    expect(await page.getByTestId("table").getByLabel("Player 2 seat").inputValue()).toBe("human");
    await act(page, "p1 passes");
    expect(await choiceKind(page)).toBe("order_triggers");
    const options = await page.getByTestId("choice").getByRole("button").allTextContents();
    expect(options.some((o) => /^p1 chooses Seer: .*When you draw.* first$/.test(o))).toBe(true);
    expect(options.some((o) => /^p1 chooses Sparkmage: .* first$/.test(o))).toBe(true);
    await act(page, /^p1 chooses Seer: .* first$/);
    await act(page, "p1 chooses nothing");
    // The chain of this step, as a tree: Chronicler is a child of Seer, the second Seer a suppressed child of Chronicler.
    const tree = page.getByTestId("table").getByTestId("chain-tree");
    const seer = tree.locator('li[role="treeitem"][aria-level="1"][data-card="Seer"]').first();
    await seer.waitFor();
    const chronicler = seer.locator('> ul > li[role="treeitem"][data-card="Chronicler"]');
    expect(await chronicler.count()).toBe(1);
    expect(await chronicler.locator('> ul > li[data-card="Seer"]').getAttribute("data-status")).toBe("suppressed");
    expect(await tree.locator('li[data-card="Sparkmage"][data-status="fired"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("draws the scenario's chain as a tree in the stepper, linked to the card text; a node selects its ability in the editor", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    await clickFile(page, "chromatic/scenarios/chains.scenario");
    await page.getByRole("button", { name: "Run chains.scenario" }).click();
    const row = page.locator(".scenario-list li", { hasText: "Several opponent abilities" });
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    const tree = page.getByTestId("chain-tree");
    const roots = tree.locator('ul[role="tree"] > li[role="treeitem"]');
    // Depth-first and in resolution order: the chain's own ability, then the opponent's appended abilities in the order chosen.
    expect(await roots.evaluateAll((items) => items.map((li) => `${li.getAttribute("data-card")}${li.getAttribute("data-opponent") ? " (opponent)" : ""}`))).toEqual(["Seer", "Gossip Sprite (opponent)", "Grave Scribe (opponent)"]);
    // Back to the first event: the chain has not started, so nothing is drawn; step to its start: the opponent's abilities wait.
    await page.getByRole("button", { name: "First" }).click();
    expect(await tree.count()).toBe(0);
    const events = page.getByTestId("scenario-events").locator("li");
    const appendedAt = (await events.allTextContents()).findIndex((t) => /appended/.test(t));
    await events.nth(appendedAt).click();
    await expect.poll(() => tree.locator('li[data-card="Grave Scribe"] .chain-badge').first().textContent()).toContain("waits for the end of the chain");
    // The node's link opens the card text and selects the ability.
    await page.getByRole("button", { name: "Last" }).click();
    await tree.locator('li[data-card="Seer"] .source-link').first().click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { cardwright: { editor: { getModel(): { uri: { path: string } } } } }).cardwright.editor.getModel().uri.path)).toMatch(/\.cards$/);
    // The model switches first; the ability is selected two frames later (once the editor is laid out).
    await expect.poll(() => selectedText(page)).toMatch(/When you draw, Scry 1/);
    await page.context().close();
  });

  it("the stepper's stack says who cast each item and what it targets; a countered spell leaves it; the board is the one at the event", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    await clickFile(page, "cybervamp/scenarios/response-chain.scenario");
    await page.getByRole("button", { name: "Run response-chain.scenario" }).click();
    const row = page.locator(".scenario-list li", { hasText: "Counter target spell" });
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    const events = page.getByTestId("scenario-events").locator("li:not(.failure-marker)");
    const texts = await events.allTextContents();
    const at = (pattern: RegExp) => texts.findIndex((t) => pattern.test(t));
    const stack = page.getByTestId("scenario-stack").locator("li");
    const stackLines = () => stack.evaluateAll((items) => items.map((li) => `${li.getAttribute("data-controller")} ${li.getAttribute("data-card")} ${(li.querySelector(".targets")?.textContent ?? "").trim()}`.trim()));

    await events.nth(at(/push.*Counterhack/)).locator(".kind").click(); // the line, not its source link
    await expect.poll(stackLines).toEqual([`p2 Counterhack → "Arterial Spray"`, "p1 Arterial Spray → p2"]);
    expect(await stack.first().textContent()).toContain("cast by p2");
    // Countered: gone from the stack at that very event (no pop of its own), while Counterhack is resolving.
    await events.nth(at(/fizzle.*Arterial Spray.*countered/)).locator(".kind").click(); // the line, not its source link
    await expect.poll(stackLines).toEqual([]);
    await page.getByRole("button", { name: "Previous event" }).click();
    await expect.poll(stackLines).toEqual(["p1 Arterial Spray → p2"]);

    // The board at an event is that event's: Arterial Spray is not in the Discard Pile before it moves there.
    await page.getByTestId("scenario-board").locator("summary").click();
    const discard = () => page.getByTestId("scenario-board").getByTestId("player-p1").locator('[data-zone="Discard Pile"]').textContent();
    await expect.poll(discard).not.toContain("Arterial Spray");
    await events.nth(at(/move.*Counterhack.*Discard Pile/)).locator(".kind").click(); // the line, not its source link
    await expect.poll(discard).toContain("Arterial Spray");
    await events.nth(at(/push.*Arterial Spray/)).locator(".kind").click(); // the line, not its source link
    await expect.poll(() => page.getByTestId("scenario-board").getByTestId("player-p2").locator('[data-zone="Hand"]').textContent()).toContain("Counterhack");
    await page.context().close();
  });

  it("opens a failing scenario at the failing step, with expected vs actual", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    await clickFile(page, "duel/scenarios/table-choices.scenario");
    await page.getByRole("button", { name: "Run table-choices.scenario" }).click();
    const failure = page.getByTestId("failure");
    await failure.waitFor({ timeout: 60_000 });
    expect(await page.locator(".scenario-list li.active").textContent()).toMatch(/^✗ table: a wrong expectation/);
    expect(await failure.getByTestId("expected").textContent()).toBe("p1 life 99");
    const actual = await failure.getByTestId("actual").textContent();
    expect(actual).toMatch(/^p1 life \d+$/);
    expect(actual).not.toBe("p1 life 99");
    // The cursor is on the last event of the step before the expectation (Field Medic's play), not at the end of the run.
    const events = page.getByTestId("scenario-events").locator("li:not(.failure-marker)");
    const texts = await events.allTextContents();
    const current = await page.getByTestId("scenario-events").locator("li.current").textContent();
    const currentIndex = await events.evaluateAll((items) => items.findIndex((li) => li.classList.contains("current")));
    expect(currentIndex).toBeLessThan(texts.length - 1);
    expect(texts.slice(0, currentIndex + 1).join("\n")).toMatch(/Field Medic/);
    expect(texts.slice(0, currentIndex + 1).join("\n")).not.toMatch(/Scout/);
    expect(texts.slice(currentIndex + 1).join("\n")).toMatch(/Scout/);
    // The failure is marked right after that event.
    const marker = page.getByTestId("failure-marker");
    expect(await marker.textContent()).toMatch(/line 7: expectation not met — expected p1 life 99, actual p1 life \d+/);
    // The board at the failing step shows the actual value, and Field Medic on the field (Scout still in hand).
    await page.getByTestId("scenario-board").locator("summary").click();
    const p1Board = page.getByTestId("scenario-board").getByTestId("player-p1");
    expect(await p1Board.locator(".panel-title").textContent()).toContain(`life ${actual!.replace(/^p1 life /, "")}`);
    expect(await p1Board.locator('[data-zone="Hand"]').textContent()).toContain("Scout");
    expect(await p1Board.locator('[data-zone="Hand"]').textContent()).not.toContain("Field Medic");
    // Away and back: clicking the failure returns the stepper to it.
    await page.getByRole("button", { name: "Last" }).click();
    expect(await page.getByTestId("scenario-events").locator("li.current").textContent()).not.toBe(current);
    await failure.click();
    expect(await page.getByTestId("scenario-events").locator("li.current").textContent()).toBe(current);
    await page.context().close();
  });

  it("a scenario that passes with a warning is marked, counted and shows the warning at its line", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    await clickFile(page, "duel/scenarios/table-choices.scenario");
    await page.getByRole("button", { name: "Run table-choices.scenario" }).click();
    const row = page.locator(".scenario-list li", { hasText: "a line that could not fail" });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toMatch(/^⚠ table: a line that could not fail/);
    expect(await page.getByTestId("scenario-summary").textContent()).toBe("1 passed (1 with a warning), 1 failed");
    await row.click();
    const warning = page.getByTestId("scenario-warning");
    expect(await warning.textContent()).toMatch(/table-choices\.scenario:\d+ p1's Deck was empty the whole scenario: .*this line could not fail/);
    await page.context().close();
  });

  it("the designer's journey: write a card, see it, put it in a deck, play it and step back and forth through what it triggered", async () => {
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    page.on("dialog", (dialog) => void (dialog.type() === "prompt" ? dialog.accept("duel/journey.cards") : dialog.accept()));
    // 1. A new card file from the file tree, with a new card typed in the editor.
    await page.getByRole("button", { name: "+ New" }).click();
    await page.locator('[data-path="duel/journey.cards"]').waitFor();
    await clickFile(page, "duel/journey.cards");
    const card = ["set JRN \"Journey\" for duel", "", 'card "Journey Herald" {', "  type: Unit — Soldier", "  color: Gray", "  cost: free", "  power: 1", "  rarity: Gray", "  text:", "    PLAY: Draw a card.", "}", ""].join("\n");
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(card);
    await page.evaluate(() => (window as unknown as { cardwright: { editor: { setPosition(p: object): void; focus(): void } } }).cardwright.editor.setPosition({ lineNumber: 5, column: 3 }));
    // 2. Its face, drawn beside the editor.
    await expect.poll(() => page.getByTestId("preview").locator("svg text").allTextContents(), { timeout: 30_000 }).toContain("Journey Herald");
    await expect.poll(() => page.getByTestId("problems").locator("li").count()).toBe(0);

    // 3. Into a deck: a sample deck plus three Heralds (the card under the editor's cursor), saved and chosen for p1.
    await page.getByRole("tab", { name: "Table" }).click();
    const table = page.getByTestId("table");
    await page.getByRole("button", { name: "Deck builder" }).click();
    const builder = page.getByTestId("deck-builder");
    await builder.getByLabel("Load a deck").selectOption("duel/decks/blue-tide.deck");
    const underCursor = builder.getByRole("button", { name: "+ Journey Herald (under the cursor)" });
    for (let i = 0; i < 3; i++) await underCursor.click();
    await expect.poll(() => page.getByTestId("deck-legality").textContent(), { timeout: 60_000 }).toContain("38 cards · legal");
    await builder.getByLabel("Deck name").fill("journey");
    await builder.getByRole("button", { name: "Save and use for p1" }).click();
    await expect.poll(() => readFile(path.join(harness.workspace, "duel", "decks", "journey.deck"), "utf8").catch(() => ""), { timeout: 20_000 }).toContain("3 Journey Herald\n");

    // 4. A hot-seat game with that deck; the Herald into the hand (sandbox) if the shuffle left it in the deck.
    await table.getByLabel("Player 2 seat").selectOption("human");
    await table.getByRole("button", { name: "New game" }).click();
    await expect.poll(() => stepLabel(page), { timeout: 60_000 }).toContain("p1: journey.deck");
    const handOf = () => zoneText(page, "p1", "Hand");
    if (!(await handOf())?.includes("Journey Herald")) {
      const sandbox = page.getByTestId("sandbox");
      await sandbox.getByLabel("Sandbox player").selectOption("p1");
      await sandbox.getByLabel("Card to put").selectOption("Journey Herald");
      await sandbox.getByRole("button", { name: "from the deck into the hand" }).click();
      await expect.poll(handOf).toContain("Journey Herald");
    }

    // 5. Play it: end phases (either player) until p1 may play it.
    const actions = page.getByTestId("legal-actions").locator("button:not([disabled])");
    for (let i = 0; i < 30; i++) {
      const labels = await actions.allTextContents();
      if (labels.some((l) => l.startsWith(`p1 plays "Journey Herald"`))) break;
      const next = labels.find((l) => /ends the phase|passes/.test(l)) ?? labels[0]!;
      await act(page, next);
    }
    await act(page, /^p1 plays "Journey Herald"/);
    const playedStep = await stepLabel(page);
    const log = page.getByTestId("event-log");
    const stepEvents = () => log.locator("li.current").allTextContents();
    expect((await stepEvents()).join("\n")).toMatch(/Journey Herald/);
    // What it triggered: its PLAY ability noted and resolved in this step, each event linked to the ability's line.
    const playLine = card.split("\n").findIndex((l) => l.includes("PLAY:")) + 1;
    const triggered = log.locator("li.current").filter({ has: page.getByRole("button", { name: `Open duel/journey.cards:${playLine}` }) });
    expect(await triggered.count()).toBeGreaterThanOrEqual(2);
    const handAfter = await handOf();
    const fieldAfter = (await page.getByTestId("table").getByTestId("player-p1").textContent())!;

    // 6. Back one step: the Herald is in the hand again and nothing was drawn; forward: played, its draw again.
    await table.getByRole("button", { name: "Step back" }).click();
    await expect.poll(() => stepLabel(page)).not.toBe(playedStep);
    expect((await stepEvents()).join("\n")).not.toMatch(/plays Journey Herald|Journey Herald.*PLAY/);
    expect(await handOf()).toContain("Journey Herald");
    await table.getByRole("button", { name: "Step forward" }).click();
    await expect.poll(() => stepLabel(page)).toBe(playedStep);
    expect(await handOf()).toBe(handAfter);
    expect(await page.getByTestId("table").getByTestId("player-p1").textContent()).toBe(fieldAfter);

    // 7. Event by event through what it triggered: back to its PLAY ability being noted, forward to its resolution.
    const at = page.getByTestId("event-at");
    const atText = async () => ((await at.count()) ? ((await at.textContent()) ?? "") : "");
    for (let i = 0; i < 12 && !/Journey Herald: .*noted/.test(await atText()); i++) await table.getByRole("button", { name: "Previous event" }).click();
    expect(await atText()).toMatch(/Journey Herald: .*noted/);
    expect(await stepLabel(page)).toBe(playedStep);
    expect(await log.locator("li.at-event").textContent()).toMatch(/noted/);
    expect(await log.locator("li.current.later").count()).toBeGreaterThan(0);
    // The board is the one right at that event (the step replayed with a state per event): the Herald is
    // on the field, its card not drawn yet; no one acts inside a step. The highlighted line is in the log's view.
    expect(await page.getByTestId("board-note").textContent()).toMatch(/Board at event \d+, inside step/);
    // At the step's first event (the action) the Herald is still in the hand; at its trigger it is on the field.
    const heraldsInHand = () => page.getByTestId("table").getByTestId("player-p1").locator('[data-zone="Hand"] .card-chip', { hasText: "Journey Herald" }).count();
    const onField = () => page.getByTestId("table").getByTestId("player-p1").locator('[data-zone="Field"], [data-zone="Battlefield"]').first().textContent();
    await expect.poll(onField).toContain("Journey Herald");
    const inHandAtTrigger = await heraldsInHand();
    for (let i = 0; i < 12 && !/p1 plays Journey Herald/.test(await atText()); i++) await table.getByRole("button", { name: "Previous event" }).click();
    await expect.poll(heraldsInHand).toBe(inHandAtTrigger + 1);
    for (let i = 0; i < 12 && !/Journey Herald: .*noted/.test(await atText()); i++) await table.getByRole("button", { name: "Next event" }).click();
    await expect.poll(heraldsInHand).toBe(inHandAtTrigger);
    expect(await page.getByTestId("legal-actions").isHidden()).toBe(true);
    const atEventVisible = () =>
      page.evaluate(() => {
        const line = document.querySelector(".event-log li.at-event")!;
        const box = line.closest(".event-log")!.getBoundingClientRect();
        const rect = line.getBoundingClientRect();
        return rect.top >= box.top && rect.bottom <= box.bottom;
      });
    await expect.poll(atEventVisible).toBe(true);
    for (let i = 0; i < 12 && !/Journey Herald: .*resolved/.test(await atText()); i++) await table.getByRole("button", { name: "Next event" }).click();
    expect(await atText()).toMatch(/Journey Herald: PLAY: Draw a card\. resolved/);
    // The whole step again: no note, the actions are back.
    await table.getByRole("button", { name: "Latest" }).click();
    await expect.poll(() => page.getByTestId("board-note").count()).toBe(0);
    expect(await page.getByTestId("legal-actions").isVisible()).toBe(true);

    // 8. What it triggered links back to the new card's text: the PLAY ability is selected in the editor.
    const linked = triggered.first().locator(".source-link");
    await linked.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { cardwright: { editor: { getModel(): { uri: { path: string } } } } }).cardwright.editor.getModel().uri.path)).toBe("/duel/journey.cards");
    // The model switches first; the ability is selected two frames later (once the editor is laid out).
    await expect.poll(() => selectedText(page)).toMatch(/PLAY: Draw a card\./);

    // 9. Inside a step again, then a new game: the new game's board is its own, not "at an event", and can be played.
    await page.getByRole("tab", { name: "Table" }).click();
    await table.getByRole("button", { name: "Previous event" }).click();
    await table.getByRole("button", { name: "Previous event" }).click();
    await page.getByTestId("board-note").waitFor();
    await table.getByRole("button", { name: "New game" }).click();
    await expect.poll(() => page.getByTestId("board-note").count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.getByTestId("legal-actions").locator("button:not([disabled])").count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // The log follows the latest event.
    const lastLineVisible = () =>
      page.evaluate(() => {
        const log = document.querySelector(".event-log ol")!;
        const last = log.lastElementChild!;
        const box = log.closest(".event-log")!.getBoundingClientRect();
        const rect = last.getBoundingClientRect();
        return rect.bottom <= box.bottom + 1 && rect.top >= box.top - 1;
      });
    await act(page, (await page.getByTestId("legal-actions").locator("button:not([disabled])").first().textContent())!);
    await expect.poll(lastLineVisible).toBe(true);
    expect(harness.blocked).toEqual([]);
    await page.context().close();
  });
});
