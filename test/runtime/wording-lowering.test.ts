/**
 * Issue 11: natural card English lowers to what it says. Each form is tried in several wordings
 * (a/an, another, two, up to, each, all, plurals, possessives, "you control", "an opponent controls").
 * The scenarios in cards/<game>/scenarios/wording-*.scenario play the same forms.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { lowerWorkspace } from "../../compiler/lower.ts";
import type { Ability, Step } from "../../compiler/ir.ts";

const FIELDS: Record<string, Record<string, string>> = {
  duel: { spell: "type: Spell\n  color: Gray\n  cost: free\n  rarity: Gray", unit: "type: Unit — Soldier\n  color: Gray\n  cost: free\n  rarity: Gray\n  power: 2" },
  cybervamp: { spell: "type: Spell\n  faction: Red\n  cost: {R}", unit: "type: Creature — Vampire\n  faction: Red\n  cost: {R}\n  stats: 2/2" },
  chromatic: { spell: "type: Spell\n  color: Red\n  cost: 1\n  rarity: Common", unit: "type: Creature\n  tribe: Mystic\n  color: Red\n  cost: 1\n  attack: 1\n  defense: 1\n  rarity: Common" },
};

/** Lowers one ability of a test card of `game`; returns the ability and the lowering's notes and errors for it. */
export function lowerOne(game: string, kind: string, text: string): { ability: Ability; problems: string[] } {
  const card = `set T "t" for ${game}\ncard "Probe" {\n  ${FIELDS[game]![kind]}\n  text:\n    ${text}\n}\n`;
  const gameFile = `cards/${game}/${game}.game`;
  const result = lowerWorkspace([{ path: gameFile, text: readFileSync(gameFile, "utf8") }, { path: "probe.cards", text: card }]);
  const ability = result.bundles.find((b) => b.game.id === game)!.cards[0]!.abilities[0]!;
  const problems = [...result.notes.filter((n) => n.file === "probe.cards").map((n) => n.message), ...result.diagnostics.filter((d) => d.file === "probe.cards" && d.severity === "error" && d.code !== "CW2011").map((d) => `${d.code} ${d.message}`)];
  return { ability, problems };
}

const strip = (steps: Step[]): unknown => JSON.parse(JSON.stringify(steps, (k, v) => (k === "source" || k === "prompt" ? undefined : v)));

describe("possessive objects (class 1)", () => {
  it.each([
    ["Deal 2 damage to your opponent's face.", { kind: "opponent" }],
    ["Deal 2 damage to the opponent's face.", { kind: "opponent" }],
    ["Deal 2 damage to the opponent's life.", { kind: "opponent" }],
    ["Deal 2 damage to each opponent's face.", { kind: "each_opponent" }],
    ["Deal 2 damage to your opponent.", { kind: "opponent" }],
  ])("%s hits the player", (text, ref) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "damage", amount: 2, to: { kind: "player", ref } }]);
  });

  // In a trigger "the player" alone is the trigger's player; "enemy"/"opposing" make it the opponent (on PLAY it was you).
  it.each([
    ["duel", "PLAY: Deal 2 damage to the enemy player.", { kind: "opponent" }],
    ["duel", "DEATH: Deal 2 damage to the opposing player.", { kind: "opponent" }],
    ["cybervamp", "When this enters play, deal 2 damage to the enemy player.", { kind: "opponent" }],
    ["duel", "BREACH: Deal 1 damage to each enemy player.", { kind: "each_opponent" }],
  ])("%s: %s hits the opponent, not the trigger's player", (game, text, ref) => {
    const { ability, problems } = lowerOne(game, "unit", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "damage", amount: text.includes("2") ? 2 : 1, to: { kind: "player", ref } }]);
  });

  it.each([
    "Deal 3 damage to the opponent's units.",
    "Deal 3 damage to your opponent's units.",
    "Deal 3 damage to each of your opponent's units.",
    "Deal 3 damage to all enemy units.",
    "Deal 3 damage to each unit an opponent controls.",
    "Deal 3 damage to units your opponents control.",
  ])("%s hits every unit of the opponent and none of yours", (text) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "damage", amount: 3, to: { kind: "cards", selector: { controller: "opponent", cardTypes: ["Unit"] } } }]);
  });

  it.each(["Destroy target opponent's unit.", "Destroy target enemy unit.", "Destroy target unit an opponent controls."])("%s targets only the opponent's units", (text) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(ability.targets.map((t) => [t.accepts, t.cards, t.min, t.max])).toEqual([["card", { controller: "opponent", cardTypes: ["Unit"] }, 1, 1]]);
  });

  it("your X is yours; an opponent's X is chosen among the opponent's", () => {
    expect(lowerOne("chromatic", "spell", "[Red] Destroy your Weapon.").ability.steps[0]).toMatchObject({ op: "destroy", what: { kind: "cards", selector: { controller: "you", cardTypes: ["Weapon"] } } });
    expect(lowerOne("duel", "spell", "Destroy an opponent's unit.").ability.steps[0]).toMatchObject({ op: "choose_cards", selector: { controller: "opponent", cardTypes: ["Unit"] }, min: 1, max: 1 });
  });
});

