/**
 * The Flow view (issue 17) in Debian's Chromium: the game's statechart drawn from its game file,
 * the states the game is in highlighted at the stepper's cursor and at the table's, the transition
 * taken with the event that caused it, a click on a state opening its game-file line, and a phase
 * added in the game file drawn at once.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./use-harness.ts";

// Tall enough for the stepper's Flow panel, its chain trees and the event list together.
const harness = useHarness({ viewport: { width: 1440, height: 1100 } });

interface EditorLike {
  getPosition(): { lineNumber: number };
  getModel(): { getLineContent(n: number): string; uri: { path: string } };
}
interface StoreLike {
  activePath?: string;
  files: Map<string, { model: { getValue(): string; getLineCount(): number; pushEditOperations(a: unknown[], ops: { range: unknown; text: string }[], c: () => null): void } }>;
}
type Studio = { cardwright: { editor: EditorLike; store: StoreLike } };

/** Opens a scenario of a file in the stepper with the Flow panel open; returns the event rows and a finder by text. */
async function openStepper(page: Page, file: string, scenario: string) {
  await page.getByRole("tab", { name: "Scenarios" }).click();
  const entry = page.locator(`[data-path="${file}"]`);
  await entry.waitFor({ timeout: 90_000 });
  await entry.click();
  await page.getByRole("button", { name: `Run ${file.split("/").pop()}` }).click();
  const row = page.locator(".scenario-list li", { hasText: scenario });
  await row.waitFor({ timeout: 90_000 });
  await row.click();
  await page.getByTestId("scenario-flow-panel").locator("summary").click();
  const events = page.getByTestId("scenario-events").locator("li:not(.failure-marker)");
  // A row's text begins with its breakpoint dot when it has one.
  const texts = (await events.allTextContents()).map((t) => t.replace(/^●/, ""));
  /** Moves the cursor to the n-th event (from 0) matching the pattern. */
  const goTo = async (pattern: RegExp, nth = 0) => {
    const indices = texts.map((t, i) => (pattern.test(t) ? i : -1)).filter((i) => i >= 0);
    if (indices[nth] === undefined) throw new Error(`no event ${nth} matches ${pattern} in ${texts.join(" | ")}`);
    await events.nth(indices[nth]!).locator(".kind").click();
  };
  return { goTo };
}

/** What the Flow view shows: the active leaf (below the phase), the active states, the transition's events. */
const flowOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((view) => ({
    phase: view.getAttribute("data-phase"),
    leaf: view.getAttribute("data-leaf"),
    step: view.getAttribute("data-step"),
    caption: view.querySelector('[data-testid="flow-active"]')?.textContent ?? "",
    active: [...view.querySelectorAll('[data-state][data-active="true"]')].map((s) => s.getAttribute("data-state")),
    events: view.querySelector('[data-testid="flow-transition"]')?.getAttribute("data-events") ?? "",
    taken: [...view.querySelectorAll('.flow-edge[data-taken="true"]')].map((e) => e.getAttribute("data-event")),
    laidOut: view.querySelectorAll("[data-state]").length > 0,
  }));

/**
 * Waits until the Flow view shows `leaf`, laid out and with that leaf's state highlighted, then returns
 * that one reading: the cursor's value, the layout and the highlights render in separate passes, and a
 * second read could catch the view between them (CI saw the leaf and the phase right, no highlights).
 */
async function flowAt(page: Page, testId: string, leaf: string) {
  let settled: Awaited<ReturnType<typeof flowOf>> | undefined;
  await expect.poll(async () => {
    const flow = await flowOf(page, testId);
    if (!flow.laidOut) return `(laying out) ${flow.leaf}`;
    if (!flow.active.some((id) => id?.endsWith(`.${leaf}`))) return `(not highlighted) ${flow.leaf}`;
    settled = flow;
    return flow.leaf;
  }, { timeout: 30_000 }).toBe(leaf);
  return settled!;
}

