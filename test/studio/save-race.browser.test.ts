/**
 * A save of the editor's own text is never taken for a change on disk (Debian's Chromium, the built
 * studio): the studio polls the disk, and a read of a file that was on its way while this tab saved
 * the file may carry the text from before that save. On a loaded machine the responses come back in
 * any order; here the page's network is held so that they come back in the bad one, every time:
 *
 *   the poll's listing (taken before save 1) → save 1 → the poll reads the file (gets save 1's text)
 *   → save 2 → the read's answer arrives.
 *
 * Taking that answer put the editor back to save 1's text (the keystrokes after it lost) and left the
 * file based on a version the disk no longer had, so the next save was refused as a "conflict".
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

const FILE = "duel/duel.game";

const harness = useHarness();

type Studio = {
  store: {
    files: Map<string, { state: string; model: { getValue(): string; getLineCount(): number; getLineMaxColumn(line: number): number; applyEdits(edits: object[]): void } }>;
    notice?: string;
    save(path: string): Promise<void>;
  };
};

const editorText = (page: Page) => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)!.model.getValue(), FILE);
const saveState = (page: Page) => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)!.state, FILE);
const save = (page: Page) => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.save(f), FILE);
/** Types `text` at the end of the file, as an edit of the editor's model (what a keystroke does to it). */
const typeAtEnd = (page: Page, text: string) =>
  page.evaluate(
    ([f, t]) => {
      const model = (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f!)!.model;
      const line = model.getLineCount();
      const column = model.getLineMaxColumn(line);
      model.applyEdits([{ range: { startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: column }, text: t }]);
    },
    [FILE, text],
  );

/** A promise with its resolve function. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("saving while the studio polls the disk", { timeout: 180_000 }, () => {
  it("keeps the editor's text when a read of the disk started before its own save answers after it", async () => {
    // Autosave off: the test saves when the sequence needs it.
    const page = await harness.newPage("?autosaveMs=600000&board=list");
    await page.locator(`[data-path="${FILE}"]`).click();
    await expect.poll(() => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.has(f), FILE)).toBe(true);
    const original = await editorText(page);

    // Hold the next poll's listing (taken now: the file as loaded), and the next read of the file, until told.
    const listingAsked = gate();
    const releaseListing = gate();
    const readAsked = gate();
    const releaseRead = gate();
    let listings = 0;
    let holdRead = false;
    const listingsAfter = async (count: number) => expect.poll(() => listings, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
    await page.route(/\/api\/workspace$/, async (route: Route) => {
      const response = await route.fetch();
      listings++;
      if (listings === 1) {
        listingAsked.open();
        await releaseListing.promise;
        holdRead = true;
      }
      await route.fulfill({ response });
    });
    await page.route(/\/api\/file\?path=/, async (route: Route) => {
      if (route.request().method() !== "GET" || !holdRead || new URL(route.request().url()).searchParams.get("path") !== FILE) return route.continue();
      holdRead = false;
      const response = await route.fetch();
      readAsked.open();
      await releaseRead.promise;
      await route.fulfill({ response });
    });

    await typeAtEnd(page, "\n# one");
    await listingAsked.promise;
    await save(page);
    expect(await saveState(page)).toBe("saved");
    await typeAtEnd(page, "\n# two");
    // The listing (from before save 1) says the disk moved on from the editor's version: the poll reads the file.
    releaseListing.open();
    await readAsked.promise;
    await save(page);
    expect(await saveState(page)).toBe("saved");
    const onDisk = path.join(harness.workspace, FILE);
    expect(await readFile(onDisk, "utf8")).toBe(`${original}\n# one\n# two`);
    // The read, holding save 1's text, answers now; a later listing means that poll is over.
    releaseRead.open();
    const answered = listings;
    await listingsAfter(answered + 1);

    expect(await editorText(page)).toBe(`${original}\n# one\n# two`);
    expect(await saveState(page)).toBe("saved");
    expect(await page.evaluate(() => (window as unknown as { cardwright: Studio }).cardwright.store.notice ?? "")).not.toMatch(/Reloaded/);
    // The next edit saves over the file as the disk has it: no conflict.
    await typeAtEnd(page, "\n# three");
    await save(page);
    expect(await saveState(page)).toBe("saved");
    expect(await readFile(onDisk, "utf8")).toBe(`${original}\n# one\n# two\n# three`);
    expect(harness.blocked).toEqual([]);
    // The page's polling goes on: a listing still in the route handler when the context closes would be an unhandled
    // rejection ("Request context disposed"), which fails the run (seen on a loaded machine, session 35).
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.context().close();
  });
});
