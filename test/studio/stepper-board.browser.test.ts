/**
 * The scenario stepper's "Board at this event" drawn as the visual table draws a board — card
 * faces in their zones, the stack as a pile of faces with owners — in Debian's Chromium, for
 * the board exactly as it was at the event under the cursor, Chromatic's active enchantment
 * ability marked on the enchantment's face (issue 14).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

const harness = useHarness();

/** The card names drawn face up in one zone of one player's side of the stepper's board. */
const facesIn = (page: Page, player: string, zone: string) =>
  page.getByTestId("scenario-board").getByTestId(`board-${player}`).locator(`[data-zone="${zone}"] .table-card`).evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")));
/** The stack pile, top first: owner and card of each item. */
const pile = (page: Page) =>
  page.getByTestId("scenario-board").locator("[data-stack-item]").evaluateAll((items) => items.map((i) => `${i.getAttribute("data-controller")} ${i.getAttribute("data-card")}`));

describe("the stepper's board", { timeout: 240_000 }, () => {
  it("draws the board at each event with card faces: the stack as a pile with owners, each card in the zone it is in at that event", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    const file = page.locator('[data-path="cybervamp/scenarios/response-chain.scenario"]');
    await file.waitFor({ timeout: 90_000 });
    await file.click();
    await page.getByRole("button", { name: "Run response-chain.scenario" }).click();
    const row = page.locator(".scenario-list li", { hasText: "Counter target spell" });
    await row.waitFor({ timeout: 90_000 });
    await row.click();
    const events = page.getByTestId("scenario-events").locator("li:not(.failure-marker)");
    const texts = await events.allTextContents();
    const at = (pattern: RegExp) => {
      const index = texts.findIndex((t) => pattern.test(t));
      if (index < 0) throw new Error(`no event matches ${pattern}`);
      return index;
    };

    await page.getByTestId("scenario-board").locator("summary").click();
    // Faces, not the text panels.
    await expect.poll(() => page.getByTestId("scenario-board").getByTestId("visual-board").count()).toBe(1);
    expect(await page.getByTestId("scenario-board").getByTestId("player-p1").count()).toBe(0);

    // Counterhack pushed: both spells on the pile, top first, with their owners; neither in a hand.
    await events.nth(at(/push.*Counterhack/)).locator(".kind").click();
    await expect.poll(() => pile(page)).toEqual(["p2 Counterhack", "p1 Arterial Spray"]);
    expect(await facesIn(page, "p2", "Hand")).not.toContain("Counterhack");
    // Faces render after the board does: poll (CI once read 4 while the fifth was still being drawn).
    await expect.poll(() => page.getByTestId("scenario-board").locator(".face-svg svg").count()).toBeGreaterThan(4);

    // Before Arterial Spray is moved, it is not in p1's Discard Pile; at its move, it is, face up.
    await events.nth(at(/fizzle.*Arterial Spray.*countered/)).locator(".kind").click();
    await expect.poll(() => facesIn(page, "p1", "Discard Pile")).not.toContain("Arterial Spray");
    await events.nth(at(/move.*Counterhack.*Discard Pile/)).locator(".kind").click();
    await expect.poll(() => facesIn(page, "p1", "Discard Pile")).toContain("Arterial Spray");
    // Back to the first push: Counterhack in p2's hand again (both hands are shown in the stepper).
    await events.nth(at(/push.*Arterial Spray/)).locator(".kind").click();
    await expect.poll(() => facesIn(page, "p2", "Hand")).toContain("Counterhack");
    await expect.poll(() => pile(page)).toEqual(["p1 Arterial Spray"]);

    // The text panels are one choice away.
    await page.getByLabel("Board at this event as").selectOption("list");
    await expect.poll(() => page.getByTestId("scenario-board").getByTestId("player-p2").locator('[data-zone="Hand"]').textContent()).toContain("Counterhack");
    await page.context().close();
  });

  it("marks a Chromatic enchantment's active ability on its face, and follows a switch", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Scenarios" }).click();
    const file = page.locator('[data-path="chromatic/scenarios/enchantments.scenario"]');
    await file.waitFor({ timeout: 90_000 });
    await file.click();
    await page.getByRole("button", { name: "Run enchantments.scenario" }).click();
    const row = page.locator(".scenario-list li", { hasText: "enters with its identity colour's ability active" });
    await row.waitFor({ timeout: 90_000 });
    await row.click();
    const events = page.getByTestId("scenario-events").locator("li:not(.failure-marker)");
    const texts = await events.allTextContents();
    const switched = texts.findIndex((t) => /Ember Aura's active ability is now Yellow/.test(t));
    expect(switched).toBeGreaterThan(0);
    await page.getByTestId("scenario-board").locator("summary").click();
    const marks = () =>
      page.getByTestId("scenario-board").getByTestId("board-p1").locator('.table-card[data-card="Ember Aura"] [data-active-ability]').evaluateAll((chips) => chips.map((c) => c.getAttribute("data-active-ability")));
    // In play before the switch: its identity colour's ability (Red) is the active one.
    await events.nth(switched - 1).locator(".kind").click();
    await expect.poll(marks).toEqual(["Red"]);
    // At the switch: Yellow.
    await events.nth(switched).locator(".kind").click();
    await expect.poll(marks).toEqual(["Yellow"]);
    // A creature with no colour-tagged abilities carries no mark.
    expect(await page.getByTestId("scenario-board").getByTestId("board-p1").locator('.table-card[data-card="Seer"] [data-active-ability]').count()).toBe(0);
    await page.context().close();
  });
});
