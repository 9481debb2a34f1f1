// The state-based check after every step destroys a creature whose Defense is 0 or less. It skips working
// out the statics in effect for an undamaged creature only when no static of the game can lower the stat:
// a game with such a static (here a relic, "-0/-1") must still see it.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";

const testCards = `set ENG6 "State check" for cybervamp

card "Wilting Lamp" {
  type: Relic
  faction: Black
  cost: {B}{1}
  text:
    Creatures your opponents control get -0/-1.
}

card "Bright Lamp" {
  type: Relic
  faction: Black
  cost: {B}{1}
  text:
    Creatures your opponents control get +1/+0.
}
`;

function run(lamp: string) {
  const files = ["cards/cybervamp/cybervamp.game", "cards/cybervamp/core.cards"].map((path) => ({ path, text: readFileSync(path, "utf8") }));
  const bundle = lowerWorkspace([...files, { path: "lamps.cards", text: testCards }]).bundles.find((b) => b.game.id === "cybervamp")!;
  const scenario = parseScenarioFile(
    [
      `scenario "lamp" for cybervamp`,
      `setup {`,
      `  turn 3 p1 phase Pre-Battle`,
      `  p1 battlefield: "Blackout District", "Gold Exchange"`,
      `  p1 hand: "${lamp}"`,
      `  p2 battlefield: "Razorfang Courier"`,
      `}`,
      `p1 play "${lamp}"`,
      `expect p1 battlefield has "${lamp}"`,
    ].join("\n"),
    "s.scenario",
  );
  expect(scenario.diagnostics).toEqual([]);
  const result = runScenario(createEngine(bundle), scenario.scenarios[0]!);
  expect(result.failures).toEqual([]);
  return result;
}

describe("state-based check: Defense 0 from a static", () => {
  it("a static -0/-1 destroys an undamaged 2/1 of the opponent as it comes into effect", () => {
    const { events } = run("Wilting Lamp");
    expect(events.some((e) => e.kind === "check" && e.text === "Razorfang Courier has defense 0")).toBe(true);
    expect(events.some((e) => e.kind === "destroyed" && e.name === "Razorfang Courier")).toBe(true);
  });
  it("a static that adds 0 Defense (+1/+0) leaves it in play", () => {
    const { events } = run("Bright Lamp");
    expect(events.some((e) => e.name === "Razorfang Courier" && (e.kind === "destroyed" || e.kind === "check"))).toBe(false);
    expect(events.some((e) => e.kind === "action" && e.text.includes("plays Bright Lamp"))).toBe(true);
  });
});
