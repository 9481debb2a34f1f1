/**
 * Screenshots of the studio's main views for the README, saved under docs/screenshots/:
 *   npx tsx studio/scripts/screenshots.ts
 * Runs the built studio (building it if stale) on a temp copy of cards/, offline.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoDir } from "../server/build.ts";
import type { Page } from "playwright-core";
import { startHarness } from "./harness.ts";

const outDir = path.join(repoDir, "docs", "screenshots");

type Studio = { store: { files: Map<string, { model: { getValue(): string } }> }; editor: { setPosition(p: { lineNumber: number; column: number }): void; revealLineInCenter(n: number): void; focus(): void } };

/**
 * A screenshot of a view that is not about problems: the workspace must be checked, with no
 * error and no unsaved edit anywhere (the status bar and the file tree show both).
 */
async function cleanShot(page: Page, file: string): Promise<void> {
  await page.waitForFunction(() => {
    const { store } = (window as unknown as { cardwright: { store: { checkMilliseconds?: number; model?: { diagnostics: { severity: string }[] }; files: Map<string, { state: string }> } } }).cardwright;
    return store.checkMilliseconds !== undefined && !!store.model;
  });
  const problems = await page.evaluate(() => {
    const { store } = (window as unknown as { cardwright: { store: { model?: { diagnostics: { severity: string; file: string; code: string }[] }; files: Map<string, { state: string; path: string }> } } }).cardwright;
    const errors = (store.model?.diagnostics ?? []).filter((d) => d.severity === "error").map((d) => `${d.file} ${d.code}`);
    const unsaved = [...store.files.values()].filter((f) => f.state !== "saved").map((f) => `${f.path} ${f.state}`);
    return [...errors, ...unsaved];
  });
  if (problems.length > 0) throw new Error(`${path.basename(file)} would show a workspace that is not clean: ${problems.join(", ")}`);
  await page.screenshot({ path: file });
}

/** Boards for the visual table's pictures, one per game (scenario setups, written into the temp workspace). */
const BOARDS: Record<string, string> = {
  duel: `scenario "screenshot: aiming Riptide" for duel
setup {
  turn 3 p1 phase Play
  p1 Crystal 2
  p1 field: "Scout", "Field Medic"
  p1 hand: "Riptide", "Stone Guard"
  p2 field: "Ember Squire", "Scout"
  p2 hand: "Field Medic", "Scout"
}
`,
  cybervamp: `scenario "screenshot: a stack of three" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Velvet Lounge", "Bullion Vault", "Hemorrhage Stalker", "Nightclub Thrall"
  p1 hand: "Adrenal Surge", "Data Leech"
  p2 battlefield: "Neon Abattoir", "Gold Exchange", "Blood Broker"
  p2 hand: "Arterial Spray", "Exsanguinate"
}
`,
  chromatic: `scenario "screenshot: a Chromatic board" for chromatic
setup {
  turn 4 p1 phase Main
  p1 Mana 3
  p1 battlefield: "Thorn Whip", "Seer"
  p1 Facet Zone: "Grave Scribe", "Gossip Sprite"
  p1 Shatter Zone: "Sparkmage"
  p1 hand: "Arc Bolt", "Insight", "Ember Aura"
  p1 deck: "Insight" x3
  p2 battlefield: "Ironhide Bear", "Chronicler"
  p2 hand: "Insight"
  p2 deck: "Insight" x3
}
`,
};

async function openBoard(page: Page, game: string, name: string): Promise<void> {
  // The whole table (both sides, the stack between them) fits the usual window: no taller one needed.
  await page.getByRole("tab", { name: "Table" }).click();
  const table = page.getByTestId("table");
  await table.getByLabel("Game").selectOption(game, { timeout: 90_000 });
  await table.getByLabel("Start from a scenario").selectOption({ label: `screenshots.scenario › ${name}` });
  await page.waitForFunction((n) => document.querySelector('[data-testid="table"] .timeline .muted')?.textContent?.includes(`Setup of "${n}"`), name, { timeout: 90_000 });
}

const face = (page: Page, player: string, card: string) => page.getByTestId("visual-board").getByTestId(`board-${player}`).locator(`.table-card[data-card="${card}"]`).first();

