/**
 * Screenshots of the studio's main views for the README, saved under docs/screenshots/:
 *   npx tsx studio/scripts/screenshots.ts
 * Runs the built studio (building it if stale) on a temp copy of cards/, offline.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { repoDir } from "../server/build.ts";
import { startHarness } from "./harness.ts";

const outDir = path.join(repoDir, "docs", "screenshots");

type Studio = { store: { files: Map<string, { model: { getValue(): string } }> }; editor: { setPosition(p: { lineNumber: number; column: number }): void; revealLineInCenter(n: number): void; focus(): void } };

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const harness = await startHarness(undefined, { viewport: { width: 1440, height: 860 } });
  try {
    const page = await harness.newPage("?autosaveMs=600000");
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
    await page.screenshot({ path: path.join(outDir, "studio-editor.png") });

    // The gallery of the set, before any edit.
    await page.getByRole("tab", { name: "Gallery" }).click();
    await page.getByTestId("gallery").locator("svg").first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, "studio-gallery.png") });
    await page.getByRole("tab", { name: "Editor" }).click();

    // A typo in a keyword: the marker, the problems list and the "did you mean" hover.
    const keywordLine = lines.findIndex((l, i) => i > cardLine && /^\s+\[\w+\]\s+[A-Z][a-z]+\.\s*$/.test(l)) + 1;
    const keywordColumn = (lines[keywordLine - 1]!.search(/\]\s+/) + 1) + (lines[keywordLine - 1]!.slice(lines[keywordLine - 1]!.search(/\]\s+/) + 1).search(/\S/)) + 1;
    const keyword = /^[A-Za-z]+/.exec(lines[keywordLine - 1]!.slice(keywordColumn - 1))![0];
    await page.evaluate(
      ([l, c, n]) => {
        const { editor } = (window as unknown as { cardwright: { editor: { setSelection(r: object): void; focus(): void } } }).cardwright;
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
    await page.mouse.move(5, 400);

    // Completion popup on a new ability line.
    await moveTo(keywordLine, lines[keywordLine - 1]!.length + 1);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Dra");
    await page.keyboard.press("Control+Space");
    await page.locator(".suggest-widget .monaco-list-row").first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, "studio-completion.png") });
    await page.keyboard.press("Escape");
    // The Seer + Chronicler trigger chain of section 17.1 in the scenario stepper.
    await page.getByRole("tab", { name: "Scenarios" }).click();
    await page.getByRole("button", { name: /Run all/ }).click();
    const chain = page.locator(".scenario-list li", { hasText: /Seer.*Chronicler/ }).first();
    await chain.waitFor({ timeout: 60_000 });
    await chain.click();
    // Put the stepper's cursor on the suppressed trigger (once per instance), without leaving the view.
    const kinds = await page.getByTestId("scenario-events").locator(".kind").allTextContents();
    const suppressedAt = kinds.indexOf("suppressed");
    if (suppressedAt >= 0) await page.getByLabel("Timeline").fill(String(suppressedAt));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, "studio-stepper.png") });

    // A sandbox game against the bot.
    await page.getByRole("tab", { name: "Table" }).click();
    await page.getByLabel("Game").selectOption("duel");
    await page.getByRole("button", { name: "New game" }).click();
    const actions = page.getByTestId("legal-actions").locator("button:not([disabled])");
    await actions.first().waitFor({ timeout: 60_000 });
    for (let i = 0; i < 12; i++) {
      const labels = await actions.allTextContents();
      if (labels.length === 0) break;
      const play = labels.findIndex((l) => / plays "| attacks /.test(l));
      await actions.nth(play >= 0 ? play : 0).click();
      await page.waitForTimeout(150);
    }
    await page.screenshot({ path: path.join(outDir, "studio-table.png") });
    console.log(`Screenshots written to ${path.relative(repoDir, outDir)}/`);
  } finally {
    await harness.close();
  }
}

await main();