describe('"a/an/another X": the player chooses one, in every verb (classes 2 and 14)', () => {
  const chooses = (text: string, game = "duel", kind = "spell") => {
    const { ability, problems } = lowerOne(game, kind, text);
    expect(problems).toEqual([]);
    const [first, second] = ability.steps as [Step, Step];
    expect(first.op).toBe("choose_cards");
    return { choice: first as Extract<Step, { op: "choose_cards" }>, effect: second };
  };

  it.each([
    ["Deal 3 damage to an enemy unit.", "damage"],
    ["Deal 3 damage to a unit an opponent controls.", "damage"],
    ["Put a +1 power counter on an allied unit.", "add_counters"],
    ["Put a power counter on a unit you control.", "add_counters"],
    ["Give an allied unit +1 power until end of turn.", "modify"],
    ["An allied unit gets +1 power until end of turn.", "modify"],
    ["Another allied unit loses 1 power until end of turn.", "modify"],
    ["Destroy an enemy unit.", "destroy"],
    ["Return an enemy unit to its owner's hand.", "move"],
    ["Return a Unit card from your Graveyard to your hand.", "move"],
  ])("%s asks for one and acts on it", (text, op) => {
    const { choice, effect } = chooses(text);
    expect([choice.min, choice.max]).toEqual([1, 1]);
    expect(effect.op).toBe(op);
    expect(JSON.stringify(effect)).toContain(`"label":"${choice.label}"`);
  });

  it("another leaves out this card; two means two; up to three means none to three", () => {
    expect(chooses("PLAY: Another allied unit gets +2 power until end of turn.", "duel", "unit").choice.selector).toEqual({ other: true, controller: "you", cardTypes: ["Unit"] });
    expect(chooses("Destroy two enemy units.").choice).toMatchObject({ min: 2, max: 2 });
    expect(chooses("Destroy up to three enemy units.").choice).toMatchObject({ min: 0, max: 3 });
    expect(chooses("Return another Unit card from your Graveyard to the field.").choice.selector).toEqual({ other: true, cardTypes: ["Unit"], zones: ["Graveyard"], owner: "you" });
  });

  it("each / all / a plural still mean every matching card", () => {
    for (const text of ["Destroy each enemy unit.", "Destroy all enemy units.", "Destroy enemy units."]) {
      expect(lowerOne("duel", "spell", text).ability.steps.map((s) => s.op)).toEqual(["destroy"]);
    }
  });

  it("in 'You may X', the choice is asked only after the player says yes", () => {
    const { ability } = lowerOne("duel", "spell", "You may destroy an allied unit.");
    expect(ability.steps.map((s) => s.op)).toEqual(["may"]);
    expect((ability.steps[0] as Extract<Step, { op: "may" }>).steps.map((s) => s.op)).toEqual(["choose_cards", "destroy"]);
  });
});

describe("exclusions and tribes (classes 18 and 20)", () => {
  it("non-token, non-<subtype> and without <keyword> leave those cards out", () => {
    expect(lowerOne("cybervamp", "spell", "Destroy target non-token creature.").ability.targets[0]!.cards).toEqual({ tokens: "exclude", cardTypes: ["Creature"] });
    expect(lowerOne("cybervamp", "spell", "Destroy target non-Vampire creature.").ability.targets[0]!.cards).toEqual({ exclude: [{ subtypes: ["Vampire"] }], cardTypes: ["Creature"] });
    expect(lowerOne("cybervamp", "spell", "Destroy each creature without Haste.").ability.steps[0]).toMatchObject({ what: { selector: { cardTypes: ["Creature"], exclude: [{ keyword: "Haste" }] } } });
  });
});

describe("players named through a card (class 6)", () => {
  it.each([
    ["Exhaust target creature. Its controller gains 2 Bleed counters.", "add_counters"],
    ["Exhaust target creature. Its controller draws a card.", "draw"],
    ["Destroy target creature. Its controller gains 3 life.", "gain_life"],
    ["Destroy target creature. That creature's controller loses 2 life.", "lose_life"],
  ])("%s is one ability whose second sentence acts on the targeted creature's controller", (text, op) => {
    const { ability, problems } = lowerOne("cybervamp", "spell", text);
    expect(problems).toEqual([]);
    expect(ability.targets).toHaveLength(1);
    expect(ability.steps[1]!.op).toBe(op);
    expect(JSON.stringify(ability.steps[1])).toContain('{"kind":"controller_of","of":{"kind":"target","index":0}}');
  });

  it("'its controller' after 'an enemy unit' is the chosen unit's controller", () => {
    const { ability } = lowerOne("duel", "spell", "Destroy an enemy unit. Its controller draws a card.");
    expect(ability.steps.map((s) => s.op)).toEqual(["choose_cards", "destroy", "draw"]);
    expect(ability.steps[2]).toMatchObject({ who: { kind: "controller_of", of: { kind: "chosen", label: "pick0" } } });
  });
});

