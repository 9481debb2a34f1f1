// A created token's keywords keep their numbers: `with Bleed 2 and Haste` lowers to Bleed 2 and
// Haste (not Bleed and an unsupported "Haste"), and the engine gives the token both abilities.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { createEngine } from "../../runtime/index.ts";
import { runScenario } from "../../runtime/scenario.ts";

const roost = `set TKW "Token keywords" for cybervamp

card "Bat Roost" {
  type: Creature — Vampire
  faction: Red
  cost: {R}{2}
  stats: 1/3
  text:
    Exhaust: Create a 1/1 Bat token with Bleed 2 and Haste.
}

card "Blood Booster" {
  type: Creature — Vampire
  faction: Red
  cost: {R}
  stats: 0/1
  text:
    Exhaust: Target creature gains Bleed 2 and Haste until end of turn.
}
`;
const files = [{ path: "cards/cybervamp/cybervamp.game", text: readFileSync("cards/cybervamp/cybervamp.game", "utf8") }, { path: "cards/cybervamp/token-keywords.cards", text: roost }];
const bundle = lowerWorkspace(files).bundles.find((b) => b.game.id === "cybervamp")!;
const engine = createEngine(bundle);

describe("a created token with `Bleed 2 and Haste`", () => {
  it("lowers to one create_token step with both keywords, Bleed keeping its 2", () => {
    const steps = bundle.cards.find((c) => c.name === "Bat Roost")!.abilities[0]!.steps;
    expect(steps.map((s) => s.op)).toEqual(["create_token"]);
    expect(steps[0]!.op === "create_token" ? steps[0]!.token.keywords : []).toEqual([{ name: "Bleed", amount: 2 }, { name: "Haste" }]);
  });

  it("attacks the turn it is created (Haste) and an unblocked hit gives 2 Bleed counters", () => {
    const scenario = parseScenarioFile(
      `scenario "a Bleed 2 token" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Bat Roost"
  p2 life 20
}
p1 activate "Bat Roost"
p2 pass
p1 pass
expect p1 battlefield count 2
p1 end phase
p2 pass
p1 choose "Bat"
p1 pass
p2 pass
p1 pass
p2 pass
expect p2 life 19
p2 pass
p1 pass
expect p2 Bleed 2
`,
      "token-keywords.scenario",
    ).scenarios[0]!;
    const result = runScenario(engine, scenario);
    expect(result.failures).toEqual([]);
    const state = result.state!;
    const bat = Object.values(state.cards).find((c) => c.isToken)!;
    const def = state.tokens[bat.def]!;
    expect(def.text).toBe("Bleed 2, Haste");
    expect(def.abilities.map((a) => a.keyword)).toEqual([{ name: "Bleed", amount: 2 }, { name: "Haste" }]);
  });
});

describe("a creature that gains `Bleed 2 and Haste` until end of turn", () => {
  it("lowers to one grant with one target, Bleed keeping its 2", () => {
    const ability = bundle.cards.find((c) => c.name === "Blood Booster")!.abilities[0]!;
    expect(ability.targets).toHaveLength(1);
    expect(ability.steps.map((s) => s.op)).toEqual(["modify"]);
    expect(ability.steps[0]!.op === "modify" ? ability.steps[0]!.keywords : []).toEqual([{ name: "Bleed", amount: 2 }, { name: "Haste" }]);
  });

  it("an unblocked hit gives 2 Bleed counters", () => {
    const scenario = parseScenarioFile(
      `scenario "granted Bleed 2" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Bat Roost", "Blood Booster"
  p2 life 20
}
p1 activate "Blood Booster" target "Bat Roost"
p2 pass
p1 pass
p1 end phase
p2 pass
p1 choose "Bat Roost"
p1 pass
p2 pass
p1 pass
p2 pass
expect p2 life 19
p2 pass
p1 pass
expect p2 Bleed 2
`,
      "granted-keywords.scenario",
    ).scenarios[0]!;
    const result = runScenario(engine, scenario);
    expect(result.failures).toEqual([]);
    expect(result.events.some((e) => e.kind === "modify" && e.text.includes("Bleed 2, Haste until end of turn"))).toBe(true);
  });
});
