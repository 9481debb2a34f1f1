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
  chromatic: { spell: "type: Spell\n  color: Red\n  cost: 1\n  rarity: Common" },
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