describe('"You may X. If you do, Y." (class 15)', () => {
  const may = (text: string, kind = "spell") => {
    const { ability, problems } = lowerOne("duel", kind, text);
    expect(problems).toEqual([]);
    expect(ability.steps.map((s) => s.op)).toEqual(["may"]);
    return ability.steps[0] as Extract<Step, { op: "may" }>;
  };

  it("If you do: Y runs in the yes branch, after X", () => {
    const step = may("You may return a unit you control to its owner's hand. If you do, draw a card.");
    expect(step.steps.map((s) => s.op)).toEqual(["choose_cards", "move", "draw"]);
    expect(step.otherwise).toBeUndefined();
  });

  it("If you don't: Y runs in the no branch", () => {
    const step = may("You may destroy an allied unit. If you don't, lose 2 life.");
    expect(step.steps.map((s) => s.op)).toEqual(["choose_cards", "destroy"]);
    expect(step.otherwise!.map((s) => s.op)).toEqual(["lose_life"]);
  });

  it.each(["You may discard a card and draw two cards.", "You may discard a card, then draw two cards."])("%s: both halves are optional together, asked once", (text) => {
    const step = may(text);
    expect(step.steps.map((s) => s.op)).toEqual(["discard", "draw"]);
    expect(step.prompt).toBe(text.slice(0, -1));
  });

  it("in a triggered ability and after a marker too", () => {
    expect(may("PLAY: You may discard a card. If you do, draw two cards.", "unit").steps.map((s) => s.op)).toEqual(["discard", "draw"]);
    expect(may("When this enters play, you may discard a card. If you do, draw two cards.", "unit").steps.map((s) => s.op)).toEqual(["discard", "draw"]);
  });

  it("a later sentence of its own is not part of the 'if you do'", () => {
    const { ability } = lowerOne("duel", "unit", "PLAY: You may discard a card. If you do, draw a card. Gain 1 life.");
    expect(ability.steps.map((s) => s.op)).toEqual(["may", "gain_life"]);
  });

  it("'If you do' with nothing optional before it, after a step that may not happen, is a diagnostic at those words, with the form that works", () => {
    const { problems } = lowerOne("duel", "spell", "Gain 1 life. If you do, draw a card.");
    expect(problems).toEqual(['"If you do": the engine knows whether you did it only after discarding, sacrificing, choosing, searching or milling cards, or after "you may ..." (write "You may <do something>. If you do, <effect>.")']);
  });
});

describe("amounts and counts (class 16)", () => {
  const amount = (text: string, game = "duel", kind = "spell") => {
    const { ability, problems } = lowerOne(game, kind, text);
    expect(problems).toEqual([]);
    return ability;
  };

  it("for each: the amount times a count", () => {
    expect(amount("Gain 1 life for each card in your hand.").steps[0]).toMatchObject({ op: "gain_life", amount: { kind: "count", of: { zones: ["Hand"], owner: "you" } } });
    expect(amount("Gain 2 life for each Unit you control.").steps[0]).toMatchObject({ amount: { kind: "times", factor: 2, of: { kind: "count", of: { cardTypes: ["Unit"], controller: "you" } } } });
    expect(amount("Draw a card for each Vampire you control.", "cybervamp").steps[0]).toMatchObject({ op: "draw", amount: { kind: "count", of: { subtypes: ["Vampire"], controller: "you" } } });
    expect(amount("Deal 1 damage to target creature for each Bleed counter on target player.", "cybervamp").steps[0]).toMatchObject({ op: "damage", amount: { kind: "counters", counter: "Bleed" } });
  });

  it("up to three, then that many", () => {
    expect(amount("Discard up to three cards, then draw that many.").steps).toMatchObject([{ op: "discard", amount: 3, upTo: true }, { op: "draw", amount: { kind: "chosen_count", label: "it" } }]);
    // In a trigger with no step before it, "that many" is the event's amount.
    expect(amount("Whenever you gain life, draw that many cards.", "duel", "unit").steps[0]).toMatchObject({ op: "draw", amount: { kind: "event_amount" } });
  });

  it("+X power parses and takes the where phrase, in an effect and in a static", () => {
    expect(amount("Target unit gets +X power until end of turn, where X is the number of cards in your Graveyard.").steps[0]).toMatchObject({ op: "modify", stats: { power: { kind: "count", of: { zones: ["Graveyard"], owner: "you" } } }, duration: { kind: "end_of_turn" } });
    expect(amount("Passive: This gets -X power, where X is the number of cards in your hand.", "duel", "unit").statics![0]).toMatchObject({ stats: { power: { kind: "times", factor: -1, of: { kind: "count" } } } });
  });

  it("+1 attack and +1 defense until end of turn: one target, one change, one duration (class 21)", () => {
    const ability = lowerOne("chromatic", "spell", "[Green] Target creature gets +1 attack and +1 defense until end of turn.").ability;
    expect(ability.targets).toHaveLength(1);
    expect(strip(ability.steps)).toEqual([{ op: "modify", on: { kind: "target", index: 0 }, stats: { attack: 1, defense: 1 }, duration: { kind: "end_of_turn" } }]);
  });
});

describe("several targets of one phrase (class 21)", () => {
  it("'up to two target units' is two optional slots of one group; 'two target units' two required ones", () => {
    const upTo = lowerOne("duel", "spell", "Deal 1 damage to up to two target units.").ability;
    expect(upTo.targets.map((t) => [t.min, t.max, t.group])).toEqual([[0, 1, "T/Probe#0:0"], [0, 1, "T/Probe#0:0"]]);
    expect(upTo.steps[0]).toMatchObject({ op: "damage", to: { kind: "targets", indexes: [0, 1] } });
    const two = lowerOne("duel", "spell", "Put a power counter on each of two target units.").ability;
    expect(two.targets.map((t) => t.min)).toEqual([1, 1]);
    const one = lowerOne("duel", "spell", "Destroy target unit.").ability;
    expect(one.targets).toEqual([{ accepts: "card", cards: { cardTypes: ["Unit"] }, min: 1, max: 1, text: "target unit" }]);
  });
});

