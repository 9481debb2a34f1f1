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

    // A typo: the marker, the problems list and the "did you mean" hover.
    const textLine = lines.findIndex((l, i) => i > cardLine && /^\s*text:/.test(l)) + 2;
    await moveTo(textLine, (lines[textLine - 1]?.length ?? 0) + 1);
    await page.keyboard.type(" Flyng.");
    await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: 20_000 });
    await page.keyboard.press("Control+Period");
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(outDir, "studio-diagnostics.png") });
    await page.keyboard.press("Escape");

    // Completion popup.
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Dra");
    await page.keyboard.press("Control+Space");
    await page.locator(".suggest-widget .monaco-list-row").first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, "studio-completion.png") });
    await page.keyboard.press("Escape");

    // The gallery of the set.
    await page.getByRole("tab", { name: "Gallery" }).click();
    await page.getByTestId("gallery").locator("svg").first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, "studio-gallery.png") });
    console.log(`Screenshots written to ${path.relative(repoDir, outDir)}/`);
  } finally {
    await harness.close();
  }
}

await main();
