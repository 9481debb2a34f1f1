import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const files = ["cards/duel/duel.game", "cards/duel/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
const engine: Engine = createEngine(lowerWorkspace(files).bundles.find((b) => b.game.id === "duel")!);
const run = (text: string, options = {}) => {
  const file = parseScenarioFile(text, "s.scenario");
  expect(file.diagnostics).toEqual([]);
  return runScenario(engine, file.scenarios[0]!, options);
};

describe("scenario failures point at the step and the trace event", () => {
  const text = [
    `scenario "points" for duel`,
    `setup {`,
    `  turn 3 p1 phase Play`,
    `  p1 field: "Stone Guard"`,
    `  p1 hand: "Scout"`,
    `}`,
    `expect p2 life 10`,
    `p1 attack p2 with "Stone Guard"`,
    `expect p2 life 9`,
    `p1 play "Scout"`,
    `expect p1 field has "Scout"`,
    `expect p1 field count 3`,
  ].join("\n");

  it("a failed expectation carries its step index and the last event before it", () => {
    const result = run(text);
    const attack = result.steps[1]!;
    expect(attack).toMatchObject({ line: 8, kind: "action" });
    expect(attack.eventEnd).toBeGreaterThan(attack.eventStart);
    const [lifeFailure, countFailure] = result.failures;
    expect(lifeFailure).toMatchObject({ line: 9, stepIndex: 2, eventIndex: attack.eventEnd - 1, expected: "p2 life 9", actual: "p2 life 8" });
    // The event the stepper opens at is the attack's own last event, the life loss it checks.
    expect(result.events.slice(attack.eventStart, lifeFailure!.eventIndex! + 1).some((e) => e.kind === "life" || e.kind === "damage")).toBe(true);
    const play = result.steps[3]!;
    expect(play.eventStart).toBe(attack.eventEnd);
    expect(countFailure).toMatchObject({ line: 12, stepIndex: 5, eventIndex: play.eventEnd - 1 });
    expect(result.steps.map((s) => s.line)).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it("a refused action stops the run and points at the events before it", () => {
    const result = run(`scenario "refused" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Tide Scholar"\n}\np1 play "Tide Scholar"\nexpect p1 life 10\n`);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ line: 6, stepIndex: 0, eventIndex: result.events.length - 1, message: "the action was refused" });
    expect(result.steps).toHaveLength(1);
  });

  it("failures found before the run have no step or event index", () => {
    const result = run(`scenario "names" for duel\nsetup {\n  p1 field: "Stone Gaurd"\n}\n`);
    expect(result.failures[0]!.stepIndex).toBeUndefined();
    expect(result.failures[0]!.eventIndex).toBeUndefined();
  });

  it("keepStates keeps the board after every step, each the state the next step started from", () => {
    const result = run(text, { keepStates: true });
    expect(result.initialState?.players.p2!.life).toBe(10);
    expect(result.steps[1]!.state?.players.p2!.life).toBe(8);
    expect(result.steps[3]!.state?.players.p1!.zones.Field!.length).toBe(2);
    expect(result.steps.at(-1)!.state).toBe(result.state);
    expect(run(text).steps[1]!.state).toBeUndefined();
  });
});

const gameEngine = (game: string) => {
  const paths = [`cards/${game}/${game}.game`, `cards/${game}/core.cards`];
  return createEngine(lowerWorkspace(paths.map((path) => ({ path, text: readFileSync(path, "utf8") }))).bundles.find((b) => b.game.id === game)!);
};
const problems = (text: string, on: Engine = engine) => {
  const file = parseScenarioFile(text, "s.scenario");
  expect(file.diagnostics).toEqual([]);
  return runScenario(on, file.scenarios[0]!).failures.map((f) => [f.line, f.message]);
};

describe("a failed event expectation's report", () => {
  it("lists the first 10 matching events and counts the rest (a loop's thousands would bury the line)", () => {
    const turns = Array.from({ length: 6 }, (_, i) => `p${(i % 2) + 1} end turn`).join("\n");
    const text = `scenario "many" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 deck: "Scout" x5\n  p2 deck: "Scout" x5\n}\n${turns}\nexpect event phase 0 times\n`;
    const failure = run(text).failures[0]!;
    const phases = Number(/^(\d+): /.exec(failure.actual!)![1]);
    expect(phases).toBeGreaterThan(10);
    const listed = failure.actual!.replace(/^\d+: /, "").split("; ");
    expect(listed).toHaveLength(11);
    expect(listed[10]).toBe(`… and ${phases - 10} more`);
  });
});

describe("scenario file errors", () => {
  it("an unknown card, zone, resource or counter suggests the closest name", () => {
    expect(problems(`scenario "typos" for duel\nsetup {\n  p1 hand: "Scuot"\n  p1 Crytsal 2\n  p1 feild: "Scout"\n}\np1 play "Tide Scholr"\n`)).toEqual([
      [3, 'Unknown card "Scuot": no card of game "duel" has this name. (did you mean "Scout"?)'],
      [4, 'Unknown resource or player counter "Crytsal"; Three-Slot Duel has Crystal. (did you mean "Crystal"?)'],
      [5, 'Unknown zone "feild"; Three-Slot Duel has Deck, Hand, Field, Graveyard, Oblivion. (did you mean "Field"?)'],
      [7, 'Unknown card "Tide Scholr": no card of game "duel" has this name. (did you mean "Tide Scholar"?)'],
    ]);
    // Nothing close: no suggestion.
    expect(problems(`scenario "far" for duel\nsetup {\n  p1 hand: "Zzyzx Qwerty"\n}\n`)).toEqual([[3, 'Unknown card "Zzyzx Qwerty": no card of game "duel" has this name.']]);
  });

  it("more cards in a zone than it holds is reported at the line that goes over", () => {
    expect(problems(`scenario "slots" for duel\nsetup {\n  p1 field: "Scout", "Stone Guard"\n  p1 hand: "Scout"\n  p1 field: "Scout" x2\n  p2 field: "Scout" x3\n}\n`)).toEqual([
      [5, "p1's Field holds at most 3 cards; the setup puts 4 there."],
    ]);
  });

  it("a counter, damage or exhaustion on a card that is not in play is reported at its line", () => {
    expect(
      problems(`scenario "not in play" for duel\nsetup {\n  p1 hand: "Scout"\n  p1 field: "Stone Guard"\n  "Scout" power counters 2\n  "Stone Guard" powr counters 1\n  p2's "Stone Guard" is exhausted\n}\n`),
    ).toEqual([
      [5, '"Scout" is not in Field: only a card in play can be set up with power counters.'],
      [6, 'Unknown card counter "powr"; Three-Slot Duel has power. (did you mean "power"?)'],
      [7, `"Stone Guard" is not in p2's Field: only a card in play can be set up exhausted.`],
      // And Three-Slot Duel has no exhausted state at all (session 41: it was set up and ignored).
      [7, expect.stringMatching(/^Three-Slot Duel has no exhausted\/ready state: /)],
    ]);
  });

  it("a card state for a name in play twice must say whose; said, it applies to that card", () => {
    expect(problems(`scenario "which" for duel\nsetup {\n  p1 field: "Scout"\n  p2 field: "Scout"\n  "Scout" power counters 2\n}\n`)).toEqual([
      [5, `"Scout" is set up 2 times; say which: p1's "Scout", p2's "Scout".`],
    ]);
    const result = run(`scenario "whose" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 field: "Scout"\n  p2 field: "Scout"\n  p2's "Scout" power counters 2\n  p1's "Scout" is defender\n}\n`);
    const state = result.state!;
    const [mine] = state.players.p1!.zones.Field!;
    const [theirs] = state.players.p2!.zones.Field!;
    expect(state.cards[theirs!]!.counters).toEqual({ power: 2 });
    expect(state.cards[mine!]!.counters).toEqual({});
    expect(state.cards[mine!]!.defender).toBe(true);
    expect(state.cards[theirs!]!.defender).toBe(false);
    expect(engine.stat(state, theirs!, "power")).toBe(engine.stat(state, mine!, "power") + 2);
  });

  it("a player counter name used for a card counter says where it goes", () => {
    expect(problems(`scenario "where" for duel\nsetup {\n  p1 power 2\n}\n`)).toEqual([[3, '"power" counters go on cards: write "<card>" power counters 2.']]);
  });

  it("`new game` sets up decks only: another zone would be ignored, so it is an error", () => {
    expect(problems(`scenario "deal" for duel\nsetup {\n  new game\n  p1 deck: "Scout" x20\n  p1 hand: "Scout"\n}\n`)).toEqual([
      [5, "With `new game` only decks are set up (the game deals the rest); p1 Hand would be ignored."],
    ]);
  });

  it("a token outside play, and a board the engine's invariants reject, are impossible setups", () => {
    const cybervamp = gameEngine("cybervamp");
    const token = [...cybervamp.rules.cards.values()].find((c) => c.isToken)!;
    expect(problems(`scenario "token" for cybervamp\nsetup {\n  p1 hand: "${token.name}"\n  p1 battlefield: "${token.name}"\n}\n`, cybervamp)).toEqual([
      [3, `"${token.name}" is a token: a token exists only in Battlefield, not in p1's Hand.`],
    ]);
    const chromatic = gameEngine("chromatic");
    const facets = problems(`scenario "six facets" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Facet Zone: "Seer" x6\n}\n`, chromatic);
    // Said by the checker at the zone line (the Facet maximum is the Facet Zone's capacity: CW5014), before the engine's invariants.
    expect(facets).toEqual([[4, "p1's Facet Zone holds at most 5 cards; the setup puts 6 there."]]);
  });
});
