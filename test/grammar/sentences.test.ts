/**
 * Forms added in session 2: a second sentence of a trigger or prefixed ability on the same line,
 * the inline modal (`Choose one — A; or B.`), `the top three cards`, and `back` after a verb.
 */
import { describe, expect, it } from "vitest";
import type * as A from "../../compiler/ast.ts";
import { parseAbilityText } from "../../compiler/build.ts";
import { formatAbility } from "../../compiler/format.ts";
import { withoutRanges } from "./helpers.ts";

function parse(text: string): A.Ability[] {
  const { abilities, diagnostics } = parseAbilityText(text, "t");
  expect(diagnostics).toEqual([]);
  return abilities;
}

function verbs(seq: A.Sequence): string[] {
  return seq.steps.map((s) => s.clause.verb?.lemma ?? "");
}

/** The formatted text parses back to the same tree. */
function roundTrips(ability: A.Ability): string {
  const text = formatAbility(ability);
  const again = parse(text);
  expect(again).toHaveLength(1);
  expect(withoutRanges(again[0])).toEqual(withoutRanges(ability));
  return text;
}

describe("a second sentence on the line of a trigger or prefix", () => {
  it("stays in a marker's ability", () => {
    const [ability, ...rest] = parse("PLAY: Deal 1 damage to target unit. Draw a card.");
    expect(rest).toEqual([]);
    const body = ability!.body;
    expect(body.kind).toBe("prefixed");
    if (body.kind !== "prefixed" || body.body.kind !== "statement") throw new Error(`unexpected ${body.kind}`);
    expect(verbs(body.body.effect)).toEqual(["deal", "draw"]);
    expect(body.body.effect.steps[1]!.connector).toBe(".");
    expect(roundTrips(ability!)).toBe("PLAY: Deal 1 damage to target unit. Draw a card.");
  });

  it("stays in a trigger, and in a cost's ability", () => {
    const [trigger, cost, ...rest] = parse("When you draw, Scry 1. Gain 1 life.\n{R}, Exhaust: Draw a card. Each opponent loses 1 life. Gain 1 life.");
    expect(rest).toEqual([]);
    if (trigger!.body.kind !== "triggered" || trigger!.body.effect.kind !== "sequence") throw new Error(trigger!.body.kind);
    expect(trigger!.body.effect.steps.map((s) => s.clause.verb?.text)).toEqual(["Scry", "gain"]);
    if (cost!.body.kind !== "prefixed" || cost!.body.body.kind !== "statement") throw new Error(cost!.body.kind);
    expect(verbs(cost!.body.body.effect)).toEqual(["draw", "lose", "gain"]);
    expect(roundTrips(trigger!)).toBe("When you draw, Scry 1. Gain 1 life.");
    roundTrips(cost!);
  });

  it("is another ability on a line of its own, or when it opens an ability of its own", () => {
    const abilities = parse(
      [
        "PLAY: Deal 1 damage to target unit.",
        "Draw a card.",
        "When you draw, Scry 1. When you discard a card, gain 1 life.",
        "PLAY: Draw a card. Exhaust: Gain 1 life.",
        "PLAY: Draw a card. [Red] Gain 1 life.",
        "PLAY: Draw a card. If you have no cards in hand, draw a card.",
        "Haste. Bleed 2.",
        "Deal 3 damage to any target. Draw a card.",
      ].join("\n"),
    );
    expect(abilities.map((a) => a.body.kind)).toEqual([
      "prefixed", "statement", "triggered", "triggered", "prefixed", "prefixed", "prefixed", "statement", "prefixed", "conditional", "keywords", "keywords", "statement", "statement",
    ]);
  });

  it("keeps `. Then` as before", () => {
    const [ability] = parse("When this enters play, destroy target creature. Then draw a card.");
    if (ability!.body.kind !== "triggered" || ability!.body.effect.kind !== "sequence") throw new Error(ability!.body.kind);
    expect(ability!.body.effect.steps.map((s) => s.connector)).toEqual(["", ". then"]);
  });
});

