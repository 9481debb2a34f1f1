/**
 * Issue 11, session 34 (lead): "enemy" alone as what damage is dealt to names no kind of card, and other games count the
 * opposing player among "enemies" — the line says which is meant instead of reading the opponent's cards silently.
 */
import { describe, expect, it } from "vitest";
import { probeCards } from "./probe.ts";

const probe = (game: string, kind: string, text: string) => probeCards(game, [{ kind, text }])[0]!;

describe("'enemy' alone where a player could be dealt the damage", () => {
  it("is CW6001 naming the game's own card type and 'your opponent' (was clean, read as the opponent's cards)", () => {
    for (const text of ["Deal 1 damage to all enemies.", "Deal 2 damage to target enemy.", "Deal 2 damage to an enemy.", "Deal 1 damage to each other enemy."]) {
      const p = probe("duel", "spell", text);
      expect(p.problems, text).toHaveLength(1);
      expect(p.problems[0], text).toMatch(/^CW6001 "(?:all |target |an |each other )?enem(?:y|ies)"$/);
    }
    const message = probeCards("cybervamp", [{ kind: "spell", text: "Deal 2 damage to target enemy." }])[0]!.messages.join("\n");
    expect(message).toContain('"enemy creature"');
    expect(message).toContain('"your opponent"');
  });

  it("'the enemy' (was CW6005 suggesting it ran as every card an opponent controls) says the same", () => {
    const p = probe("duel", "unit", "PLAY: Deal 1 damage to the enemy.");
    expect(p.problems).toEqual(['CW6001 "the enemy"']);
  });

  it("leaves alone what names its kind, its player, or cannot be a player", () => {
    expect(probe("duel", "spell", "Deal 1 damage to each enemy unit and your opponent.").problems).toEqual([]);
    expect(probe("duel", "spell", "Deal 2 damage to target enemy unit.").problems).toEqual([]);
    expect(probe("duel", "spell", "Deal 2 damage to an enemy player.").problems).toEqual([]);
    expect(probe("duel", "spell", "Destroy an enemy.").problems).toEqual([]);
  });
});

describe("'If it dies, …' right after the step that can kill the card named", () => {
  it("reads as '… this way' (was CW6001 'condition not understood', run as always true): it, that unit, is destroyed", () => {
    for (const [text, readsAs] of [
      ["Deal 3 damage to target unit. If it dies, draw a card.", "Deal 3 damage to target unit, then if it died this way, draw a card."],
      ["Deal 3 damage to target unit. If that unit dies, draw a card.", "Deal 3 damage to target unit, then if it died this way, draw a card."],
      ["Deal 3 damage to target unit. If it is destroyed, draw a card.", "Deal 3 damage to target unit, then if it died this way, draw a card."],
      ["Destroy target unit. If it is destroyed, draw a card.", "Destroy target unit, then if it was destroyed this way, draw a card."],
    ] as const) {
      const p = probe("duel", "spell", text);
      expect(p.problems, text).toEqual([]);
      expect(p.readsAs, text).toEqual([readsAs]);
    }
  });

  it("stays CW6001 where nothing before could kill it, or no card is named ('If a unit dies')", () => {
    expect(probe("duel", "spell", "Draw a card. If it dies, draw a card.").problems).toEqual(['CW6014 "it dies"']);
    expect(probe("duel", "spell", "Deal 3 damage to target unit. If a unit dies, draw a card.").problems).toEqual(['CW6014 "a unit dies"']);
  });
});

describe("'If …, this unit gets +1 power until end of turn.' on the line of a triggered ability", () => {
  it("goes on with the ability (was a static of the unit: the bonus for good, CW6005 at 'end of turn')", () => {
    const p = probe("duel", "unit", "PLAY: Deal 2 damage to target enemy unit. If it dies, this unit gets +1 power until end of turn.");
    expect(p.problems).toEqual([]);
    expect(p.readsAs).toEqual(["PLAY: Deal 2 damage to target unit an opponent controls, then if it died this way, this gets +1 power until end of turn."]);
    expect(p.abilities.map((a) => a.kind)).toEqual(["triggered"]);
  });

  it("a change without a duration goes on with the ability too, CW6090 at it naming the other readings (session 35: was the unit's static in silence)", () => {
    const p = probe("duel", "unit", "PLAY: Draw a card. If you have 5 or less life, this unit has +1 power.");
    expect(p.readsAs).toEqual(["PLAY: Draw a card, then if you have 5 or less life, this gets +1 power."]);
    expect(p.problems).toEqual(['CW6090 "this unit has +1 power"']);
    // On a line of its own it is the unit's static, as before.
    expect(probe("duel", "unit", "PLAY: Draw a card.\n    If you have 5 or less life, this unit has +1 power.").readsAs).toEqual(["PLAY: Draw a card.", "This gets +1 power as long as you have 5 or less life."]);
  });
});