describe("trigger subjects and events (classes 7, 17, 19)", () => {
  const trigger = (text: string, game = "duel") => {
    const { ability, problems } = lowerOne(game, "unit", text);
    expect(problems).toEqual([]);
    const { text: _text, ...pattern } = ability.trigger!;
    return pattern;
  };

  it("a player dealt damage is the player's event", () => {
    expect(trigger("Whenever an opponent is dealt damage, draw a card.")).toEqual({ event: "player_dealt_damage", subject: { kind: "player", who: "opponent" } });
    expect(trigger("Whenever you are dealt damage, draw a card.")).toEqual({ event: "player_dealt_damage", subject: { kind: "player", who: "you" } });
    expect(trigger("Whenever you take damage, draw a card.")).toEqual({ event: "player_dealt_damage", subject: { kind: "player", who: "you" } });
    // In Duel a fight deals no damage (CW6023 there): a game whose combat is damage.
    expect(trigger("Whenever this is dealt damage, draw a card.", "cybervamp")).toEqual({ event: "dealt_damage", subject: { kind: "self" } });
    expect(trigger("Whenever this deals damage to an opponent, draw a card.")).toEqual({ event: "deals_damage", subject: { kind: "self" }, object: { kind: "player", who: "opponent" } });
  });

  it("'this destroys a unit in combat' is the destroyer's event; 'this is destroyed' the card's", () => {
    expect(trigger("Whenever this destroys a unit in combat, draw a card.")).toEqual({ event: "destroys", subject: { kind: "self" }, object: { kind: "card", selector: { cardTypes: ["Unit"] } }, combat: true });
    expect(trigger("Whenever this destroys a unit, draw a card.")).toEqual({ event: "destroys", subject: { kind: "self" }, object: { kind: "card", selector: { cardTypes: ["Unit"] } } });
    expect(trigger("When this is destroyed, draw a card.")).toEqual({ event: "destroyed", subject: { kind: "self" } });
  });

  it("what a player plays, draws or discards is named when the text names it", () => {
    expect(trigger("Whenever an opponent plays a spell, draw a card.")).toEqual({ event: "cast", subject: { kind: "player", who: "opponent" }, object: { kind: "card", selector: { cardTypes: ["Spell"] } } });
    expect(trigger("Whenever you cast a Vampire spell, draw a card.", "cybervamp")).toEqual({ event: "cast", subject: { kind: "player", who: "you" }, object: { kind: "card", selector: { cardTypes: ["Spell"], subtypes: ["Vampire"] } } });
    expect(trigger("Whenever you discard a Unit card, draw a card.")).toEqual({ event: "discard", subject: { kind: "player", who: "you" }, object: { kind: "card", selector: { cardTypes: ["Unit"] } } });
    expect(trigger("Whenever you discard a card, draw a card.")).toEqual({ event: "discard", subject: { kind: "player", who: "you" } });
  });

  it("entering a zone other than play names the zone; entering play does not", () => {
    expect(trigger("[Base] Whenever a card enters your Facet Zone, draw a card.", "chromatic")).toMatchObject({ event: "enters", zone: "Facet Zone", subject: { kind: "card", selector: { controller: "you" } } });
    expect(trigger("Whenever a card is put into your Graveyard, draw a card.")).toMatchObject({ event: "enters", zone: "Graveyard" });
    expect(trigger("Whenever a unit enters play, draw a card.")).toEqual({ event: "enters", subject: { kind: "card", selector: { cardTypes: ["Unit"] } } });
  });

  it("erasing is the game's Erase keyword action, in effects too", () => {
    // Each card erased (session 41: it was the action, once per Erase however many cards it moved).
    expect(trigger("Whenever you erase a card, draw a card.")).toEqual({ event: "enters", subject: { kind: "card", selector: {} }, zone: "Oblivion", by: "you" });
    expect(trigger("Whenever you Erase, draw a card.")).toEqual({ event: "keyword_action", subject: { kind: "player", who: "you" }, keyword: "Erase" });
    expect(lowerOne("duel", "spell", "Erase target card from a Graveyard.").ability.steps[0]).toMatchObject({ op: "keyword_action", keyword: "Erase", target: { kind: "target", index: 0 } });
  });
});

describe("verbs that must do what they say (class 17)", () => {
  it.each([
    ["Each player puts the top two cards of their deck into their Graveyard.", { kind: "each_player" }, 2],
    ["Put the top card of your deck into your Graveyard.", { kind: "you" }, 1],
    ["Target player puts the top three cards of their deck into their Graveyard.", { kind: "target", index: 0 }, 3],
    ["Each opponent puts the top card of their deck into their Graveyard.", { kind: "each_opponent" }, 1],
  ])("%s moves the top cards of each such player's own deck", (text, who, amount) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "move_top", who, zone: "Deck", amount, to: "Graveyard" }]);
  });

  it.each([
    "Each opponent puts the top card of your deck into their Graveyard.",
    "Each player puts the top two cards of their deck into your Graveyard.",
  ])("%s (one player's deck, another's place) is a diagnostic, not a guess", (text) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(strip(ability.steps)).toEqual([{ op: "rule", rule: "unsupported" }]);
    expect(problems.join("\n")).toMatch(/a player's own Deck into that player's own Graveyard/);
  });
});

