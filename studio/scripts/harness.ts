/**
 * The built studio in Debian's Chromium, for the browser tests, the screenshots and the
 * bench: builds the studio if stale, copies cards/ to a temp workspace, starts the studio
 * server in-process on 127.0.0.1, and drives Chromium through playwright-core with every
 * non-localhost request blocked.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { distDir, ensureStudioBuilt, repoDir } from "../server/build.ts";
import { startStudioServer, type StudioServer } from "../server/server.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface Harness {
  workspace: string;
  studio: StudioServer;
  browser: Browser;
  /** Every request the page tried to send off this machine (all were blocked). */
  blocked: string[];
  newPage(query?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(prepare?: (workspace: string) => Promise<void>, options: { viewport?: { width: number; height: number } } = {}): Promise<Harness> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/install-system-deps.sh (apt-get install chromium).`);
  await ensureStudioBuilt();
  const base = await mkdtemp(path.join(tmpdir(), "cw-studio-browser-"));
  const workspace = path.join(base, "cards");
  await cp(path.join(repoDir, "cards"), workspace, { recursive: true });
  await prepare?.(workspace);
  const studio = await startStudioServer({ workspace, distDir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const blocked: string[] = [];
  const pages: Page[] = [];
  return {
    workspace,
    studio,
    browser,
    blocked,
    async newPage(query = "") {
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 860 } });
      await context.route("**/*", (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === "127.0.0.1" || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
        blocked.push(url.href);
        return route.abort("blockedbyclient");
      });
      const page = await context.newPage();
      pages.push(page);
      await page.goto(studio.url + query);
      // The first page of a run waits for the dev server's first build; on a loaded machine that took over 30 s (CI).
      await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 60_000 });
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await studio.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}
