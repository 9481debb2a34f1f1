/**
 * How the studio loads (issue 15), in a real Chromium against the built app: the workspace
 * comes in one request (listing and texts together, no request per file); the first editor is
 * shown before Monaco's features and the side panels are even fetched; once the features
 * arrive the editor has them (Monaco sets its services up once, so a feature needing a service
 * registered too late would fail here with "depends on UNKNOWN service"), showing the same
 * file; and what is typed is checked (the worker gets only the changed file; how soon is the
 * bench's business, never a test's).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";
import { WorkspaceChecker } from "../../studio/src/worker/checker.ts";
import type { SourceFile } from "../../compiler/model.ts";

const harness = useHarness();

type Page = Awaited<ReturnType<typeof harness.newPage>>;
type Studio = {
  store: { activePath?: string; checkMilliseconds?: number; files: Map<string, { model: { getValue(): string } }> };
  editor: { getModel(): { uri: { path: string } } | null; getPosition(): { lineNumber: number; column: number } | null; setPosition(p: object): void; focus(): void; getContribution(id: string): unknown };
};
const studio = (page: Page) => page.evaluate(() => Boolean((window as unknown as { cardwright?: Studio }).cardwright?.editor));

describe("studio load", () => {
  it("opens the workspace with one request, shows the editor before Monaco's features and the panels, then gives the same editor its features", async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1400, height: 860 } });
    await context.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const apiRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) apiRequests.push(url.pathname + url.search);
    });
    await page.goto(harness.studio.url);
    await page.waitForFunction(() => performance.getEntriesByName("cardwright:editor-ready").length > 0, undefined, { timeout: 120_000 });
    expect(await studio(page)).toBe(true);

    // Features and panels: requested only after the first editor was shown.
    await page.waitForFunction(() => (window as unknown as { cardwright: Studio }).cardwright.editor.getContribution("editor.contrib.suggestController") !== null, undefined, { timeout: 120_000 });
    // The file tree's chunk may still be on its way when the features are in: its timing entry exists once the tree is drawn.
    await page.locator(".file-tree [data-path]").first().waitFor();
    const order = await page.evaluate(() => {
      const ready = performance.getEntriesByName("cardwright:editor-ready")[0]!.startTime;
      const started = (pattern: RegExp) => performance.getEntriesByType("resource").filter((e) => pattern.test(e.name)).map((e) => e.startTime);
      return { ready, features: started(/monaco-features-[^/]*\.js$/), fileTree: started(/FileTree-[^/]*\.js$/) };
    });
    expect(order.features.length).toBe(1);
    expect(order.features[0]).toBeGreaterThanOrEqual(order.ready);
    expect(order.fileTree.length).toBe(1);

    // The editor that has the features shows the file the first one showed, where it was.
    const shown = await page.evaluate(() => {
      const { editor, store } = (window as unknown as { cardwright: Studio }).cardwright;
      return { model: editor.getModel()?.uri.path, active: store.activePath, codeActions: editor.getContribution("editor.contrib.codeActionController") !== null, hover: editor.getContribution("editor.contrib.contentHover") !== null || editor.getContribution("editor.contrib.hover") !== null };
    });
    expect(shown).toMatchObject({ model: `/${shown.active}`, codeActions: true });

    // One request for the workspace: the listing with its texts; no file read one by one.
    const loadRequests = apiRequests.filter((r) => r.startsWith("/api/workspace?contents=1") || r.startsWith("/api/file"));
    expect(loadRequests).toEqual(["/api/workspace?contents=1"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("checks the text as typed (the worker holding the other files from the first check)", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.waitForFunction(() => (window as unknown as { cardwright: Studio }).cardwright.store.checkMilliseconds !== undefined, undefined, { timeout: 120_000 });
    const file = await page.evaluate(() => (window as unknown as { cardwright: Studio }).cardwright.store.activePath!);
    const text = await page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)!.model.getValue(), file);
    // A misspelt field name on the line after the first card's opening line.
    const line = text.split("\n").findIndex((l) => /^card "/.test(l)) + 2;
    await page.evaluate((l) => {
      const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
      editor.setPosition({ lineNumber: l, column: 1 });
      editor.focus();
    }, line);
    await page.keyboard.type("  bogusfield: 1\n");
    await expect
      .poll(() => page.evaluate((f) => ((window as unknown as { cardwright: { store: { files: Map<string, { diagnostics: { code: string }[] }> } } }).cardwright.store.files.get(f)?.diagnostics ?? []).map((d) => d.code), file), { timeout: 60_000 })
      .toContain("CW2006");
    expect(path.extname(file)).toBe(".cards");
    await page.context().close();
  });

  it("sends a keystroke to the worker as the edit, and the worker's text follows typing, several cursors, undo, redo, a paste, an outside change and a whole-text replace", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    // Every check request the page posts to its worker: which files went whole, which as edits.
    await page.addInitScript(() => {
      const posted: { changed: string[]; edited: string[] }[] = [];
      (window as unknown as { postedChecks: typeof posted }).postedChecks = posted;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
        const m = message as { type?: string; changed?: { path: string }[]; edited?: { path: string }[] };
        if (m?.type === "check") posted.push({ changed: (m.changed ?? []).map((f) => f.path), edited: (m.edited ?? []).map((f) => f.path) });
        return (post as (...args: unknown[]) => void).call(this, message, ...rest);
      } as typeof Worker.prototype.postMessage;
    });
    await page.reload();
    type Editing = {
      store: Studio["store"] & { checked(): Promise<void>; sourceFiles(): SourceFile[]; model?: { diagnostics: unknown[]; sets: { file: string; cards: { name: string; range: unknown }[] }[] } };
      editor: Omit<Studio["editor"], "getModel"> & { executeEdits(source: string, edits: { range: object; text: string }[]): void; trigger(source: string, id: string, payload: unknown): void; getModel(): { uri: { path: string }; getValue(): string; setValue(text: string): void; getLineCount(): number } | null };
    };
    await page.waitForFunction(() => (window as unknown as { cardwright?: Studio }).cardwright?.store.checkMilliseconds !== undefined, undefined, { timeout: 120_000 });
    const file = await page.evaluate(() => (window as unknown as { cardwright: Studio }).cardwright.store.activePath!);
    const posted = () => page.evaluate(() => (window as unknown as { postedChecks: { changed: string[]; edited: string[] }[] }).postedChecks.splice(0));
    const settle = () => page.evaluate(() => (window as unknown as { cardwright: Editing }).cardwright.store.checked());
    await settle();
    expect((await posted()).some((p) => p.changed.includes(file))).toBe(true); // the first check has every file whole

    // A keystroke: only its edit goes across.
    await page.evaluate(() => {
      const { editor } = (window as unknown as { cardwright: Studio }).cardwright;
      editor.setPosition({ lineNumber: 3, column: 1 });
      editor.focus();
    });
    await page.keyboard.type("# a");
    await settle();
    const typed = await posted();
    expect(typed.length).toBeGreaterThan(0);
    expect(typed.every((p) => p.changed.length === 0 && p.edited.join() === file)).toBe(true);

    // Several cursors, undo, redo, a multi-line paste with Windows line ends, in one task and in several.
    await page.evaluate(() => {
      const { editor } = (window as unknown as { cardwright: Editing }).cardwright;
      const lines = editor.getModel()!.getLineCount();
      editor.executeEdits("test", [
        { range: { startLineNumber: 2, startColumn: 1, endLineNumber: 2, endColumn: 1 }, text: "# one\n" },
        { range: { startLineNumber: 5, startColumn: 1, endLineNumber: 6, endColumn: 1 }, text: "" },
        { range: { startLineNumber: lines - 1, startColumn: 1, endLineNumber: lines - 1, endColumn: 1 }, text: "# near the end\r\n# two\r\n" },
      ]);
      editor.trigger("test", "undo", null);
      editor.trigger("test", "redo", null);
    });
    await page.keyboard.type("x");
    await page.keyboard.press("Control+z");
    await page.keyboard.insertText('card "Pasted" {\r\n  type: Unit\r\n}\r\n');
    await settle();
    expect((await posted()).every((p) => p.changed.length === 0)).toBe(true);

    // Someone changes the file on disk (the studio takes it as edits), then a whole-text replace.
    const onDisk = path.join(harness.workspace, file);
    const mine = await page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)!.model.getValue(), file);
    await page.keyboard.press("Control+s");
    await expect.poll(async () => (await readFile(onDisk, "utf8")) === mine, { timeout: 30_000 }).toBe(true);
    await writeFile(onDisk, "# from outside\n" + mine.replace("# a", "# b"));
    await expect.poll(() => page.evaluate((f) => (window as unknown as { cardwright: Studio }).cardwright.store.files.get(f)!.model.getValue().startsWith("# from outside"), file), { timeout: 30_000 }).toBe(true);
    await settle();
    await page.evaluate(() => {
      const model = (window as unknown as { cardwright: Editing }).cardwright.editor.getModel()!;
      model.setValue(model.getValue().replace("# one", "# one, replaced whole"));
    });
    await settle();
    expect((await posted()).some((p) => p.changed.includes(file))).toBe(true);
    await page.keyboard.type("y");
    await settle();

    // What the worker checked is what a check from scratch of the page's texts gives.
    const state = await page.evaluate(() => {
      const { store } = (window as unknown as { cardwright: Editing }).cardwright;
      return { files: store.sourceFiles(), diagnostics: store.model!.diagnostics, sets: store.model!.sets.map((s) => ({ file: s.file, cards: s.cards.map((c) => ({ name: c.name, range: c.range })) })) };
    });
    expect(state.files.find((f) => f.path === file)!.text).toContain("# one, replaced whole");
    const listing = (await (await fetch(`${harness.studio.url}api/workspace`)).json()) as { assets?: [] };
    const fresh = new WorkspaceChecker().check(state.files, listing.assets).model;
    expect(state.diagnostics).toEqual(JSON.parse(JSON.stringify(fresh.diagnostics)));
    expect(state.sets).toEqual(JSON.parse(JSON.stringify(fresh.sets.map((s) => ({ file: s.file, cards: s.cards.map((c) => ({ name: c.name, range: c.range })) })))));
    await page.context().close();
    // Many round trips to the page and the worker: 106 s at load 24 (the 60 s default failed there).
  }, 400_000);
});
