/** Page helpers shared by the studio's browser tests (real Chromium through playwright-core). */
import type { Locator, Page } from "playwright-core";

interface EditorForPointing {
  revealLineInCenter(line: number): void;
  getScrolledVisiblePosition(p: { lineNumber: number; column: number }): { top: number; left: number; height: number } | null;
  getDomNode(): HTMLElement | null;
}

/** Client coordinates of a text position in the active editor (for hovering with the mouse). */
export async function pointAt(page: Page, lineNumber: number, column: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([l, c]) => {
      const { editor } = (window as unknown as { cardwright: { editor: EditorForPointing } }).cardwright;
      editor.revealLineInCenter(l!);
      const p = editor.getScrolledVisiblePosition({ lineNumber: l!, column: c! })!;
      const box = editor.getDomNode()!.getBoundingClientRect();
      return { x: box.left + p.left + 4, y: box.top + p.top + p.height / 2 };
    },
    [lineNumber, column],
  );
}

/** Opens the Export dialog once the workspace is loaded, with only the set files matching `sets` ticked. */
export async function openExportDialogFor(page: Page, sets: RegExp): Promise<Locator> {
  await page.waitForFunction(() => !!(window as unknown as { cardwright: { store: { model?: unknown } } }).cardwright.store.model, undefined, { timeout: 60_000 });
  await page.getByRole("button", { name: "Export…" }).click();
  const dialog = page.getByTestId("export-dialog");
  for (const box of await dialog.locator("fieldset").first().getByRole("checkbox").all()) {
    const label = (await box.evaluate((el) => el.parentElement?.textContent ?? "")) ?? "";
    if (sets.test(label) !== (await box.isChecked())) await box.click();
  }
  return dialog;
}
