/**
 * Unsaved edits never land in the wrong place (issue 14), in Debian's Chromium against the
 * built studio, every non-localhost request blocked:
 * - a draft made in workspace A is never shown in workspace B, another folder of the same name
 *   served on the same port (same origin, same localStorage), and never reaches B's disk;
 * - two tabs on one file never exchange drafts; a closed tab's draft is offered, not applied;
 * - a file changed on disk while open keeps the editor's cursor, selection and scroll.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../studio/scripts/harness.ts";
import { distDir, ensureStudioBuilt, repoDir } from "../../studio/server/build.ts";
import { startStudioServer, type StudioServer } from "../../studio/server/server.ts";
import { draftKeys, draftStores } from "./page-helpers.ts";

const FILE = "duel/duel.game";
const LONG_AUTOSAVE = "?autosaveMs=600000";

let base: string;
let browser: Browser;
const servers: StudioServer[] = [];

/** A copy of cards/ in `<base>/<parent>/cards`: every workspace of this test is called "cards". */
async function workspaceCopy(parent: string): Promise<string> {
  const folder = path.join(base, parent, "cards");
  await mkdir(path.dirname(folder), { recursive: true });
  await cp(path.join(repoDir, "cards"), folder, { recursive: true });
  return folder;
}

async function serve(workspace: string, port = 0): Promise<StudioServer> {
  const server = await startStudioServer({ workspace, distDir, port });
  servers.push(server);
  return server;
}

async function stop(server: StudioServer): Promise<void> {
  await server.close();
  servers.splice(servers.indexOf(server), 1);
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    return url.hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient");
  });
  return context;
}

type Studio = {
  store: {
    files: Map<string, { model: { getValue(): string }; state: string }>;
    offers: { path: string; reason: string }[];
    model?: unknown;
    workspaceId: string;
    tabId: string;
  };
  editor: {
    setSelection(r: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }): void;
    getSelection(): { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
    getModel(): { uri: { path: string }; getValueInRange(r: object): string } | null;
    revealLineNearTop(line: number): void;
    getVisibleRanges(): { startLineNumber: number }[];
    getScrollTop(): number;
    focus(): void;
  };
};
const studio = (page: Page) => page.evaluate(() => {
  const { store } = (window as unknown as { cardwright: Studio }).cardwright;
  return { workspaceId: store.workspaceId, tabId: store.tabId, offers: store.offers.map((o) => ({ path: o.path, reason: o.reason })) };
});
const editorText = (page: Page, file: string) => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)?.model.getValue() ?? null, file);
const saveState = (page: Page, file: string) => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)?.state ?? null, file);

/** Opens the studio (or reloads it) and waits until the workspace is loaded, the file open in the editor and checked once. */
async function ready(page: Page, file = FILE): Promise<void> {
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 90_000 });
  const row = page.locator(`[data-path="${file}"]`);
  await row.waitFor({ timeout: 90_000 });
  await row.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { cardwright: Studio }).cardwright.editor.getModel()?.uri.path), { timeout: 30_000 }).toBe("/" + file);
  await page.waitForFunction(() => !!(window as unknown as { cardwright: Studio }).cardwright.store.model, undefined, { timeout: 60_000 });
}

/** Types `text` at the start of line 2 of the open file. */
async function typeAtLine2(page: Page, text: string): Promise<void> {
  await page.evaluate(() => {
    const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
    editor.setSelection({ startLineNumber: 2, startColumn: 1, endLineNumber: 2, endColumn: 1 });
    editor.focus();
  });
  await page.keyboard.type(text);
}

beforeAll(async () => {
  await ensureStudioBuilt();
  base = await mkdtemp(path.join(tmpdir(), "cw-studio-drafts-"));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  for (const server of [...servers]) await server.close();
  await rm(base, { recursive: true, force: true });
});

