/**
 * "Runs as" in the studio (issue 11): in real Chromium, hovering an ability shows how the engine
 * reads it, and the card panel lists each ability of the card under the cursor with its reading,
 * highlighted where it differs from the written text — the same readings `cardwright explain`
 * prints (both come from compiler/reads-as.ts on the compiled IR). The card whose reading
 * differs is chosen at run time among a few wordings the engine reads otherwise, so the test
 * follows the lowering as it improves instead of naming one misreading.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";
import { pointAt } from "./page-helpers.ts";
import { repoDir } from "../../studio/server/build.ts";
import { differsFromText } from "../../studio/src/language/reads-as.ts";

const FILE = "duel/reads-as-test.cards";
const PLAIN = "Plain Bolt";
/** Wordings the engine reads otherwise today (or did when this was written); the test needs one that still does. */
// A spell's effect is written without a marker: PLAY fires when a unit enters the field, so "PLAY:" on a spell is CW6001.
const CANDIDATES = ["Discard a Unit card.", "Deal 1 damage to all enemy units.", "Draw a card for each unit your opponent controls."];

const spell = (name: string, ability: string) => `card "${name}" {\n  type: Spell\n  color: Red\n  cost: 1\n  rarity: Common\n  text:\n    ${ability}\n}\n`;

interface Explained {
  card: string;
  abilities: { text: string; readsAs: string }[];
}

type Studio = {
  store: { model?: unknown };
  editor: {
    setPosition(p: { lineNumber: number; column: number }): void;
    revealLineInCenter(line: number): void;
    focus(): void;
    getScrolledVisiblePosition(p: { lineNumber: number; column: number }): { top: number; left: number; height: number } | null;
    getDomNode(): HTMLElement | null;
    getModel(): { uri: { path: string }; getValue(): string } | null;
    executeEdits(source: string, edits: { range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }; text: string }[]): void;
  };
};

let explained: Map<string, Explained>;
let odd: Explained;

function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" not in the test set`);
  return text.slice(0, index).split("\n").length;
}

async function cursorTo(page: Page, lineNumber: number, column: number): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
      editor.revealLineInCenter(l!);
      editor.setPosition({ lineNumber: l!, column: c! });
      editor.focus();
    },
    [lineNumber, column],
  );
}

/** The panel's rows: written text, reading, highlighted or not. */
const panelRows = (page: Page) =>
  page.getByTestId("reads-as").locator("li").evaluateAll((rows) =>
    rows.map((row) => ({ written: row.querySelector(".written")?.textContent ?? "", runsAs: row.querySelector(".runs-as")?.textContent ?? "", differs: row.getAttribute("data-differs") === "true" })),
  ).catch(() => []);

const harness = useHarness({
  async prepare(workspace) {
    const cards = [spell(PLAIN, "Deal 2 damage to target unit."), ...CANDIDATES.map((ability, i) => spell(`Odd Reading ${i + 1}`, ability))];
    await writeFile(path.join(workspace, FILE), `set RAT "Reads-as test" for duel\n\n${cards.join("\n")}`);
  },
});

// Runs after useHarness's start (vitest runs beforeAll hooks in the order they are registered).
beforeAll(() => {
  // What the CLI says each card runs as: the page must show the same.
  const json = execFileSync(process.execPath, [path.join(repoDir, "cli", "bin.mjs"), "explain", "--json", path.join(harness.workspace, FILE)], { encoding: "utf8" });
  explained = new Map((JSON.parse(json) as Explained[]).map((card) => [card.card, card]));
  const found = [...explained.values()].find((card) => card.card.startsWith("Odd Reading") && card.abilities.some((a) => differsFromText({ ...a, start: 0, end: 0 })));
  if (!found) throw new Error(`Every candidate wording now runs as written (${CANDIDATES.join(" | ")}): add one the engine reads otherwise.`);
  odd = found;
});