/** The visual table of each game: the Duel's slots while aiming a spell, CYBERVAMP's stack of three with its arrows, a Chromatic board. */
async function visualTables(harness: Awaited<ReturnType<typeof startHarness>>): Promise<void> {
  let page = await harness.newPage("?autosaveMs=600000");
  await openBoard(page, "duel", "screenshot: aiming Riptide");
  await face(page, "p1", "Riptide").click();
  await page.locator(".table-card.targetable").first().waitFor();
  await page.waitForTimeout(300);
  await cleanShot(page, path.join(outDir, "table-duel.png"));
  await page.context().close();

  page = await harness.newPage("?autosaveMs=600000");
  await openBoard(page, "cybervamp", "screenshot: a stack of three");
  await face(page, "p1", "Adrenal Surge").click();
  await face(page, "p1", "Hemorrhage Stalker").click();
  await page.getByTestId("stack-pile").waitFor();
  await face(page, "p2", "Arterial Spray").click();
  await face(page, "p1", "Hemorrhage Stalker").click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="stack-pile"] .stack-item').length === 2);
  await face(page, "p1", "Data Leech").click();
  await page.locator('.player-bar[data-player="p2"]').click();
  await page.waitForFunction(() => document.querySelectorAll(".stack-arrow").length === 3);
  await page.waitForTimeout(300);
  await cleanShot(page, path.join(outDir, "table-cybervamp.png"));
  await page.context().close();

  page = await harness.newPage("?autosaveMs=600000");
  await openBoard(page, "chromatic", "screenshot: a Chromatic board");
  await page.waitForTimeout(300);
  await cleanShot(page, path.join(outDir, "table-chromatic.png"));
  await page.context().close();
}