describe("choose one (class 21)", () => {
  it.each([
    ["duel", "spell", "Choose one: gain 2 life; or draw a card."],
    ["duel", "unit", "When this enters play, choose one — gain 2 life; or draw a card."],
    ["duel", "unit", "When this enters play, choose one — • Gain 2 life. • Draw a card."],
    ["chromatic", "unit", "[Base] When this enters play, choose one — gain 2 Life; or Spark 1."],
  ])("%s %s '%s' asks for a mode", (game, kind, text) => {
    const { ability, problems } = lowerOne(game, kind, text);
    expect(problems).toEqual([]);
    const step = ability.steps[0]!;
    if (step.op !== "choose_one") throw new Error(step.op);
    expect(step.modes).toHaveLength(2);
    expect(step.modes[0]!.steps[0]!.op).toBe("gain_life");
  });
});

describe("a subject written once for several clauses (class 17, players)", () => {
  it.each([
    ["Target player draws two cards and loses 2 life.", [{ kind: "target", index: 0 }, { kind: "target", index: 0 }]],
    ["Each player draws a card, then discards a card.", [{ kind: "each_player" }, { kind: "each_player" }]],
    ["Your opponents draw a card and lose 1 life.", [{ kind: "opponent" }, { kind: "opponent" }]],
    ["Each opponent loses 2 life and you gain 2 life.", [{ kind: "each_opponent" }, { kind: "you" }]],
    ["Each opponent loses 2 life, then gain 2 life.", [{ kind: "each_opponent" }, { kind: "you" }]],
    ["Target opponent discards a card, then draw a card.", [{ kind: "target", index: 0 }, { kind: "you" }]],
  ])("%s", (text, players) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(ability.steps.map((s) => ("who" in s ? s.who : undefined))).toEqual(players);
    expect(ability.targets.length).toBe(players.filter((p) => p.kind === "target").length ? 1 : 0);
  });

  it("a card named once: one target, and 'until end of turn' for both halves joined by 'and'", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Target creature gets +2/+0 and gains Haste until end of turn.");
    expect(problems).toEqual([]);
    expect(ability.targets).toHaveLength(1);
    // One change of both (session 42: `gets +2/+0 and Haste`, the same step).
    expect(strip(ability.steps)).toEqual([{ op: "modify", on: { kind: "target", index: 0 }, stats: { power: 2, defense: 0 }, keywords: [{ name: "Haste" }], duration: { kind: "end_of_turn" } }]);
  });

  it("'Each player sacrifices a unit' is every player's sacrifice", () => {
    const { ability, problems } = lowerOne("duel", "spell", "Each player sacrifices a unit.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "sacrifice", who: { kind: "each_player" }, selector: { cardTypes: ["Unit"] }, amount: 1 }]);
  });

  it.each([
    ["Each player loses 1 life for each card in their hand.", { op: "lose_life", who: { kind: "acting" }, amount: { kind: "count", of: { zones: ["Hand"], owner: "acting" } } }],
    ["Each player gains 1 life for each unit they control.", { op: "gain_life", who: { kind: "acting" }, amount: { kind: "count", of: { cardTypes: ["Unit"], controller: "acting" } } }],
    ["Each player draws a card for each unit they control.", { op: "draw", who: { kind: "acting" }, amount: { kind: "count", of: { cardTypes: ["Unit"], controller: "acting" } } }],
  ])("%s: each player counts their own (one run per player)", (text, step) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "per_player", who: { kind: "each_player" }, steps: [step] }]);
  });
});

describe("players never collapse to you (issue 11: each player, their, they)", () => {
  it.each([
    ["Each player returns a unit they control to its owner's hand.", "move"],
    ["Each player destroys a unit they control.", "destroy"],
  ])("%s: each player chooses one of their own, then one act on all the picks", (text, op) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    // Simultaneous, as "Each player sacrifices a unit" is: the picks are gathered over the players' runs.
    expect(strip(ability.steps)).toMatchObject([
      { op: "per_player", who: { kind: "each_player" }, steps: [{ op: "choose_cards", chooser: { kind: "acting" }, selector: { cardTypes: ["Unit"], controller: "acting" }, min: 1, max: 1, label: "pick0", gather: true }] },
      { op, what: { kind: "card", ref: { kind: "chosen", label: "pick0" } } },
    ]);
  });

  it("'Target player loses 1 life for each card in their hand' counts the target's hand", () => {
    const { ability, problems } = lowerOne("duel", "spell", "Target player loses 1 life for each card in their hand.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([
      { op: "per_player", who: { kind: "target", index: 0 }, steps: [{ op: "lose_life", who: { kind: "acting" }, amount: { kind: "count", of: { zones: ["Hand"], owner: "acting" } } }] },
    ]);
  });

  it.each(["Gain 1 life for each card in their hand.", "Draw a card for each unit they control."])("%s on a spell: 'their'/'they' names no player — a diagnostic at the word", (text) => {
    const { problems } = lowerOne("duel", "spell", text);
    expect(problems.join("\n")).toMatch(/names no player here/);
  });

  it.each([
    ["If each player has no cards in hand, draw a card.", "all"],
    ["If a player has no cards in hand, draw a card.", "any"],
  ])("%s: a condition about both players, or either", (text, kind) => {
    const { ability, problems } = lowerOne("duel", "spell", text);
    expect(problems).toEqual([]);
    const cond = (who: string) => ({ kind: "compare", left: { kind: "hand_size", of: { kind: who } }, op: "=", right: 0 });
    expect(strip(ability.steps)).toEqual([{ op: "if", condition: { kind, conditions: [cond("you"), cond("opponent")] }, then: [{ op: "draw", who: { kind: "you" }, amount: 1 }] }]);
  });

  it("'Put a Bleed counter on each player' stays every player; a count 'on each player' is a diagnostic, never 'you'", () => {
    expect(strip(lowerOne("cybervamp", "spell", "Put a Bleed counter on each player.").ability.steps)).toEqual([{ op: "add_counters", counter: "Bleed", amount: 1, on: { kind: "player", ref: { kind: "each_player" } } }]);
    expect(lowerOne("cybervamp", "spell", "Gain 1 life for each Bleed counter on each player.").problems.join("\n")).toMatch(/reads one player here/);
  });
});

