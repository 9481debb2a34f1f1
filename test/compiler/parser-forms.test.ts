/**
 * Issue 11, session 5 (lang-fixes-b): punctuation and layout forms outside designers wrote — reminder
 * text in parentheses, tagged lines holding several abilities, keyword lists with ';', costs and
 * limits — checked, lowered and formatted as `cardwright check` / `format` do.
 */
import { describe, expect, it } from "vitest";
import { irShape, probeCards } from "./probe.ts";
import { formatFile } from "../../compiler/index.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("reminder text in parentheses", () => {
  it("a keyword's reminder that restates its card-language definition is kept and not reported", () => {
    const bleed = probe("cybervamp", "creature", "Bleed 1 (Target player gains a Bleed counter.)");
    expect(bleed.problems).toEqual([]);
    expect(bleed.abilities.map((a) => [a.kind, a.keyword, a.reminder, a.steps.length])).toEqual([["keyword", { name: "Bleed", amount: 1 }, "Target player gains a Bleed counter.", 0]]);
    expect(bleed.readsAs).toEqual(["Bleed 1 (Target player gains a Bleed counter.)"]);
    expect(probe("chromatic", "creature", "[Base] Lifelink (Whenever this deals damage, you gain that much life.)").problems).toEqual([]);
    // A keyword action's definition: Spark N = "Deal N damage to any target."
    expect(probe("chromatic", "spell", "[Red] Spark 2 (Deal 2 damage to any target.)").problems).toEqual([]);
  });

  it("a reminder that says something else — another amount, another effect — is CW6041 at the parentheses", () => {
    expect(probe("cybervamp", "creature", "Bleed 1 (Target player gains two Bleed counters.)").problems).toEqual(['CW6041 "(Target player gains two Bleed counters.)"']);
    expect(probe("cybervamp", "creature", "Bleed 1 (Draw a card.)").problems).toEqual(['CW6041 "(Draw a card.)"']);
    expect(probe("chromatic", "spell", "[Red] Spark 2 (Deal 3 damage to any target.)").problems).toEqual(['CW6041 "(Deal 3 damage to any target.)"']);
    // Not card text the engine reads: it may be a rule the engine would not play.
    expect(probe("cybervamp", "creature", "When this enters play, draw a card (then discard a card).").problems).toEqual(['CW6041 "(then discard a card)"']);
  });

  it("an engine-rule keyword's reminder cannot be compared: info CW6040, never an error or a warning", () => {
    const haste = probe("cybervamp", "creature", "Haste (This can attack the turn it enters.)");
    expect(haste.problems).toEqual(['CW6040 "(This can attack the turn it enters.)"']);
    expect(haste.abilities.map((a) => a.keyword?.name)).toEqual(["Haste"]);
  });

  it("a sentence's reminder after its period restates it; the reminder never becomes a step", () => {
    const p = probe("duel", "unit", "PLAY: Draw a card. (Draw a card.)");
    expect(p.problems).toEqual([]);
    expect(p.abilities.map((a) => a.steps.map((s) => s.op))).toEqual([["draw"]]);
  });

  it("the formatter keeps it: right after a keyword, after the period of a sentence; one space between words", () => {
    const text = 'set T "t" for cybervamp\n\ncard "R" {\n  type: Creature — Vampire\n  faction: Red\n  cost: {R}\n  stats: 1/1\n  text:\n    Bleed 1.  (Target player\n      gains a Bleed counter.)\n    When this enters play, draw a card (Draw a card.)\n}\n';
    const formatted = formatFile(text, "t.cards").text;
    expect(formatted).toContain("    Bleed 1 (Target player gains a Bleed counter.)\n    When this enters play, draw a card. (Draw a card.)\n");
  });
});

