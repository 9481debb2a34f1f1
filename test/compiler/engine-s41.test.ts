/**
 * Issue 11, session 41 (engine): card text that checked clean and ran as something else, with no diagnostic.
 * Scenarios: cards/duel|chromatic|cybervamp/scenarios/engine-s41.*.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("a controller written once after a list of phrases (was read of the last phrase only)", () => {
  it("phrases of one kind share it, in every game and every reader of a list (objects, subjects, counts)", () => {
    for (const [game, kind, text, reads] of [
      ["duel", "spell", "Destroy each Knight and each Golem your opponents control.", "Destroy each Knight an opponent controls and each Golem an opponent controls."],
      ["duel", "spell", "Gain 1 life for each Knight and each Golem you control.", "Gain 1 life for each Knight you control, then gain 1 life for each Golem you control."],
      ["duel", "spell", "Destroy target Knight and target Golem an opponent controls.", "Destroy target Knight an opponent controls, then destroy target Golem an opponent controls."],
      ["duel", "spell", "Return each Knight and each other Golem you own to your hand.", "Return each Knight you own and each other Golem you own to its owner's hand."],
      ["cybervamp", "spell", "Gain 1 life for each Vampire and each Thrall you control.", "Gain 1 life for each Vampire you control, then gain 1 life for each Thrall you control."],
      ["cybervamp", "spell", "Each Vampire and each Hunter you control gets +1/+1 until end of turn.", "Each Vampire you control and each Hunter you control gets +1/+1 until end of turn."],
      ["chromatic", "spell", "[Purple] Destroy each Beast and each Mystic an opponent controls.", "[Purple] Destroy each Beast an opponent controls and each Mystic an opponent controls."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems, p.readsAs.at(-1)]).toEqual([text, [], reads]);
    }
  });

  it("a player, a phrase with a controller of its own, and a controller naming one of the list keep their own", () => {
    for (const [game, text, reads] of [
      ["cybervamp", "Deal 1 damage to each opponent and each creature they control.", "Deal 1 damage to each opponent, then deal 1 damage to each Creature an opponent controls."],
      ["duel", "Deal 1 damage to target unit and each unit its controller controls.", "Deal 1 damage to target unit and each Unit its controller controls."],
      ["duel", "Destroy each Knight you control and each Golem an opponent controls.", "Destroy each Knight you control and each Golem an opponent controls."],
      ["duel", "Put a +1 power counter on each Knight you control and target unit.", "Put a power counter on each Knight you control and target unit."],
    ] as const) {
      const p = probe(game, "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
    }
  });

  it("after a phrase of another kind it could be said of that phrase or not: CW6001 naming both forms, each of which runs", () => {
    const p = probe("duel", "spell", "Put a +1 power counter on target unit and each Knight you control.");
    expect(p.problems).toEqual(['CW6001 "you control"']);
    expect(p.messages[0]).toContain('"you control" may be said of "target unit" too, or of "each Knight" only');
    expect(p.messages[0]).toContain('("target unit you control and each Knight you control")');
    expect(p.messages[0]).toContain('("each Knight you control and target unit")');
    const other = probe("cybervamp", "spell", "Target creature and each Vampire you control get +1/+1.");
    expect(other.problems).toEqual(['CW6001 "you control"']);
    for (const text of ["Put a +1 power counter on target unit you control and each Knight you control.", "Put a +1 power counter on each Knight you control and target unit."]) {
      expect([text, probe("duel", "spell", text).problems]).toEqual([text, []]);
    }
  });
});

describe("the card a cost takes (the Fling): recorded as it is paid, read by 'it' / 'its' / 'that creature' / 'the sacrificed creature'", () => {
  it("an additional cost's card: 'its power' before the target is the sacrificed card's (it read the target's), in each game and form", () => {
    for (const [game, kind, text, reads] of [
      ["cybervamp", "spell", "As an additional cost to play this, sacrifice a creature. Deal damage equal to its power to any target.", "Deal damage equal to the sacrificed card's power to any target."],
      ["cybervamp", "spell", "As an additional cost to play this, sacrifice a creature. Deal damage equal to the sacrificed creature's power to any target.", "Deal damage equal to the sacrificed card's power to any target."],
      ["cybervamp", "spell", "As an additional cost to play this, sacrifice a creature. Deal damage equal to that creature's power to any target.", "Deal damage equal to the sacrificed card's power to any target."],
      ["duel", "spell", "As an additional cost to play this, discard a card. Deal damage equal to its power to target unit.", "Deal damage equal to the discarded card's power to target unit."],
      ["duel", "spell", "As an additional cost to play this, sacrifice a unit. Gain life equal to the sacrificed unit's power.", "Gain life equal to the sacrificed card's power."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems, p.readsAs.at(-1)]).toEqual([text, [], reads]);
      const ir = JSON.stringify(p.abilities.map((a) => a.steps));
      expect(ir).toMatch(/"of":\{"kind":"chosen","label":"\$(sacrificed|discarded) this way"\}/);
    }
  });

  it("an activated ability's cost too; a card named before the reference keeps it ('This deals damage equal to its power')", () => {
    expect(probe("cybervamp", "creature", "Sacrifice another creature: Deal damage equal to its power to any target.").readsAs).toEqual(["Sacrifice another Creature: Deal damage equal to the sacrificed card's power to any target."]);
    expect(probe("cybervamp", "creature", "Sacrifice another creature: This deals damage equal to its power to any target.").readsAs).toEqual(["Sacrifice another Creature: This deals damage equal to this card's power to any target."]);
    expect(probe("chromatic", "creature", "[Base] Sacrifice another creature: Deal damage equal to its attack to any target.").readsAs[0]).toBe("[Base] Sacrifice another Creature: Deal damage equal to the sacrificed card's attack to any target.");
    // A target written before "its" is what "its" names, as before.
    expect(probe("cybervamp", "creature", "Sacrifice another creature: Target creature gets +1/+1 until end of turn. Deal damage equal to its power to any target.").readsAs[0]).not.toContain("sacrificed card's power");
  });

  it("a step that takes a card in a spell: 'its' after it is that card (it was the target written after it, or CW6001 blaming a draw)", () => {
    for (const [text, reads] of [
      ["Sacrifice a unit. Draw cards equal to its power.", "Sacrifice a Unit, then draw cards equal to its power."],
      ["Sacrifice a unit. Deal damage equal to its power to target unit.", "Sacrifice a Unit, then deal damage equal to its power to target unit."],
      ["Sacrifice a unit. Deal damage equal to the sacrificed unit's power to target unit.", "Sacrifice a Unit, then deal damage equal to its power to target unit."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect([text, p.problems, p.readsAs]).toEqual([text, [], [reads]]);
      expect(JSON.stringify(p.abilities[0]!.steps)).toContain('"amount":{"kind":"stat","of":{"kind":"it"}');
    }
  });

  it("a participle between 'the' and a noun is a word, not the verb (a parse error on main); a reading the engine has not is said", () => {
    const p = probe("duel", "spell", "Destroy target unit. Gain life equal to the destroyed unit's power.");
    expect(p.problems).toEqual(['CW6005 "destroyed"']);
    expect(p.messages[0]).not.toMatch(/Expected/);
  });

  it("in a trigger about a card, 'its' after a card taken could name either: CW6001 naming both forms", () => {
    const p = probe("duel", "unit", "Whenever another unit you control is destroyed, you may discard a card. If you do, deal damage equal to its power to target unit.");
    expect(p.problems).toEqual(['CW6001 "its power"']);
    expect(p.messages[0]).toContain('"its" could name the card discarded or the card the trigger is about');
  });
});

describe("words dropped silently (item 3): every word runs or is named in a diagnostic", () => {
  it("'again' with nothing before it doing that effect is CW6001 naming the forms (it ran once, the word dropped)", () => {
    for (const [game, kind, text] of [
      ["duel", "spell", "Draw a card again."],
      ["duel", "spell", "Destroy target unit you control again."],
      ["cybervamp", "creature", "Exhaust this: Draw a card again."],
      ["duel", "spell", "Draw a card. Gain 1 life again."],
    ] as const) {
      const p = probe(game, kind, text);
      expect([text, p.problems]).toEqual([text, ['CW6001 "again"']]);
      expect(p.messages[0]).toMatch(/was done before in this ability, and nothing before it here does that: write ".*" for once, or ".* twice" for two times/);
    }
    // After the same effect, in the ability or a sentence of the spell before it: once more, as written.
    for (const text of ["Draw a card. Draw a card again.", "Draw a card. Gain 1 life. Draw a card again."]) expect([text, probe("duel", "spell", text).problems]).toEqual([text, []]);
  });

  it("a destination's words are its zone and whose it is, not every word of the phrase", () => {
    for (const [text, word] of [
      ["Return target enemy unit to its owner's hand also.", "also"],
      ["Return target enemy unit to its only owner's hand.", "only"],
      ["Return target enemy unit to its owner's even hand.", "even"],
      ["Return target enemy unit to each its owner's hand.", "each"],
      ["Return target enemy unit to its other owner's hand.", "other"],
    ] as const) {
      expect([text, probe("duel", "spell", text).problems]).toEqual([text, [`CW6005 "${word}"`]]);
    }
    for (const text of ["Return target enemy unit to its owner's hand.", "Put target unit on the bottom of its owner's deck.", "Return target unit to their owners' hands."]) expect([text, probe("duel", "spell", text).problems]).toEqual([text, []]);
  });

  it("a removal of counters carries the counters' words and number, not every word of its object", () => {
    for (const [text, word] of [
      ["Exhaust: Remove all again Bleed counters from target player.", "again"],
      ["Exhaust: Remove each all Bleed counters from target player.", "each"],
    ] as const) expect([text, probe("cybervamp", "creature", text).problems]).toEqual([text, [`CW6005 "${word}"`]]);
    for (const text of ["Exhaust: Remove all Bleed counters from target player.", "Exhaust: Remove up to two Bleed counters from target player."]) expect([text, probe("cybervamp", "creature", text).problems]).toEqual([text, []]);
  });
});
