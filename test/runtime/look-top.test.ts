import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const card = (name: string, body: string) => `card "${name}" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray\n  text:\n    ${body}\n}\n`;
// Several sentences stay one ability after a trigger prefix (a spell's sentences are separate abilities).
const unit = (name: string, body: string) => `card "${name}" {\n  type: Unit\n  color: Gray\n  cost: free\n  rarity: Gray\n  power: 1\n  text:\n    PLAY: ${body}\n}\n`;
const extra = `set EX "x" for duel
${card("Glimpse", "Look at the top three cards of your deck, put one into your hand and the rest back in any order.")}
${unit("Unveil", "Reveal the top two cards of your deck. Put them into your hand.")}
${unit("Sift", "Look at the top two cards of your deck. Put one into your hand. Put the rest on the bottom of your deck.")}
`;
const lowered = lowerWorkspace([
  { path: "cards/duel/duel.game", text: readFileSync("cards/duel/duel.game", "utf8") },
  { path: "cards/duel/core.cards", text: readFileSync("cards/duel/core.cards", "utf8") },
  { path: "extra.cards", text: extra },
]);
const bundle = lowered.bundles.find((b) => b.game.id === "duel")!;
const engine = createEngine(bundle);
const steps = (name: string) => bundle.cards.find((c) => c.name === name)!.abilities[0]!.steps.map(({ source: _source, ...step }) => step);
const run = (text: string) => {
  const file = parseScenarioFile(text, "look.scenario");
  expect(file.diagnostics).toEqual([]);
  return runScenario(engine, file.scenarios[0]!);
};

describe("look at / reveal the top cards of a zone", () => {
  it("lowers to look_top and place_looked steps, with nothing left unexecutable", () => {
    expect(lowered.notes.filter((n) => n.file === "extra.cards").map((n) => n.message)).toEqual([]);
    // "in any order": the player orders the rest.
    expect(steps("Glimpse")).toEqual([
      { op: "look_top", who: { kind: "you" }, zone: "Deck", amount: 3 },
      { op: "place_looked", amount: 1, to: "Hand" },
      { op: "place_looked", amount: "rest", to: "Deck", position: "top", order: true },
    ]);
    expect(steps("Unveil")).toEqual([
      { op: "look_top", who: { kind: "you" }, zone: "Deck", amount: 2, reveal: true },
      { op: "place_looked", amount: "rest", to: "Hand" },
    ]);
    expect(steps("Sift").at(-1)).toEqual({ op: "place_looked", amount: "rest", to: "Deck", position: "bottom" });
  });

  it("the player picks one of the three for the hand, then puts the other two back on top in the order they choose", () => {
    const result = run(`scenario "glimpse" for duel
setup {
  turn 3 p1 phase Play
  p1 hand: "Glimpse"
  p1 deck: "Scout", "Stone Guard", "Field Medic", "Tide Scholar"
}
p1 play "Glimpse"
p1 choose "Stone Guard"
p1 choose "Field Medic"
expect p1 hand: "Stone Guard"
expect p1 deck: "Field Medic", "Scout", "Tide Scholar"
expect event look
`);
    expect(result.failures).toEqual([]);
    const deck = result.state!.players.p1!.zones.Deck!.map((id) => bundle.cards.find((c) => c.id === result.state!.cards[id]!.def)!.name);
    expect(deck).toEqual(["Field Medic", "Scout", "Tide Scholar"]);
  });

  it("reveal puts both revealed cards into the hand; sift sends the one not taken to the bottom", () => {
    const unveil = run(`scenario "unveil" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Unveil"\n  p1 deck: "Scout", "Stone Guard", "Field Medic"\n}\np1 play "Unveil"\nexpect p1 hand: "Scout", "Stone Guard"\nexpect p1 field: "Unveil"\nexpect event reveal\n`);
    expect(unveil.failures).toEqual([]);
    const sift = run(`scenario "sift" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Sift"\n  p1 deck: "Scout", "Stone Guard", "Field Medic"\n}\np1 play "Sift"\np1 choose "Scout"\nexpect p1 hand: "Scout"\n`);
    expect(sift.failures).toEqual([]);
    const deck = sift.state!.players.p1!.zones.Deck!.map((id) => bundle.cards.find((c) => c.id === sift.state!.cards[id]!.def)!.name);
    expect(deck).toEqual(["Field Medic", "Stone Guard"]);
  });
});
