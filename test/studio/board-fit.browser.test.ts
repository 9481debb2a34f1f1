/**
 * A full CYBERVAMP board — lands and creatures on both sides, both hands, a stack of three with
 * its arrows — fits the table at 1440×860 without scrolling (issue 14): a battlefield's rows by
 * card type sit side by side, and the faces shrink (to a floor) until the board fits its box.
 * In Debian's Chromium; the play goes through the faces, as a designer would.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

const SCENARIO = `scenario "fit: a full board and a stack of three" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Velvet Lounge", "Bullion Vault", "Hemorrhage Stalker", "Nightclub Thrall"
  p1 hand: "Adrenal Surge", "Data Leech"
  p2 battlefield: "Neon Abattoir", "Gold Exchange", "Blood Broker"
  p2 hand: "Arterial Spray", "Exsanguinate"
}
`;

const harness = useHarness({ prepare: (workspace) => writeFile(path.join(workspace, "cybervamp", "scenarios", "fit.scenario"), SCENARIO), viewport: { width: 1440, height: 860 } });

const face = (page: Page, player: string, card: string) => page.getByTestId("visual-board").getByTestId(`board-${player}`).locator(`.table-card[data-card="${card}"]`).first();

/** How the board sits in its box: overflow, and every card face wholly inside the box. */
const fit = (page: Page) =>
  page.getByTestId("visual-board").evaluate((board) => {
    const box = board.getBoundingClientRect();
    const outside = [...board.querySelectorAll<HTMLElement>(".table-card, .stack-item")].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.right > box.right + 1;
    });
    return { scrolls: board.scrollHeight > board.clientHeight + 1 || board.scrollWidth > board.clientWidth + 1, outside: outside.map((el) => el.getAttribute("data-card") ?? "?"), page: document.documentElement.scrollHeight > innerHeight };
  });

describe("the visual table at 1440×860", { timeout: 240_000 }, () => {
  it("shows a full CYBERVAMP board with a stack of three without scrolling", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Table" }).click();
    const table = page.getByTestId("table");
    await table.getByLabel("Game").selectOption("cybervamp", { timeout: 90_000 });
    await table.getByLabel("Start from a scenario").selectOption({ label: "fit.scenario › fit: a full board and a stack of three" });
    await expect.poll(() => table.locator(".timeline .muted").textContent(), { timeout: 90_000 }).toContain("Setup of");
    await expect.poll(() => fit(page)).toEqual({ scrolls: false, outside: [], page: false });

    // Three spells on the stack, each aimed by clicking faces: the middle of the board grows.
    await face(page, "p1", "Adrenal Surge").click();
    await face(page, "p1", "Hemorrhage Stalker").click();
    await page.getByTestId("stack-pile").waitFor();
    await face(page, "p2", "Arterial Spray").click();
    await face(page, "p1", "Hemorrhage Stalker").click();
    await expect.poll(() => page.locator('[data-testid="stack-pile"] .stack-item').count()).toBe(2);
    await face(page, "p1", "Data Leech").click();
    await page.locator('.player-bar[data-player="p2"]').click();
    await expect.poll(() => page.locator(".stack-arrow").count()).toBe(3);
    await expect.poll(() => fit(page)).toEqual({ scrolls: false, outside: [], page: false });
    // Still cards a designer can see: the faces shrank, but not below the floor.
    expect(Number(await page.getByTestId("visual-board").getAttribute("data-face-width"))).toBeGreaterThanOrEqual(54);
    await page.context().close();
  });
});
