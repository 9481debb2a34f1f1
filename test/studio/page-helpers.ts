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

/** The keys of the drafts the page's origin holds, in IndexedDB and in localStorage (studio/src/workspace/drafts.ts). */
export async function draftStores(page: Page): Promise<{ indexedDb: string[]; localStorage: string[] }> {
  return page.evaluate(async () => {
    const local = Object.keys(localStorage).filter((k) => k.startsWith("cardwright:draft:"));
    const known = await indexedDB.databases();
    if (!known.some((d) => d.name === "cardwright-drafts")) return { indexedDb: [], localStorage: local.sort() };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("cardwright-drafts");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction("drafts", "readonly").objectStore("drafts").getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return { indexedDb: keys.map(String).sort(), localStorage: local.sort() };
    } finally {
      db.close();
    }
  });
}

/** The keys of every draft the page's origin holds, whichever store has it. */
export async function draftKeys(page: Page): Promise<string[]> {
  const { indexedDb, localStorage } = await draftStores(page);
  return [...new Set([...indexedDb, ...localStorage])].sort();
}