describe("modes the engine cannot ask for (class 21)", () => {
  it.each(["Choose up to three — gain 2 life; or draw a card.", "Choose three — gain 2 life; or draw a card.", "Choose one or both — • Gain 2 life. • Draw a card. • Gain 1 life."])(
    "%s: a diagnostic at the words after Choose (it would run as Choose one)",
    (text) => {
      const { problems } = lowerOne("duel", "spell", text);
      expect(problems.join("\n")).toMatch(/the engine chooses one mode, or a set of them/);
    },
  );

  it("'Choose two —' of three modes: a mode for each pair, its steps those modes' in order (engine s30)", () => {
    const { ability, problems } = lowerOne("duel", "spell", "Choose two — • Gain 2 life. • Draw a card. • Gain 1 life.");
    expect(problems).toEqual([]);
    const step = ability.steps[0] as Extract<Step, { op: "choose_one" }>;
    expect(step.choose).toBe("two");
    expect(step.modes.map((m) => m.text)).toEqual(["Gain 2 life and draw a card", "Gain 2 life and gain 1 life", "Draw a card and gain 1 life"]);
    expect(step.modes.map((m) => m.steps.map((x) => x.op))).toEqual([["gain_life", "draw"], ["gain_life", "gain_life"], ["draw", "gain_life"]]);
  });

  it("'Choose one or both —': each mode alone, then both; a mode's target is a slot of each set it is in", () => {
    const { ability, problems } = lowerOne("duel", "spell", "Choose one or both — Deal 1 damage to target unit; or draw a card.");
    expect(problems).toEqual([]);
    expect(ability.targets.map((t) => t.mode)).toEqual([0, 2]);
    const step = ability.steps[0] as Extract<Step, { op: "choose_one" }>;
    expect((strip(step.modes[2]!.steps) as unknown[])[0]).toMatchObject({ op: "damage", to: { kind: "target", index: 1 } });
  });

  it.each(["Choose one — • Gain 2 life. • Draw a card.", "Choose 1 — gain 2 life; or draw a card."])("%s: no diagnostic", (text) => {
    expect(lowerOne("duel", "spell", text).problems).toEqual([]);
  });
});

describe("'Choose one —' modes chosen as it is cast (class 13)", () => {
  it("each mode's targets belong to that mode", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Choose one — • Deal 1 damage to any target. • Target creature gains Haste until end of turn.");
    expect(problems).toEqual([]);
    expect(ability.targets.map((t) => [t.text, t.mode])).toEqual([
      ["any target", 0],
      ["Target creature", 1],
    ]);
  });
});

describe("silent misreadings of the outsider probes (session 4)", () => {
  it.each([
    ["duel", "Deal 2 damage to target unit or player.", "Unit", "any"],
    ["duel", "Deal 2 damage to target unit or opponent.", "Unit", "opponent"],
    ["cybervamp", "Deal 2 damage to target creature or player.", "Creature", "any"],
    ["chromatic", "[Red] Deal 2 damage to target creature or player.", "Creature", "any"],
  ])("%s: '%s' is one target that takes a card or a player", (game, text, cardType, players) => {
    const { ability, problems } = lowerOne(game, "spell", text);
    expect(problems).toEqual([]);
    expect(ability.targets.map(({ text: _t, ...t }) => t)).toEqual([{ accepts: "any", cards: { cardTypes: [cardType] }, players, min: 1, max: 1 }]);
    expect(strip(ability.steps)).toEqual([{ op: "damage", amount: 2, to: { kind: "target", index: 0 } }]);
  });

  it("'each unit or player' is a diagnostic (a card or a player is chosen only as a target), never 'each player'", () => {
    expect(lowerOne("duel", "spell", "Deal 1 damage to each unit or player.").problems.join()).toMatch(/only as a target/);
  });

  it.each([
    ["duel", "When you play this unit, gain 1 life."],
    ["cybervamp", "When you play this, gain 1 life."],
    ["cybervamp", "When you cast this creature, gain 1 life."],
    ["cybervamp", "When you cast Probe, gain 1 life."],
    ["chromatic", "[Base] When you cast this, gain 1 life."],
  ])("%s: '%s' is this card's own play, not every card you play", (game, text) => {
    const { ability, problems } = lowerOne(game, "unit", text);
    expect(problems).toEqual([]);
    expect(ability.trigger).toMatchObject({ event: "cast", subject: { kind: "self" } });
    expect(ability.trigger!.object).toBeUndefined();
  });

  it.each([
    ["duel", "Whenever this unit attacks, the defending player loses 1 life.", { kind: "defending" }],
    ["cybervamp", "Whenever this is blocked, the attacking player loses 1 life.", { kind: "active" }],
  ])("%s: '%s' names the player of the combat, not the trigger's", (game, text, who) => {
    const { ability, problems } = lowerOne(game, "unit", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "lose_life", who, amount: 1 }]);
  });

  it("'the defending player' outside a combat trigger is a diagnostic", () => {
    expect(lowerOne("duel", "spell", "The defending player loses 2 life.").problems.join()).toMatch(/only in a combat trigger/);
  });
});

