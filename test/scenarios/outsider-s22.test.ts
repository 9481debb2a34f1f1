/**
 * Issue 12, session 22: what a fresh outside check (scenarios written from the rules texts and docs/language.md only,
 * with a designer's mistakes) found passing while testing nothing.
 * - An event kind the game's response model never emits: `expect no event priority p2` in Three-Slot Duel (instant),
 *   `expect no event chain_start` / `fire` in CYBERVAMP (stack: its triggers go on the stack, not into chains) held
 *   whatever happened (CW7014 now).
 * - `p1 end turn` ended only the current phase (it is the end-phase action): in CYBERVAMP's Pre-Battle or Chromatic's
 *   Main the turn went on, and lines after it meant for the next turn looked at the same one — two bundled CYBERVAMP
 *   scenarios ("stays exhausted through its controller's next Renew", "take control ..., permanently") never left
 *   p1's turn. Now it fails at its line unless it ends the turn.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODEL_ONLY_KINDS } from "../../compiler/engine-words.ts";
import { checked, failuresOf } from "./helpers.ts";

const duelBolt = (lines: string) =>
  `scenario "Bolt" for duel\nsetup {\n  turn 3 p1 phase Play\n  p1 hand: "Quick Bolt"\n  p2 field: "Scout"\n}\np1 play "Quick Bolt" target "Scout"\nexpect p2 graveyard: "Scout"\n${lines}\n`;
const cvSpray = (lines: string) =>
  `scenario "Spray" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 hand: "Arterial Spray"\n  p1 battlefield: "Crimson Substation", "Gold Exchange"\n  p2 battlefield: "Blood Broker"\n}\np1 play "Arterial Spray" target "Blood Broker"\np2 pass\np1 pass\nexpect p2 discard pile: "Blood Broker"\n${lines}\n`;

describe("an event kind the game's response model never emits is CW7014, not a line that holds negated", () => {
  it("Three-Slot Duel (instant): priority, pop and the chains' events, negated, in order and one-event lists (passed before)", () => {
    const lines = ["expect no event priority p2", 'expect no event pop "Quick Bolt"', "expect not event chain_start", 'expect order: resolve "Quick Bolt", chain_end', 'expect not one event: destroyed "Scout", fire'];
    expect(checked("duel", duelBolt(lines.join("\n")))).toEqual(["10:1 CW7014", "11:1 CW7014", "12:1 CW7014", "13:1 CW7014", "9:1 CW7014"]);
    const failures = failuresOf(duelBolt(lines.join("\n")));
    expect(failures).toHaveLength(5);
    expect(failures[0]).toBe(
      "9: Three-Slot Duel runs `response_model = instant`, under which the engine never emits a `priority` event (only `response_model = chain` emits it), so this line could not tell anything: it could never hold, and negated it would hold whatever happened; expect who acts next (`expect p2 to act`).",
    );
    expect(failures[1]).toMatch(/^10: .* a `pop` event \(only `response_model = stack` or `response_model = chain` emits it\).*`expect event resolve "<card>"`/);
    // What says it in this game reads and holds.
    expect(failuresOf(duelBolt('expect event resolve "Quick Bolt" once\nexpect p1 to act'))).toEqual([]);
  });

  it("CYBERVAMP (stack): the chains' events and priority are errors; pop is its own and reads", () => {
    expect(checked("cybervamp", cvSpray('expect no event chain_start\nexpect no event fire "Arterial Spray"\nexpect no event priority p1'))).toEqual(["12:1 CW7014", "13:1 CW7014", "14:1 CW7014"]);
    expect(failuresOf(cvSpray('expect event pop "Arterial Spray" once'))).toEqual([]);
    expect(failuresOf(cvSpray('expect no event pop "Arterial Spray"'))).toEqual(['12: expectation not met | expected not event pop "Arterial Spray" | actual 1: Arterial Spray: Deal 3 damage to any target. resolves from the stack']);
  });

  it("Chromatic Battlelines (chain) emits every one of them: no diagnostic", () => {
    const text = `scenario "Bolt" for chromatic\nsetup {\n  turn 4 p1 phase Main\n  p1 Mana 1\n  p1 hand: "Arc Bolt"\n  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\np1 plays "Arc Bolt"\np1 chooses mode "Red"\np1 targets p2\nexpect event priority p2 once\nexpect no event chain_start\nexpect no event pop "Arc Bolt"\nexpect stack: "Arc Bolt"\n`;
    expect(checked("chromatic", text)).toEqual([]);
    expect(failuresOf(text)).toEqual([]);
  });

  it("the table is the engine's: each kind is emitted only by the response models it names (runtime/models/<model>.ts)", () => {
    const emitters = new Map<string, Set<string>>();
    for (const file of readdirSync("runtime", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
      for (const m of readFileSync(`runtime/${file}`, "utf8").matchAll(/\b(?:emit|chainEvent)\(\w+, "(\w+)"/g)) (emitters.get(m[1]!) ?? emitters.set(m[1]!, new Set()).get(m[1]!)!).add(file);
    }
    for (const [kind, models] of Object.entries(MODEL_ONLY_KINDS)) {
      expect([...(emitters.get(kind) ?? [])].sort(), kind).toEqual(models!.map((m) => `models/${m}.ts`).sort());
    }
  });
});

describe("`end turn` ends the turn or fails at its line (it ended only the phase, and the turn went on)", () => {
  const spike = (ending: string) =>
    `scenario "Spike" for cybervamp\nsetup {\n  turn 3 p1 phase Pre-Battle\n  p1 battlefield: "Sterile Clinic"\n  p1 hand: "Stasis Spike"\n  p2 battlefield: "Neon Ripper"\n}\np1 play "Stasis Spike" target "Neon Ripper"\np2 pass\np1 pass\n${ending}\nexpect "Neon Ripper" is exhausted\n`;

  it("CYBERVAMP: in Pre-Battle, `end turn` fails naming the phases to come (passed before, still in p1's turn)", () => {
    expect(failuresOf(spike("p1 end turn"))).toEqual([
      "11: \"end turn\" ends the current phase, not the turn: p1's Pre-Battle phase ends and the turn goes on to Battle, Post-Battle, where players decide. Write `p1 end phase`, and end each phase after it (answering its windows) to reach the next turn",
    ]);
    // Ending each phase reaches p2's turn; in Post-Battle, the last, `end turn` is read as written.
    expect(failuresOf(spike("p1 end phase\np2 pass\np1 end phase\np2 pass\np1 end turn\np2 pass\nexpect turn 4\nexpect not \"Neon Ripper\" is overexhausted"))).toEqual([]);
    // A refusal is still a refusal: p2 cannot end p1's phase.
    expect(failuresOf(spike("p2 end turn refused not_your_turn"))).toEqual([]);
  });

  it("Chromatic: in Main the turn goes on to Combat and Second-Main; in Second-Main `end turn` ends it", () => {
    const main = (phase: string, lines: string) => `scenario "End" for chromatic\nsetup {\n  turn 4 p1 phase ${phase}\n  p1 deck: "Insight" x3\n  p2 deck: "Insight" x3\n}\n${lines}\n`;
    expect(failuresOf(main("Main", "p1 end turn\np2 pass\nexpect active p2"))[0]).toMatch(/^7: "end turn" ends the current phase, not the turn: p1's Main phase ends and the turn goes on to Combat, Second-Main, /);
    expect(failuresOf(main("Second-Main", "p1 end turn\np2 pass\np2 pass\nexpect active p2\nexpect turn 5"))).toEqual([]);
  });
});