describe("reads-as in the studio", { timeout: 180_000 }, () => {
  it("shows each ability's reading in the card panel, highlighted where it differs from the text, and keeps it current as you type", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.locator(`[data-path="${FILE}"]`).click();
    await page.waitForFunction(() => !!(window as unknown as { cardwright: Studio }).cardwright.store.model, undefined, { timeout: 60_000 });
    const text = await readFile(path.join(harness.workspace, FILE), "utf8");
    const plain = explained.get(PLAIN)!;
    expect(plain.abilities.map((a) => differsFromText({ ...a, start: 0, end: 0 }))).toEqual([false]);

    // The card that reads otherwise: its row says how, and is highlighted.
    const oddAbility = odd.abilities.find((a) => differsFromText({ ...a, start: 0, end: 0 }))!;
    await cursorTo(page, lineOf(text, oddAbility.text), 8);
    await expect.poll(() => panelRows(page), { timeout: 30_000 }).toEqual(odd.abilities.map((a) => ({ written: a.text, runsAs: `Runs as: ${a.readsAs}`, differs: true })));
    expect(await page.getByTestId("reads-as-differs").textContent()).toBe("1 differs from the text");

    // A card that runs as written: not highlighted.
    await cursorTo(page, lineOf(text, plain.abilities[0]!.text), 8);
    await expect.poll(() => panelRows(page), { timeout: 30_000 }).toEqual([{ written: plain.abilities[0]!.text, runsAs: `Runs as written: ${plain.abilities[0]!.readsAs}`, differs: false }]);
    expect(await page.getByTestId("reads-as-differs").count()).toBe(0);

    // Type the odd wording into the plain card: the panel follows the new text.
    const line = lineOf(text, plain.abilities[0]!.text);
    const indent = text.split("\n")[line - 1]!.search(/\S/) + 1;
    await page.evaluate(
      ([l, from, to, replacement]) => {
        const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
        editor.executeEdits("test", [{ range: { startLineNumber: l as number, startColumn: from as number, endLineNumber: l as number, endColumn: to as number }, text: replacement as string }]);
      },
      [line, indent, indent + plain.abilities[0]!.text.length, oddAbility.text] as const,
    );
    await cursorTo(page, line, indent + 2);
    await expect.poll(() => panelRows(page), { timeout: 30_000 }).toEqual([{ written: oddAbility.text, runsAs: `Runs as: ${oddAbility.readsAs}`, differs: true }]);
    await page.context().close();
  });

  it("shows 'Runs as' when hovering an ability", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.locator(`[data-path="${FILE}"]`).click();
    await page.waitForFunction(() => !!(window as unknown as { cardwright: Studio }).cardwright.store.model, undefined, { timeout: 60_000 });
    const text = await readFile(path.join(harness.workspace, FILE), "utf8");
    const hover = page.locator(".monaco-hover:not(.hidden)");
    const hoverAt = async (lineNumber: number, column: number) => {
      const point = await pointAt(page, lineNumber, column);
      // Monaco shows a hover once the mouse moves onto the text and rests: each poll moves off and back.
      await page.mouse.move(point.x + 80, point.y + 120);
      await page.mouse.move(point.x, point.y, { steps: 4 });
      return (await hover.textContent({ timeout: 3_000 }).catch(() => "")) ?? "";
    };
    const oddAbility = odd.abilities.find((a) => differsFromText({ ...a, start: 0, end: 0 }))!;
    const oddLine = lineOf(text, oddAbility.text);
    // On the last word of the ability, where the reading is what the hover adds.
    const lastWord = text.split("\n")[oddLine - 1]!.lastIndexOf(" ") + 3;
    await expect.poll(() => hoverAt(oddLine, lastWord), { timeout: 45_000, interval: 1_000 }).toContain(`Runs as: ${oddAbility.readsAs}`);
    expect(await hover.textContent()).toContain("Not what the text says");

    const plain = explained.get(PLAIN)!.abilities[0]!;
    const plainLine = lineOf(text, plain.text);
    await expect.poll(() => hoverAt(plainLine, text.split("\n")[plainLine - 1]!.lastIndexOf(" ") + 3), { timeout: 45_000, interval: 1_000 }).toContain(`Runs as: ${plain.readsAs}`);
    expect(await hover.textContent()).not.toContain("Not what the text says");
    await page.context().close();
  });
});