describe("the inline modal", () => {
  it("has the same tree as the bullet form", () => {
    const [inline] = parse("Choose one — Deal 2 damage to any target; or draw a card.");
    const [bullets] = parse("Choose one — • Deal 2 damage to any target. • Draw a card.");
    expect(withoutRanges(inline)).toEqual(withoutRanges(bullets));
    if (inline!.body.kind !== "modal") throw new Error(inline!.body.kind);
    expect(inline!.body.modes.map(verbs)).toEqual([["deal"], ["draw"]]);
  });

  it("takes `A or B` without a semicolon, and keeps `or` inside a noun phrase", () => {
    const [plain, nouns] = parse("Choose one — Draw a card or gain 1 life.\nChoose one — Destroy target creature or artifact; or draw a card.");
    if (plain!.body.kind !== "modal" || nouns!.body.kind !== "modal") throw new Error("expected modals");
    expect(plain!.body.modes.map(verbs)).toEqual([["draw"], ["gain"]]);
    expect(nouns!.body.modes.map(verbs)).toEqual([["destroy"], ["draw"]]);
    roundTrips(plain!);
  });

  it("takes three modes, with or without `or`", () => {
    const [ability] = parse("Choose one — Draw a card; gain 2 life; or each opponent loses 1 life.");
    if (ability!.body.kind !== "modal") throw new Error(ability!.body.kind);
    expect(ability!.body.modes.map(verbs)).toEqual([["draw"], ["gain"], ["lose"]]);
    expect(roundTrips(ability!)).toBe("Choose one —\n• Draw a card.\n• Gain 2 life.\n• Each opponent loses 1 life.");
  });
});

describe("looking at the top of a deck", () => {
  it("reads `the top three cards of your deck` as one noun phrase", () => {
    const [ability] = parse("Look at the top three cards of your deck, put one into your hand and the rest back in any order.");
    if (ability!.body.kind !== "statement") throw new Error(ability!.body.kind);
    const [look, put, rest] = ability!.body.effect.steps.map((s) => s.clause);
    expect(look!.verb?.text).toBe("Look");
    const at = look!.tail[0];
    if (at?.kind !== "prep") throw new Error(at?.kind);
    expect(at.object.items.map((i) => (i.kind === "count" ? i.value : i.kind === "word" ? i.text : i.kind))).toEqual(["top", 3, "cards"]);
    expect(put!.verb?.lemma).toBe("put");
    // `and the rest back in any order`: the verb of `put` left out, `back` an adverb.
    expect(rest!.verb).toBeUndefined();
    expect(rest!.object?.items.map((i) => (i.kind === "word" ? i.text : i.kind))).toEqual(["rest"]);
    expect(rest!.tail.map((t) => t.kind)).toEqual(["particle", "prep"]);
    roundTrips(ability!);
  });

  it("reads `and the other into ...` as a step of its own after a clause with a preposition, and joins noun phrases otherwise", () => {
    const [look, put] = parse("Look at the top two cards of your deck, put one on the bottom of your deck and the other into your Graveyard.\nPut target creature and the top card into your hand.");
    if (look!.body.kind !== "statement" || put!.body.kind !== "statement") throw new Error("expected statements");
    const [, first, other] = look!.body.effect.steps.map((s) => s.clause);
    expect(first!.tail.map((t) => (t.kind === "prep" ? t.prep : t.kind))).toEqual(["on"]);
    const of = first!.tail[0]!.kind === "prep" ? first!.tail[0]!.object.filters[0] : undefined;
    expect(of?.kind === "prep" ? of.object.also : "no filter").toBeUndefined();
    expect(other!.verb).toBeUndefined();
    expect(other!.object?.determiners.map((d) => (d.kind === "determiner" ? d.lemma : d.kind))).toEqual(["the", "other"]);
    expect(other!.tail.map((t) => (t.kind === "prep" ? t.prep : t.kind))).toEqual(["into"]);
    const joined = put!.body.effect.steps;
    expect(joined).toHaveLength(1);
    expect(joined[0]!.clause.object?.also).toHaveLength(1);
    roundTrips(look!);
  });

  it("reads `put them back in any order` and `reveal the top 2 cards`", () => {
    const abilities = parse("Look at the top two cards of your deck, then put them back in any order.\nReveal the top 2 cards of your deck.");
    expect(abilities).toHaveLength(2);
    for (const ability of abilities) roundTrips(ability);
  });
});