describe("a tagged line holding several abilities is one slot", () => {
  it("'[Base] Flying. Whenever ...' and '[Base] Taunt. Creatures you control have Taunt.' check clean, each ability under the line's tag", () => {
    const flying = probe("chromatic", "creature", "[Base] Flying. Whenever this deals combat damage to a player, that player discards a card.");
    expect(flying.problems).toEqual([]);
    expect(flying.abilities.map((a) => [a.tag, a.kind])).toEqual([["Base", "keyword"], ["Base", "triggered"]]);
    const taunt = probe("chromatic", "creature", "[Base] Taunt. Creatures you control have Taunt.");
    expect(taunt.problems).toEqual([]);
    expect(taunt.readsAs).toEqual(["[Base] Taunt.", "[Base] Creatures you control have Taunt."]);
  });

  it("a spell's same-line sentence is part of its colour ability", () => {
    const p = probe("chromatic", "spell", "[Red] Deal 2 damage to any target. If you control a creature, draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.abilities.length).toBe(1);
  });

  it("the formatter keeps the line", () => {
    const text = 'set T "t" for chromatic\n\ncard "S" {\n  type: Creature\n  tribe: Beast\n  color: Blue\n  cost: 2\n  attack: 2\n  defense: 2\n  rarity: Common\n  text:\n    [Base] Flying.   Whenever this attacks, gain 1 life.\n    [Red] Taunt.\n    [Green] Taunt.\n    [Yellow] Taunt.\n    [Purple] Taunt.\n}\n';
    expect(formatFile(text, "t.cards").text).toContain("    [Base] Flying. Whenever this attacks, gain 1 life.\n    [Red] Taunt.\n");
  });
});

describe("keyword lists with ';', costs, counters", () => {
  it("'Tireless; Multi-block 2.' is one keyword line; ';' between effects joins as a period, not between modes", () => {
    const p = probe("cybervamp", "creature", "Tireless; Multi-block 2.");
    expect(p.problems).toEqual([]);
    expect(p.abilities.map((a) => [a.keyword?.name, a.statics?.[0]])).toEqual([["Tireless", { kind: "modify", affects: { self: true }, keywords: [{ name: "Multi-block", amount: 2 }] }]]);
    expect(probe("cybervamp", "spell", "Draw a card; gain 1 life.").abilities.map((a) => a.steps.map((s) => s.op))).toEqual([["draw", "gain_life"]]);
    expect(probe("cybervamp", "spell", "Choose one — Draw a card; or gain 2 life.").readsAs).toEqual(["Choose one — Draw a card; or Gain 2 life."]);
  });

  it("'Exhaust, Pay {B}:' costs the exhaustion and the symbol", () => {
    const p = probe("cybervamp", "creature", "Exhaust, Pay {B}: Draw a card.");
    expect(p.problems).toEqual([]);
    expect(p.abilities[0]!.cost).toEqual([{ pays: "exhaust" }, { pays: "symbol", symbol: "B", amount: 1 }]);
  });

  it("'gains two +1 power counters' reads the label as 'put' does (was CW6005 \"+1\")", () => {
    const p = probe("cybervamp", "spell", "Target creature gains two +1 power counters.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["Put 2 power counters on target creature."]);
    expect(probe("cybervamp", "spell", "Target creature gains a +2 power counter.").problems).toEqual(['CW6005 "+2"']);
  });
});

describe("a permanent's trigger written last: '<effect> at the start of your turn'", () => {
  it("compiles to the same ability as 'At the start of your turn, <effect>.' (was CW6001)", () => {
    const [trailing, leading] = probeCards("cybervamp", [
      { kind: "creature", text: "Target player gains a Bleed counter at the start of your turn." },
      { kind: "creature", text: "At the start of your turn, target player gains a Bleed counter." },
    ]);
    expect(trailing!.problems).toEqual([]);
    expect(irShape(trailing!.abilities)).toEqual(irShape(leading!.abilities));
    const spark = probe("chromatic", "creature", "[Base] Spark 1 at the beginning of your turn.");
    expect(spark.problems).toEqual([]);
    expect(spark.abilities.map((a) => [a.kind, a.trigger?.event])).toEqual([["triggered", "phase_start"]]);
    // A spell's "at the end of the turn" stays a delayed trigger; "your next turn" on a permanent is no recurring moment.
    expect(probe("cybervamp", "spell", "Destroy target creature at the end of the turn.").abilities[0]!.steps.map((s) => s.op)).toEqual(["delayed"]);
  });
});
