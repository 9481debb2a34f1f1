/**
 * Cards session 45 (issue 11). An activated ability whose text the engine cannot run (CW6001: its steps are only `rule
 * "unsupported"`) is neither listed nor accepted (probe s44 F3: `Sacrifice a Facet: This gets +2 attack until end of turn.`
 * was activated, the Facet kept and the +2 given — a free, repeatable pump). The amounts a replacement changed (F7) are
 * proven by the bundled scenarios cards-s45 of each game.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { createEngine } from "../../runtime/index.ts";
import { runScenario } from "../../runtime/scenario.ts";

const gnawer = `set T45 "t" for chromatic

card "Gem Gnawer" {
  type: Creature
  tribe: Mystic
  color: Red
  cost: 1
  attack: 1
  defense: 2
  rarity: Common
  text:
    [Base] Sacrifice a Facet: This gets +2 attack until end of turn.
    [Blue] This gets +0/+1.
    [Green] This gets +0/+1.
    [Yellow] Flying.
    [Purple] Taunt.
}

card "Gem Biter" {
  type: Creature
  tribe: Mystic
  color: Red
  cost: 1
  attack: 1
  defense: 2
  rarity: Common
  text:
    [Base] Exhaust: This gets +2 attack until end of turn.
    [Blue] This gets +0/+1.
    [Green] This gets +0/+1.
    [Yellow] Flying.
    [Purple] Taunt.
}
`;

function failures(lines: string): string[] {
  const files = ["cards/chromatic/chromatic.game", "cards/chromatic/core.cards"].map((p) => ({ path: p, text: readFileSync(p, "utf8") }));
  const engine = createEngine(lowerWorkspace([...files, { path: "cards/chromatic/t.cards", text: gnawer }]).bundles.find((b) => b.game.id === "chromatic")!);
  const text = `scenario "s" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Gem Gnawer", "Gem Biter"
  p1 Facet Zone: "Seer"
  p1 deck: "Insight" x3
  p2 deck: "Insight" x3
}
${lines}`;
  const [scenario] = parseScenarioFile(text, "t.scenario").scenarios;
  return runScenario(engine, scenario!).failures.map((f) => `${f.line}: ${f.message}${f.expected !== undefined ? ` | expected ${f.expected} | actual ${f.actual}` : ""}`);
}

describe("an activated ability that runs nothing (CW6001) is not offered (probe s44 F3)", () => {
  it("'Sacrifice a Facet:' is refused and keeps the Facet; an ability the engine runs is still activated", () => {
    expect(failures(`p1 activate "Gem Gnawer" sacrifice "Seer" refused no_such_ability\nexpect "Gem Gnawer" attack 1\nexpect p1 Facet Zone: "Seer"\n`)).toEqual([]);
    // The refusal says why.
    expect(failures(`p1 activate "Gem Gnawer" sacrifice "Seer"\n`)).toEqual([expect.stringMatching(/no_such_ability: Gem Gnawer's ability is not activated: the engine cannot run its text \(CW6001\)/)]);
    // The control: an exhaust cost on a text the engine runs.
    expect(failures(`p1 activate "Gem Biter"\np2 passes\nexpect "Gem Biter" attack 3\n`)).toEqual([]);
  });
});