describe("drafts in the browser", { timeout: 480_000 }, () => {
  it("a draft from workspace A never appears in workspace B of the same folder name on the same port, and comes back in A", async () => {
    const a = await workspaceCopy("project-a");
    const b = await workspaceCopy("project-b");
    const original = await readFile(path.join(b, FILE), "utf8");
    let server = await serve(a);
    const port = server.port;
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(server.url + LONG_AUTOSAVE);
    await ready(page);
    const inA = await studio(page);
    await typeAtLine2(page, "# only in project A\n");
    await expect.poll(() => draftKeys(page)).toHaveLength(1);
    // Kept in IndexedDB (written off the main thread), not in localStorage.
    expect(await draftStores(page)).toMatchObject({ indexedDb: await draftKeys(page), localStorage: [] });

    // The same port, another folder called "cards" with the very same duel.game (same disk version).
    await stop(server);
    server = await serve(b, port);
    await page.reload();
    await ready(page);
    const inB = await studio(page);
    expect(inB.workspaceId).not.toBe(inA.workspaceId);
    expect(inB.tabId).toBe(inA.tabId); // the same tab: only the workspace differs
    expect(await editorText(page, FILE)).toBe(original);
    expect(await saveState(page, FILE)).toBe("saved");
    expect(inB.offers).toEqual([]);
    expect(await page.getByTestId("draft-offers").count()).toBe(0);
    expect(await readFile(path.join(b, FILE), "utf8")).toBe(original);
    expect(await draftKeys(page)).toHaveLength(1); // A's draft is kept for A

    // Back to A on the same port: its draft is this tab's own, made on the version on disk: restored.
    await stop(server);
    server = await serve(a, port);
    await page.reload();
    await ready(page);
    expect(await editorText(page, FILE)).toContain("# only in project A\n");
    expect(await saveState(page, FILE)).toBe("unsaved");
    await page.keyboard.press("Control+s");
    await expect.poll(() => saveState(page, FILE), { timeout: 20_000 }).toBe("saved");
    expect(await readFile(path.join(a, FILE), "utf8")).toContain("# only in project A\n");
    expect(await readFile(path.join(b, FILE), "utf8")).toBe(original);
    await expect.poll(() => draftKeys(page)).toEqual([]);
    await context.close();
    await stop(server);
  });

  it("two tabs on one file never exchange drafts; a closed tab's draft is offered, never applied", async () => {
    const workspace = await workspaceCopy("two-tabs");
    const original = await readFile(path.join(workspace, FILE), "utf8");
    const server = await serve(workspace);
    const context = await newContext();
    const tabA = await context.newPage();
    await tabA.goto(server.url + LONG_AUTOSAVE);
    await ready(tabA);
    await typeAtLine2(tabA, "# tab A\n");
    await expect.poll(() => draftKeys(tabA)).toHaveLength(1);

    // Tab B opens while A has a draft: B shows the disk's text, offers nothing, and hears that A edits the file.
    const tabB = await context.newPage();
    await tabB.goto(server.url + LONG_AUTOSAVE);
    await ready(tabB);
    expect((await studio(tabB)).tabId).not.toBe((await studio(tabA)).tabId);
    expect(await editorText(tabB, FILE)).toBe(original);
    expect(await saveState(tabB, FILE)).toBe("saved");
    expect((await studio(tabB)).offers).toEqual([]);
    await tabB.getByTestId("other-tab").waitFor({ timeout: 20_000 });

    await typeAtLine2(tabB, "# tab B\n");
    await expect.poll(() => draftKeys(tabB)).toHaveLength(2);
    expect(await editorText(tabA, FILE)).not.toContain("# tab B");

    // Each reload restores the tab's own draft, never the other's.
    await tabA.reload();
    await ready(tabA);
    expect(await editorText(tabA, FILE)).toContain("# tab A\n");
    expect(await editorText(tabA, FILE)).not.toContain("# tab B");
    expect((await studio(tabA)).offers).toEqual([]);
    await tabB.reload();
    await ready(tabB);
    expect(await editorText(tabB, FILE)).toContain("# tab B\n");
    expect(await editorText(tabB, FILE)).not.toContain("# tab A");
    expect((await studio(tabB)).offers).toEqual([]);

    // Tab A is closed with its edits unsaved: B, on its next load, offers them and applies nothing.
    await tabA.close();
    await tabB.reload();
    await ready(tabB);
    const offers = tabB.getByTestId("draft-offers");
    await offers.waitFor();
    expect((await studio(tabB)).offers).toEqual([{ path: FILE, reason: "closed-tab" }]);
    expect(await editorText(tabB, FILE)).not.toContain("# tab A");
    expect(await editorText(tabB, FILE)).toContain("# tab B\n");
    await offers.getByRole("button", { name: "Discard them" }).click();
    await expect.poll(() => offers.count()).toBe(0);
    // B's own: the offer leaves the page at once, the closed tab's draft leaves IndexedDB after it.
    await expect.poll(() => draftKeys(tabB)).toHaveLength(1);
    expect(await editorText(tabB, FILE)).not.toContain("# tab A");
    expect(await readFile(path.join(workspace, FILE), "utf8")).toBe(original);
    await context.close();
    await stop(server);
  });

  it("an edit typed just before a reload is kept, and of a draft in both stores the newest is restored", async () => {
    const workspace = await workspaceCopy("reload-at-once");
    const original = await readFile(path.join(workspace, FILE), "utf8");
    const server = await serve(workspace);
    const context = await newContext();
    const page = await context.newPage();
    // No draft is written while typing: the edit is only in the page when it goes away.
    await page.goto(server.url + LONG_AUTOSAVE + "&draftMs=600000");
    await ready(page);
    await typeAtLine2(page, "# typed as the page reloads\n");
    expect(await draftKeys(page)).toEqual([]);
    await page.reload();
    await ready(page);
    expect(await editorText(page, FILE)).toBe(original.replace("\n", "\n# typed as the page reloads\n"));
    expect(await saveState(page, FILE)).toBe("unsaved");
    expect((await studio(page)).offers).toEqual([]);
    const [key] = (await draftStores(page)).localStorage; // written synchronously as the page went away
    expect(key).toBeDefined();

    // The same draft in both stores (a write IndexedDB had not confirmed at unload): the newest one is restored.
    const ids = await studio(page);
    const bothStores = (olderIn: "indexedDb" | "localStorage") =>
      page.evaluate(
        async ([k, older, workspaceId, tab]) => {
          const stored = JSON.parse(localStorage.getItem(k!)!) as { text: string; baseVersion: string | null; updatedAt: number };
          const draft = (text: string, updatedAt: number) => ({ ...stored, text: stored.text.replace(/# (typed|newer|older)/, text), updatedAt });
          const [forIdb, forLocal] = older === "indexedDb" ? [draft("# older", 1_000), draft("# newer", 2_000)] : [draft("# newer", 2_000), draft("# older", 1_000)];
          localStorage.setItem(k!, JSON.stringify(forLocal));
          const request = indexedDB.open("cardwright-drafts");
          const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
          const transaction = db.transaction("drafts", "readwrite");
          transaction.objectStore("drafts").put({ key: k, workspace: workspaceId, tab, path: "duel/duel.game", ...forIdb });
          await new Promise((resolve) => (transaction.oncomplete = resolve));
          db.close();
        },
        [key, olderIn, ids.workspaceId, ids.tabId],
      );
    for (const olderIn of ["indexedDb", "localStorage"] as const) {
      await bothStores(olderIn);
      await page.reload({ waitUntil: "commit" });
      await ready(page);
      const text = await editorText(page, FILE);
      expect(text).toContain("# newer as the page reloads\n");
      expect(text).not.toContain("# older");
    }
    await page.keyboard.press("Control+s");
    await expect.poll(() => saveState(page, FILE), { timeout: 20_000 }).toBe("saved");
    expect(await readFile(path.join(workspace, FILE), "utf8")).toContain("# newer as the page reloads\n");
    await expect.poll(() => draftKeys(page)).toEqual([]);
    await context.close();
    await stop(server);
  });

  it("an outside change keeps the cursor, the selection and the scroll, and the next keystroke lands there", async () => {
    const workspace = await workspaceCopy("outside-change");
    const file = "cybervamp/core.cards";
    const onDisk = path.join(workspace, file);
    const original = await readFile(onDisk, "utf8");
    const server = await serve(workspace);
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await ready(page, file);
    // A selection well down the file (a card's name), scrolled near the top of the view.
    const lines = original.split("\n");
    const line = lines.findIndex((l, i) => i > 60 && /^card "/.test(l)) + 1;
    const column = lines[line - 1]!.indexOf('"') + 2;
    const selected = lines[line - 1]!.slice(column - 1, lines[line - 1]!.indexOf('"', column));
    await page.evaluate(
      ([l, c, n]) => {
        const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
        editor.revealLineNearTop(l!);
        editor.setSelection({ startLineNumber: l!, startColumn: c!, endLineNumber: l!, endColumn: c! + n! });
        editor.focus();
      },
      [line, column, selected.length],
    );
    const view = () =>
      page.evaluate(() => {
        const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
        return { selection: editor.getSelection(), selected: editor.getModel()!.getValueInRange(editor.getSelection()), firstVisible: editor.getVisibleRanges()[0]!.startLineNumber };
      });
    const before = await view();
    expect(before.selected).toBe(selected);

    // Someone else changes the file: three lines above the selection, one word below it, a line appended.
    const below = lines.findIndex((l, i) => i > line + 2 && /\d/.test(l));
    const theirs = lines.map((l, i) => (i === below ? l.replace(/\d+/, (n) => String(Number(n) + 1)) : l));
    const changed = ["# pulled 1", "# pulled 2", "# pulled 3", ...theirs].join("\n") + "# echo >>\n";
    await writeFile(onDisk, changed);
    await expect.poll(() => editorText(page, file), { timeout: 30_000 }).toBe(changed);
    const after = await view();
    expect(after.selected).toBe(selected);
    const { startLineNumber, startColumn, endLineNumber, endColumn } = before.selection;
    expect(after.selection).toMatchObject({ startLineNumber: startLineNumber + 3, startColumn, endLineNumber: endLineNumber + 3, endColumn });
    expect(after.firstVisible).toBe(before.firstVisible + 3);
    expect(await saveState(page, file)).toBe("saved");

    // The next keystroke replaces the selection where it is, not on line 1.
    await page.keyboard.type("Renamed Here");
    await expect.poll(() => saveState(page, file), { timeout: 20_000 }).toBe("saved");
    const saved = (await readFile(onDisk, "utf8")).split("\n");
    expect(saved[0]).toBe("# pulled 1");
    expect(saved[line + 3 - 1]).toBe(lines[line - 1]!.replace(selected, "Renamed Here"));
    await context.close();
    await stop(server);
  });
});
