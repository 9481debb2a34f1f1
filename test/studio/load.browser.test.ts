/**
 * How the studio loads (issue 15), in a real Chromium against the built app: the workspace
 * comes in one request (listing and texts together, no request per file); the first editor is
 * shown before Monaco's features and the side panels are even fetched; once the features
 * arrive the editor has them (Monaco sets its services up once, so a feature needing a service
 * registered too late would fail here with "depends on UNKNOWN service"), showing the same
 * file; and what is typed is checked (the worker gets only the changed file; how soon is the
 * bench's business, never a test's).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../studio/scripts/harness.ts";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(async () => {
  await harness?.close();
});

type Page = Awaited<ReturnType<Harness["newPage"]>>;
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
    await page.locator('.file-tree [data-path]').first().waitFor();

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
});