/** Rename (F2), find references, quick open, the outline and the Export dialog. */
async function editorFeatures(harness: Awaited<ReturnType<typeof startHarness>>): Promise<void> {
  const page = await harness.newPage("?autosaveMs=600000");
  const duel = "duel/core.cards";
  await page.locator(`[data-path="${duel}"]`).click();
  await page.waitForFunction(() => !!(window as unknown as { cardwright: { store: { model?: unknown } } }).cardwright.store.model);
  const text = await readFile(path.join(harness.workspace, duel), "utf8");
  const line = text.split("\n").findIndex((l) => l.startsWith('card "Scout"')) + 1;
  await page.evaluate((l) => {
    const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
    editor.revealLineInCenter(l);
    editor.setPosition({ lineNumber: l, column: 9 });
    editor.focus();
  }, line);
  await page.getByRole("tab", { name: "Outline" }).click();
  await page.getByTestId("outline").locator(".outline-row").nth(2).waitFor();
  await page.evaluate(() => (window as unknown as { cardwright: Studio }).cardwright.editor.focus());
  await page.keyboard.press("Shift+F12");
  await page.locator(".peekview-widget").waitFor({ timeout: 20_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(outDir, "editor-references.png") });
  await page.keyboard.press("Escape");
  await page.keyboard.press("F2");
  await page.locator(".rename-box input").first().waitFor({ timeout: 20_000 });
  await page.keyboard.type("Pathfinder");
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, "editor-rename.png") });
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+p");
  await page.getByTestId("quick-open").getByLabel("Go to file or card").fill("blud");
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, "editor-quick-open.png") });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Export…" }).click();
  await page.getByTestId("export-dialog").waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, "export-dialog.png") });
  await page.context().close();
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const harness = await startHarness(
    async (workspace) => {
      for (const [game, text] of Object.entries(BOARDS)) await writeFile(path.join(workspace, game, "scenarios", "screenshots.scenario"), text);
    },
    { viewport: { width: 1440, height: 860 } },
  );
  try {
    let page = await harness.newPage("?autosaveMs=600000");
    const setFile = "chromatic/core.cards";
    await page.locator(`[data-path="${setFile}"]`).click();
    await page.waitForFunction(() => (window as unknown as { cardwright: { store: { checkMilliseconds?: number } } }).cardwright.store.checkMilliseconds !== undefined);
    const text = await readFile(path.join(harness.workspace, setFile), "utf8");
    const lines = text.split("\n");
    const cardLine = Math.max(1, lines.findIndex((l) => /^card\s+"/.test(l) && /\[Base\]/.test(text.slice(text.indexOf(l), text.indexOf(l) + 600))) + 1);
    const moveTo = (lineNumber: number, column: number) =>
      page.evaluate(
        ([l, c]) => {
          const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
          editor.revealLineInCenter(l!);
          editor.setPosition({ lineNumber: l!, column: c! });
          editor.focus();
        },
        [lineNumber, column],
      );
    await moveTo(cardLine + 3, 1);
    await page.waitForTimeout(400);
    await cleanShot(page, path.join(outDir, "studio-editor.png"));

    // The gallery of the set, before any edit.
    await page.getByRole("tab", { name: "Gallery" }).click();
    await page.getByTestId("gallery").locator("svg").first().waitFor();
    await page.waitForTimeout(300);
    await cleanShot(page, path.join(outDir, "studio-gallery.png"));
    await page.getByRole("tab", { name: "Editor" }).click();

    // Completion on a new ability line of the clean set: the game's own keywords, with their
    // meaning from the game file beside the list (the only problem shown is the line being typed).
    const keywordLine = lines.findIndex((l, i) => i > cardLine && /^\s+\[\w+\]\s+[A-Z][a-z]+\.\s*$/.test(l)) + 1;
    await moveTo(keywordLine, lines[keywordLine - 1]!.length + 1);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("[Blue] S");
    await page.keyboard.press("Control+Space");
    await page.locator(".suggest-widget .monaco-list-row").first().waitFor();
    // Open the details pane (the keyword's definition) beside the list.
    await page.keyboard.press("Control+Space");
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(outDir, "studio-completion.png") });
    await page.keyboard.press("Escape");
    await page.context().close();

    // A typo in a keyword, on a fresh page: the marker, the problems list and the "did you mean" hover.
    page = await harness.newPage("?autosaveMs=600000");
    await page.locator(`[data-path="${setFile}"]`).click();
    await page.waitForFunction(() => (window as unknown as { cardwright: { store: { checkMilliseconds?: number } } }).cardwright.store.checkMilliseconds !== undefined);
    const keywordColumn = (lines[keywordLine - 1]!.search(/\]\s+/) + 1) + (lines[keywordLine - 1]!.slice(lines[keywordLine - 1]!.search(/\]\s+/) + 1).search(/\S/)) + 1;
    const keyword = /^[A-Za-z]+/.exec(lines[keywordLine - 1]!.slice(keywordColumn - 1))![0];
    await page.evaluate(
      ([l, c, n]) => {
        const { editor } = (window as unknown as { cardwright: { editor: { setSelection(r: object): void; revealLineInCenter(n: number): void; focus(): void } } }).cardwright;
        editor.revealLineInCenter(l!);
        editor.setSelection({ startLineNumber: l!, startColumn: c!, endLineNumber: l!, endColumn: c! + n! });
        editor.focus();
      },
      [keywordLine, keywordColumn, keyword.length],
    );
    await page.keyboard.type(keyword.slice(0, 3) + keyword.slice(4));
    await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: 20_000 });
    const point = await page.evaluate(
      ([l, c]) => {
        const { editor } = (window as unknown as { cardwright: { editor: { getScrolledVisiblePosition(p: object): { top: number; left: number; height: number }; getDomNode(): HTMLElement } } }).cardwright;
        const p = editor.getScrolledVisiblePosition({ lineNumber: l, column: c });
        const box = editor.getDomNode().getBoundingClientRect();
        return { x: box.left + p.left + 6, y: box.top + p.top + p.height / 2 };
      },
      [keywordLine, keywordColumn + 1],
    );
    await page.mouse.move(point.x, point.y);
    await page.locator(".monaco-hover:not(.hidden)").first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(outDir, "studio-diagnostics.png") });

    // The views below are not about problems: a fresh page (autosave was off, so the edits above
    // never reached the disk, and a new browser context has no drafts).
    await page.context().close();
    const clean = await harness.newPage("?autosaveMs=600000");
    await clean.locator(`[data-path="${setFile}"]`).click();

    // The stepper on a chain of section 17.1 (Grave Scribe's mill makes Bone Pile draw in the
    // same chain): the chain tree above the event list, at the suppressed trigger when there is one.
    const chainsFile = "chromatic/scenarios/chains.scenario";
    await clean.locator(`[data-path="${chainsFile}"]`).click();
    await clean.getByRole("tab", { name: "Scenarios" }).click();
    await clean.getByRole("button", { name: `Run ${path.basename(chainsFile)}` }).click();
    const bonePile = clean.locator(".scenario-list li", { hasText: /Bone Pile/ }).first();
    await bonePile.waitFor({ timeout: 60_000 });
    await bonePile.click();
    const kinds = await clean.getByTestId("scenario-events").locator(".kind").allTextContents();
    const suppressedAt = kinds.indexOf("suppressed");
    if (suppressedAt >= 0) await clean.getByLabel("Timeline").first().fill(String(suppressedAt));
    // The event at the cursor in the middle of the list, not cut at its bottom edge.
    await clean.getByTestId("scenario-events").locator("li.current").first().evaluate((row) => row.scrollIntoView({ block: "center" }));
    await clean.waitForTimeout(400);
    await cleanShot(clean, path.join(outDir, "studio-stepper.png"));

    // The sandbox table from a scenario's setup (two of your cards trigger on the same draw):
    // pass priority, order the two triggers, decline the optional one; the chains of that step
    // are drawn as a tree under the board.
    const twoCards = clean.locator(".scenario-list li", { hasText: /Two of your cards, same draw/ }).first();
    await twoCards.click();
    await clean.getByRole("button", { name: "Play from the setup" }).click();
    await clean.getByTestId("table").waitFor();
    const actions = clean.getByTestId("legal-actions").locator("button:not([disabled])");
    for (const wanted of [/passes/, /chooses Seer/, /chooses nothing/]) {
      const button = actions.filter({ hasText: wanted }).first();
      await button.waitFor({ timeout: 30_000 });
      await button.click();
      await clean.waitForTimeout(200);
    }
    await clean.getByText("Trigger chains of this step").waitFor({ timeout: 30_000 });
    await clean.waitForTimeout(400);
    await cleanShot(clean, path.join(outDir, "studio-table.png"));
    await clean.context().close();
    await visualTables(harness);
    await editorFeatures(harness);
    console.log(`Screenshots written to ${path.relative(repoDir, outDir)}/`);
  } finally {
    await harness.close();
  }
}

await main();