describe("a spell's later sentence refers to the earlier target (Threaten chains)", () => {
  it.each([
    "Gain control of target creature until end of turn. Renew it. It gains Haste until end of turn.",
    "Gain control of target creature until end of turn.\n    Renew that creature.\n    That creature gains Haste until end of turn.",
  ])("'%s' is one ability with one target, every step on it", (text) => {
    const { ability, problems } = lowerOne("cybervamp", "spell", text);
    expect(problems).toEqual([]);
    expect(ability.targets).toHaveLength(1);
    const refs = JSON.stringify(strip(ability.steps));
    expect(refs).not.toContain('"kind":"it"');
    expect(ability.steps.length).toBe(3);
    expect(refs.match(/"kind":"target","index":0/g)?.length).toBe(ability.steps.length);
  });

  it("'its power' after a target is that target's power", () => {
    const { ability, problems } = lowerOne("duel", "spell", "Destroy target unit. You gain life equal to its power.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([
      { op: "destroy", what: { kind: "target", index: 0 } },
      { op: "gain_life", who: { kind: "you" }, amount: { kind: "stat", of: { kind: "target", index: 0 }, stat: "power" } },
    ]);
  });

  it("a Facet line's sentences are one ability of that colour", () => {
    const { ability, problems } = lowerOne("chromatic", "spell", "[Red] Exhaust target creature. Deal 1 damage to it.\n    [Blue] Draw a card.\n    [Green] Gain 1 life.");
    expect(problems).toEqual([]);
    expect(ability.tag).toBe("Red");
    expect(JSON.stringify(strip(ability.steps)).match(/"kind":"target","index":0/g)?.length).toBe(2);
  });
});

describe("events that carry the other card (session 5)", () => {
  it.each([
    ["When this blocks, it deals 1 damage to the attacking creature.", { event: "blocks" }, [{ op: "damage", amount: 1, to: { kind: "card", ref: { kind: "event_other" } }, from: { kind: "it" } }]],
    ["Whenever this blocks a creature, destroy that creature.", { event: "blocks", object: { kind: "card", selector: { cardTypes: ["Creature"] } } }, [{ op: "destroy", what: { kind: "card", ref: { kind: "event_other" } } }]],
    ["Whenever this becomes blocked, it deals 2 damage to the blocking creature.", { event: "blocked" }, [{ op: "damage", amount: 2, to: { kind: "card", ref: { kind: "event_other" } }, from: { kind: "it" } }]],
    ["Whenever a creature attacks you, the attacking creature gets -1/-0 until end of turn.", { event: "attacks", object: { kind: "player", who: "you" } }, [{ op: "modify", on: { kind: "card", ref: { kind: "event_card" } }, stats: { power: -1, defense: 0 }, duration: { kind: "end_of_turn" } }]],
    ["Whenever this deals combat damage to a creature, destroy that creature.", { event: "deals_damage", combat: true }, [{ op: "destroy", what: { kind: "card", ref: { kind: "event_other" } } }]],
    // "it" opening the effect is the trigger's own card, not the creature blocked.
    ["Whenever this blocks a creature, it gets +0/+3 until end of turn.", { event: "blocks" }, [{ op: "modify", on: { kind: "card", ref: { kind: "self" } }, stats: { power: 0, defense: 3 }, duration: { kind: "end_of_turn" } }]],
  ])("%s", (text, trigger, steps) => {
    const { ability, problems } = lowerOne("cybervamp", "unit", text);
    expect(problems).toEqual([]);
    expect(ability.trigger).toMatchObject(trigger);
    expect(strip(ability.steps)).toEqual(steps);
  });

  it("'that creature' where the event carries no other card is a note, never this card", () => {
    const { problems } = lowerOne("cybervamp", "unit", "When this enters play, destroy that creature.");
    expect(problems.join("\n")).toMatch(/"that creature" names no card here/);
  });
});

describe("'If you do' with no 'may' (session 5)", () => {
  const did = (yes: boolean) => ({ kind: "compare", left: { kind: "chosen_count", label: "it" }, op: yes ? ">" : "=", right: 0 });
  it("runs the second sentence only if the first acted on a card", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Discard a card. If you do, draw two cards.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "discard", who: { kind: "you" }, amount: 1 }, { op: "if", condition: did(true), then: [{ op: "draw", who: { kind: "you" }, amount: 2 }] }]);
  });
  it("'If you don't' runs it only if nothing was", () => {
    const { ability, problems } = lowerOne("cybervamp", "unit", "When this enters play, discard a card. If you don't, lose 2 life.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "discard", who: { kind: "you" }, amount: 1 }, { op: "if", condition: did(false), then: [{ op: "lose_life", who: { kind: "you" }, amount: 2 }] }]);
  });
  it("after a step that remembers nothing it did, it is a note (never always true)", () => {
    const { problems } = lowerOne("cybervamp", "spell", "Destroy target creature. If you do, draw a card.");
    expect(problems.join("\n")).toMatch(/"If you do": the engine knows whether you did it only after/);
  });
});