describe("the Flow view", { timeout: 300_000 }, () => {
  it("steps a CYBERVAMP response — spell, response, both pass, resolve, fizzle — highlighting the stack's states; a click on a state opens its game-file line", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    const { goTo } = await openStepper(page, "cybervamp/scenarios/response-chain.scenario", "LIFO: the response resolves first");

    // p1's spell: on the stack, the opponent holds priority.
    await goTo(/^push.*Adrenal Surge/);
    let flow = await flowAt(page, "scenario-flow", "stack.building.opponent");
    expect(flow.phase).toBe("Pre-Battle");
    expect(flow.active).toEqual(["flow.turn", "flow.turn.Pre-Battle", "flow.turn.Pre-Battle.stack", "flow.turn.Pre-Battle.stack.building", "flow.turn.Pre-Battle.stack.building.opponent"]);
    expect(flow.events).toBe("PUSH PRIORITY_TO_OPPONENT");
    expect(flow.taken).toEqual(expect.arrayContaining(["PUSH", "PRIORITY_TO_OPPONENT"]));

    // p2's response: on top, priority back to the active player.
    await goTo(/^push.*Arterial Spray/);
    flow = await flowAt(page, "scenario-flow", "stack.building.active_player");
    expect(flow.events).toBe("PRIORITY_TO_ACTIVE_PLAYER");
    expect(flow.taken).toEqual(["PRIORITY_TO_ACTIVE_PLAYER"]);

    // Both pass: p1 passes, then p2 (who holds priority after p1's pass).
    await goTo(/^action.*p2 passes/);
    flow = await flowAt(page, "scenario-flow", "stack.building.opponent");

    // The top resolves.
    await goTo(/^pop.*Arterial Spray/);
    flow = await flowAt(page, "scenario-flow", "stack.resolving.running");
    expect(flow.events).toBe("BOTH_PASSED");
    expect(flow.taken).toEqual(["BOTH_PASSED"]);
    expect(flow.active).toContain("flow.turn.Pre-Battle.stack.resolving");
    expect(flow.active).not.toContain("flow.turn.Pre-Battle.stack.building");

    // The spell under it lost its target: it resolves and fizzles.
    await goTo(/^pop.*Adrenal Surge/);
    await flowAt(page, "scenario-flow", "stack.resolving.running");
    await goTo(/^fizzle.*Adrenal Surge/);
    flow = await flowAt(page, "scenario-flow", "stack.fizzle");
    expect(flow.events).toBe("FIZZLE");
    expect(flow.taken).toEqual(["FIZZLE"]);
    await expect.poll(() => page.getByTestId("scenario-flow").getByTestId("flow-transition").textContent()).toContain("fizzle: Adrenal Surge");

    // Fitted into the panel, or at its own size (unticking Fit).
    const drawnWidth = () => page.getByTestId("scenario-flow").locator("svg").evaluate((svg) => Math.round(svg.getBoundingClientRect().width) / Number(svg.getAttribute("width")));
    expect(await drawnWidth()).toBeLessThan(1);
    await page.getByTestId("scenario-flow").getByLabel("Fit").uncheck();
    await expect.poll(drawnWidth).toBeCloseTo(1, 1);

    // Back a step: the highlight follows the cursor backwards too.
    await goTo(/^push.*Adrenal Surge/);
    await flowAt(page, "scenario-flow", "stack.building.opponent");

    // A click on the fizzle state opens the game file at the line that defines it.
    await page.getByTestId("scenario-flow").locator('[data-state="flow.turn.Pre-Battle.stack.fizzle"]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as Studio).cardwright.store.activePath)).toBe("cybervamp/cybervamp.game");
    await expect
      .poll(() => page.evaluate(() => {
        const { editor } = (window as unknown as Studio).cardwright;
        return editor.getModel().getLineContent(editor.getPosition().lineNumber);
      }))
      .toMatch(/^param fizzle_when = /);
    await page.context().close();
  });

  it("steps a Chromatic 17.1 chain: ordered, built with the opponent's ability appended, resolving depth first, the appended ability at its end", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    const { goTo } = await openStepper(page, "chromatic/scenarios/chains.scenario", "17.1 Opponent at the end of each chain");

    // The priority player orders their noted abilities.
    await goTo(/^choice.*orders Seer/);
    let flow = await flowAt(page, "scenario-flow", "chain.ordering");
    expect(flow.phase).toBe("Beginning");
    // The chain begins: Grave Scribe (p2's) appended to its end.
    await goTo(/^chain_start/);
    flow = await flowAt(page, "scenario-flow", "chain.built");
    expect(flow.events).toBe("CHAIN");
    await goTo(/^appended.*Grave Scribe/);
    await flowAt(page, "scenario-flow", "chain.built");
    // Seer fires, then what it caused (Chronicler, then Sparkmage), depth first.
    await goTo(/^fire.*Seer/);
    flow = await flowAt(page, "scenario-flow", "chain.resolving.running");
    expect(flow.events).toBe("FIRE");
    expect(flow.taken).toEqual(["FIRE"]);
    // Sparkmage's "Spark 1" asks its target as the trigger fires (a keyword action's own targets are chosen as it is put
    // into resolution): the chain waits on that choice.
    await goTo(/^fire.*Sparkmage/);
    await flowAt(page, "scenario-flow", "chain.resolving.choice");
    // The end of the chain: the opponent's appended ability runs.
    await goTo(/^fire.*Grave Scribe/);
    flow = await flowAt(page, "scenario-flow", "chain.appended.running");
    expect(flow.events).toBe("APPEND");
    // Beginning has step lines: its steps (all run) beside what the players do.
    expect(flow.active).toEqual([
      "flow.turn",
      "flow.turn.Beginning",
      "flow.turn.Beginning.steps",
      "flow.turn.Beginning.steps.done",
      "flow.turn.Beginning.activity",
      "flow.turn.Beginning.activity.chain",
      "flow.turn.Beginning.activity.chain.appended",
      "flow.turn.Beginning.activity.chain.appended.running",
    ]);
    // The second chain of the run starts built again.
    await goTo(/^chain_start/, 1);
    flow = await flowAt(page, "scenario-flow", "chain.built");
    expect(flow.events).toBe("NEXT_CHAIN");

    // A wide chart: all five phases open (several thousand pixels) — zoomed to 50 % it is drawn at half
    // its size with the active state scrolled into view; Zoom in adds 10 %; Fit scales it into the panel.
    const view = page.getByTestId("scenario-flow");
    await view.getByLabel("All phases").check();
    const ownWidth = () => view.locator("svg").evaluate((svg) => Number(svg.getAttribute("data-width")));
    await expect.poll(ownWidth, { timeout: 30_000 }).toBeGreaterThan(3000);
    const scale = () => view.locator("svg").evaluate((svg) => svg.getBoundingClientRect().width / Number(svg.getAttribute("data-width")));
    expect(await scale()).toBeLessThan(0.4);
    await view.getByLabel("Zoom", { exact: true }).fill("50");
    await expect.poll(() => view.getByTestId("flow-zoom").textContent()).toBe("50 %");
    await expect.poll(scale).toBeCloseTo(0.5, 2);
    const activeInView = () =>
      view.evaluate((v) => {
        const canvas = v.querySelector(".flow-canvas")!.getBoundingClientRect();
        const leaf = [...v.querySelectorAll(".flow-state.active")].at(-1)!.getBoundingClientRect();
        return leaf.left >= canvas.left - 1 && leaf.right <= canvas.right + 1 && leaf.top >= canvas.top - 1 && leaf.bottom <= canvas.bottom + 1;
      });
    await expect.poll(activeInView).toBe(true);
    await view.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => view.getByTestId("flow-zoom").textContent()).toBe("60 %");
    await expect.poll(scale).toBeCloseTo(0.6, 2);
    await expect.poll(activeInView).toBe(true);
    await view.getByLabel("Fit").check();
    await expect.poll(() => view.getByTestId("flow-zoom").textContent()).toBe("fit");
    expect(await scale()).toBeLessThan(0.4);
    await page.context().close();
  });

  it("steps a CYBERVAMP Battle through its step lines: declare attackers, respond, declare blockers, respond, combat damage, done", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    const { goTo } = await openStepper(page, "cybervamp/scenarios/battle.scenario", "A blocker and its attacker deal their power");
    await goTo(/^attack.*Blood Broker/);
    let flow = await flowAt(page, "scenario-flow", "open");
    expect([flow.phase, flow.step]).toEqual(["Battle", "declare_attackers"]);
    expect(flow.active).toEqual(expect.arrayContaining(["flow.turn.Battle.steps.declare_attackers", "flow.turn.Battle.activity.open"]));
    expect(flow.caption).toBe("Battle › step declare attackers › open");
    // The window after attackers: the respond step, the active player holds priority.
    await goTo(/^push.*before declare blockers/);
    flow = await flowAt(page, "scenario-flow", "window.active_player");
    expect(flow.step).toBe("respond");
    expect(flow.events.split(" ")).toEqual(expect.arrayContaining(["NEXT_STEP", "WINDOW"]));
    expect(flow.taken).toEqual(expect.arrayContaining(["NEXT_STEP"]));
    await goTo(/^block.*Hemorrhage Stalker/);
    flow = await flowAt(page, "scenario-flow", "open");
    expect(flow.step).toBe("declare_blockers");
    await goTo(/^damage/);
    flow = await flowAt(page, "scenario-flow", "open");
    expect(flow.step).toBe("combat_damage");
    expect(flow.active).toContain("flow.turn.Battle.steps.combat_damage");
    // What combat damage kills is destroyed in the step itself, before the battle ends (it dies attacking or blocking).
    await goTo(/^destroyed/);
    flow = await flowAt(page, "scenario-flow", "open");
    expect(flow.step).toBe("combat_damage");
    // A click on a step opens the game file at the step line's words.
    await page.getByTestId("scenario-flow").locator('[data-state="flow.turn.Battle.steps.declare_blockers"]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as Studio).cardwright.store.activePath)).toBe("cybervamp/cybervamp.game");
    await expect
      .poll(() => page.evaluate(() => {
        const { editor } = (window as unknown as Studio).cardwright;
        return editor.getModel().getLineContent(editor.getPosition().lineNumber);
      }))
      .toMatch(/^phase Battle \{ declare_attackers; respond; declare_blockers;/);
    await page.context().close();
  });

  it("shows a choice asked while a spell resolves from the stack inside its resolution: choosing, while resolving it", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    const { goTo } = await openStepper(page, "cybervamp/scenarios/wording-search.scenario", "Quiet Courier");
    await goTo(/^choice.*chooses Hemorrhage Stalker/);
    let flow = await flowAt(page, "scenario-flow", "stack.resolving.choice");
    expect(flow.active).toEqual(expect.arrayContaining(["flow.turn.Pre-Battle.stack.resolving", "flow.turn.Pre-Battle.stack.resolving.choice"]));
    // The choice was asked as p1's pass let the top resolve: the chart was there before the answer.
    expect(flow.caption).toMatch(/^Pre-Battle › choosing, while stack › resolving: Quiet Courier/);
    // Answered: the same resolution runs on.
    await goTo(/^move.*Main Deck/);
    flow = await flowAt(page, "scenario-flow", "stack.resolving.running");
    expect(flow.events).toBe("CHOSEN");
    await page.context().close();
  });

  it("highlights the table's current state, draws a phase added or renamed in the game file at once, says the game runs the older file and restarts it with the edited one", async () => {
    const page = await harness.newPage("?autosaveMs=600000");
    await page.getByRole("tab", { name: "Table" }).click();
    await page.getByLabel("Game").selectOption("duel");
    await page.getByLabel("Player 2 seat").selectOption("human");
    await page.getByRole("button", { name: "New game" }).click();
    await page.getByRole("button", { name: "Flow", exact: true }).click();
    // p1 decides in the Play phase (Start ran by itself).
    let flow = await flowAt(page, "table-flow", "open");
    expect(flow.phase).toBe("Play");
    const phases = () => page.getByTestId("table-flow").locator('[data-state^="flow.turn."]').evaluateAll((states) => states.map((s) => s.getAttribute("data-state")).filter((id) => id!.split(".").length === 3));
    await expect.poll(phases).toEqual(["flow.turn.Start", "flow.turn.Play", "flow.turn.End"]);

    // Ending the phase: the table's cursor moves to p2's turn, through End and Start.
    await page.getByTestId("legal-actions").getByRole("button", { name: /end.*phase/i }).first().click();
    await expect.poll(async () => (await flowOf(page, "table-flow")).phase === "Play" && (await page.getByTestId("table").locator(".turn-line").first().textContent())?.includes("p2")).toBe(true);
    flow = await flowOf(page, "table-flow");
    expect(flow.events).toContain("PHASE_DONE");

    // A phase added to the game file in the editor: the chart is drawn again with it.
    await page.evaluate(() => {
      const { store } = (window as unknown as Studio).cardwright;
      const model = store.files.get("duel/duel.game")!.model;
      const lines = model.getValue().split("\n");
      const at = lines.findIndex((l) => /^phase Play\b/.test(l));
      model.pushEditOperations([], [{ range: { startLineNumber: at + 1, startColumn: 1, endLineNumber: at + 1, endColumn: 1 }, text: "phase Upkeep\n" }], () => null);
    });
    await expect.poll(phases, { timeout: 30_000 }).toEqual(["flow.turn.Start", "flow.turn.Upkeep", "flow.turn.Play", "flow.turn.End"]);
    // The game still runs the file as it was: the table says so; its state is matched by id (Play is still there).
    const stale = page.getByTestId("table-flow").getByTestId("flow-stale");
    await expect.poll(() => stale.textContent()).toContain("The game file has changed since this game started");
    flow = await flowOf(page, "table-flow");
    expect(flow.active).toContain("flow.turn.Play");

    // A renamed phase: the edited chart has no Play, so nothing there is highlighted — no guess — and the notice says why.
    const rename = (from: string, to: string) =>
      page.evaluate(([from, to]) => {
        const model = (window as unknown as Studio).cardwright.store.files.get("duel/duel.game")!.model;
        const lines = model.getValue().split("\n");
        const at = lines.findIndex((l) => l.startsWith(`phase ${from}`));
        model.pushEditOperations([], [{ range: { startLineNumber: at + 1, startColumn: 7, endLineNumber: at + 1, endColumn: 7 + from.length }, text: to }], () => null);
      }, [from, to] as const);
    await rename("Play", "Main");
    await expect.poll(phases, { timeout: 30_000 }).toEqual(["flow.turn.Start", "flow.turn.Upkeep", "flow.turn.Main", "flow.turn.End"]);
    await expect.poll(() => stale.textContent()).toContain("it is in the Play phase, which the edited file does not have");
    flow = await flowOf(page, "table-flow");
    expect(flow.active.filter((id) => id!.startsWith("flow.turn."))).toEqual([]);
    // The chart the game runs, on request: Play highlighted there.
    await stale.getByLabel("Show the chart the game runs").check();
    await expect.poll(phases).toEqual(["flow.turn.Start", "flow.turn.Play", "flow.turn.End"]);
    expect((await flowOf(page, "table-flow")).active).toContain("flow.turn.Play");

    // Restart with the edited file: a new game of the edited rules (Upkeep waits for p1), the notice gone.
    await stale.getByRole("button", { name: "Restart with the edited file" }).click();
    await expect.poll(async () => (await flowOf(page, "table-flow")).phase, { timeout: 60_000 }).toBe("Upkeep");
    await expect.poll(phases).toEqual(["flow.turn.Start", "flow.turn.Upkeep", "flow.turn.Main", "flow.turn.End"]);
    expect(await page.getByTestId("table-flow").getByTestId("flow-stale").count()).toBe(0);
    expect((await flowOf(page, "table-flow")).active).toContain("flow.turn.Upkeep.open");
    await page.context().close();
  });
});