describe("whose zone: a possessive player names the zone's owner (session 6)", () => {
  const target = { kind: "target", index: 0 };
  it("'Look at the top card of target player's main deck. You may put it into their discard pile.': a player target, their deck", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Look at the top card of target player's main deck. You may put it into their discard pile.");
    expect(problems).toEqual([]);
    expect(ability.targets).toMatchObject([{ accepts: "player", players: "any", text: "target player" }]);
    expect(strip(ability.steps)).toEqual([
      { op: "look_top", who: { kind: "you" }, owner: target, zone: "Main Deck", amount: 1 },
      { op: "may", steps: [{ op: "place_looked", amount: "rest", to: "Discard Pile", who: { kind: "you" } }] },
    ]);
  });
  it.each([
    ["Reveal the top card of target opponent's main deck.", { op: "look_top", who: { kind: "you" }, owner: target, zone: "Main Deck", amount: 1, reveal: true }],
    ["Look at the top three cards of your opponent's main deck.", { op: "look_top", who: { kind: "you" }, owner: { kind: "opponent" }, zone: "Main Deck", amount: 3 }],
    ["Target player reveals the top card of their main deck.", { op: "look_top", who: target, zone: "Main Deck", amount: 1, reveal: true }],
    ["Put the top two cards of target player's main deck into their discard pile.", { op: "move_top", who: target, zone: "Main Deck", amount: 2, to: "Discard Pile" }],
    ["Shuffle target player's main deck.", { op: "shuffle", who: target, zone: "Main Deck" }],
    ["Each player shuffles their main deck.", { op: "shuffle", who: { kind: "each_player" }, zone: "Main Deck" }],
  ])("%s", (text, step) => {
    const { ability, problems } = lowerOne("cybervamp", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([step]);
  });
  it("'Search target opponent's main deck for a card': you search their deck", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Search target opponent's main deck for a card and put it into their discard pile.");
    expect(problems).toEqual([]);
    // One step: the search puts what it finds into their discard pile (not through a hand first).
    expect(strip(ability.steps)).toMatchObject([{ op: "search", who: { kind: "you" }, owner: target, zone: "Main Deck", to: "Discard Pile" }]);
    expect(ability.steps).toHaveLength(1);
  });
  it.each([
    ["Look at the top card of target player's main deck. You may put it into your discard pile.", /"your discard pile": the engine puts a card only into its owner's/],
    ["Put target creature on top of target player's main deck.", /"target player's main deck": the engine puts a card into its owner's zone/],
    ["Return target creature an opponent controls to your hand.", /"your hand": the engine puts a card into its owner's hand, and this one is an opponent's/],
    ["Return a creature card from target player's discard pile to your hand.", /not "target player's discard pile"/],
    ["Each player puts the top card of their main deck into your discard pile.", /a player's own Main Deck into that player's own Discard Pile/],
  ])("%s: a note at the words, never another player's zone", (text, note) => {
    const { problems } = lowerOne("cybervamp", "spell", text);
    expect(problems.join("\n")).toMatch(note);
    expect(problems.filter((p) => /is not used by the engine/.test(p))).toEqual([]);
  });
});

describe("a card named by its possessive, inside an amount or a player (session 6)", () => {
  it.each([
    ["cybervamp", "spell", "Gain life equal to target creature's power.", { kind: "target", index: 0 }],
    ["cybervamp", "spell", "Gain life equal to the power of target creature you control.", { kind: "target", index: 0 }],
    ["duel", "unit", "PLAY: Deal damage equal to this unit's power to target unit.", { kind: "self" }],
  ])("%s %s: %s — that card's stat", (game, kind, text, of) => {
    const { ability, problems } = lowerOne(game, kind, text);
    expect(problems).toEqual([]);
    expect(JSON.stringify(ability.steps)).toContain(JSON.stringify({ kind: "stat", of, stat: "power" }));
    expect(ability.targets[0]?.text).not.toMatch(/'s$/);
  });
  it("'the attacking creature's controller' is the attacker's controller, not this card's", () => {
    const { ability, problems } = lowerOne("cybervamp", "unit", "Whenever this blocks, the attacking creature's controller gains 1 Bleed counter.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "add_counters", counter: "Bleed", amount: 1, on: { kind: "player", ref: { kind: "controller_of", of: { kind: "event_other" } } } }]);
  });
  it("'target creature's controller' is a target's controller", () => {
    const { ability, problems } = lowerOne("cybervamp", "spell", "Target creature's controller loses 2 life.");
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "lose_life", who: { kind: "controller_of", of: { kind: "target", index: 0 } }, amount: 2 }]);
  });
  it("a phrase naming several cards in an amount is a note", () => {
    const { problems } = lowerOne("cybervamp", "spell", "Gain life equal to the power of each creature you control.");
    expect(problems.join("\n")).toMatch(/"each creature you control" names more than one card/);
  });
});

describe("'that many' after 'Each player ...' is each player's own count (session 6)", () => {
  it.each([
    ["Each player discards their hand, then draws that many cards.", { kind: "hand_size", of: { kind: "acting" } }],
    ["Each player discards two cards, then draws that many cards.", 2],
  ])("%s: one run per player, discard then draw", (text, discarded) => {
    const { ability, problems } = lowerOne("cybervamp", "spell", text);
    expect(problems).toEqual([]);
    expect(strip(ability.steps)).toEqual([{ op: "per_player", who: { kind: "each_player" }, steps: [
      { op: "discard", who: { kind: "acting" }, amount: discarded },
      { op: "draw", who: { kind: "acting" }, amount: { kind: "chosen_count", label: "it" } },
    ] }]);
  });
});
