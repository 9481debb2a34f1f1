/**
 * The formatter's two properties on every bundled game and card file and on the fixtures:
 * parse(format(parse(t))) equals parse(t) ignoring ranges, and format is idempotent.
 */
import fc from "fast-check";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type * as A from "../../compiler/ast.ts";
import { parseAbilityText, parseDocument } from "../../compiler/build.ts";
import { formatAbility, formatCardText, formatDocument } from "../../compiler/format.ts";
import { filesUnder, read, rel, repoRoot, withoutRanges } from "./helpers.ts";

const files = [
  ...filesUnder(join(repoRoot, "cards"), [".cards", ".game"]),
  ...filesUnder(join(repoRoot, "test", "fixtures", "ast"), [".cards", ".game"]).filter((f) => !f.includes(join("ast", "errors"))),
];

describe("formatter round trip", () => {
  it("finds files to format", () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });
  for (const path of files) {
    it(rel(path), () => {
      const text = read(path);
      const first = parseDocument(text, rel(path));
      const formatted = formatDocument(first.ast);
      const second = parseDocument(formatted, rel(path));
      expect(second.diagnostics).toEqual([]);
      expect(withoutRanges(second.ast)).toEqual(withoutRanges(first.ast));
      expect(formatDocument(second.ast)).toBe(formatted);
    });
  }
});

function only(text: string): A.Ability {
  const { abilities, diagnostics } = parseAbilityText(text, "t");
  expect(diagnostics).toEqual([]);
  expect(abilities).toHaveLength(1);
  return abilities[0]!;
}

describe("canonical ability text", () => {
  it.each([
    ["when this ENTERS play ,draw A card", "When this enters play, draw a card."],
    ["  haste ,  Bleed 2 ", "haste, Bleed 2."],
    ["{R}{1} , Exhaust :deal 2 damage to any target", "{R}{1}, Exhaust: Deal 2 damage to any target."],
    ["PLAY: gain 1 life", "PLAY: Gain 1 life."],
    ["[Red] this gets +1 attack", "[Red] This gets +1 attack."],
    ["target creature gets +2/+0 until end of turn", "Target creature gets +2/+0 until end of turn."],
    ["deal X damage to target unit where X is the number of cards in your hand", "Deal X damage to target unit, where X is the number of cards in your hand."],
    ["destroy target creature. then draw a card", "Destroy target creature. Then draw a card."],
    ["it cannot attack or block", "It cannot attack or block."],
    ["Create a 1/1 “Bat” token", 'Create a 1/1 "Bat" token.'],
    ["create a 1/1 Bat token with Bleed 2 ,Haste and Tireless", "Create a 1/1 Bat token with Bleed 2, Haste and Tireless."],
    ["create a 1/1 Bat token with Haste and Bleed 2", "Create a 1/1 Bat token with Haste and Bleed 2."],
    ["target creature gains Bleed 2, Haste and Flying until end of turn", "Target creature gains Bleed 2, Haste and Flying until end of turn."],
    ["PLAY: deal 1 damage to target unit.  draw a card", "PLAY: Deal 1 damage to target unit. Draw a card."],
    ["when you draw, Scry 1. you gain 1 life", "When you draw, Scry 1. You gain 1 life."],
    ["Look at the top THREE cards of your deck, then put them BACK in any order", "Look at the top three cards of your deck, then put them back in any order."],
  ])("%s → %s", (input, expected) => {
    expect(formatAbility(only(input))).toBe(expected);
  });

  it("prints the inline modal in the bullet form", () => {
    expect(formatAbility(only("choose one -- deal 2 damage to any target; or draw a card"))).toBe("Choose one —\n• Deal 2 damage to any target.\n• Draw a card.");
  });

  it("prints a modal ability one mode per line, or on one line on request", () => {
    const modal = only("Choose one -- • Deal 2 damage to any target. • draw a card.");
    expect(formatAbility(modal)).toBe("Choose one —\n• Deal 2 damage to any target.\n• Draw a card.");
    expect(formatAbility(modal, { singleLine: true })).toBe("Choose one — • Deal 2 damage to any target. • Draw a card.");
  });

  it("prints a card's rules text one ability per line", () => {
    const { ast } = parseDocument('set S "S" for g\ncard "C" { type: Unit\n text: Haste. When you draw, Scry 1. }', "t.cards");
    if (ast.kind !== "cardFile") throw new Error("expected a card file");
    expect(formatCardText(ast.cards[0]!)).toBe("Haste.\nWhen you draw, Scry 1.");
  });

  it("keeps comments, own-line and trailing, and hand-aligned comment columns", () => {
    const text = 'game g "G"\n\n# resources\nparam a = 1     # one\nparam bb = 2    # two\n';
    const { ast } = parseDocument(text, "g.game");
    expect(formatDocument(ast)).toBe(text);
  });
});

describe("formatter round trip on generated abilities (fast-check)", () => {
  const words = ["When", "Whenever", "At", "the", "start", "of", "your", "turn", "this", "it", "you", "target", "each", "another", "a", "two", "3", "+1/+1", "X", "creature", "Vampire", "card", "cards", "enters", "play", "draw", "draws", "deal", "damage", "to", "any", "gain", "life", "gets", "+1", "power", "until", "end", "control", "controls", "opponent", "may", "can't", "attack", "or", "block", "is", "destroyed", "would", "instead", "if", "then", "and", ",", ".", ":", "Exhaust", "{R}", "Scry", "Haste", "Choose", "one", "—", "•", "with", "from", "in", "hand", "equal", "number", "where", "that", "attacked", "this turn", "[Red]", '"Bat"', "token", "put", "counter", "on", "return", "into", "less", "5", "PLAY", "as long as", "Until end of turn,", "cast", "spells", "The first time", "gains", "Flying", "player", ";", "back", "three", "top", "rest", "Haste and Flying", "Bleed 2", "Tireless"];
  it("every generated ability that parses cleanly formats to text that parses to the same tree", () => {
    let clean = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 14 }), (ws) => {
        const first = parseAbilityText(ws.join(" "), "t");
        if (first.diagnostics.length > 0 || first.abilities.length !== 1) return;
        clean++;
        const text = formatAbility(first.abilities[0]!);
        const second = parseAbilityText(text, "t");
        expect(second.diagnostics).toEqual([]);
        expect(withoutRanges(second.abilities)).toEqual(withoutRanges(first.abilities));
        expect(formatAbility(second.abilities[0]!)).toBe(text);
      }),
      { numRuns: 1500, seed: 7 },
    );
    // The generator must reach real abilities, or the property says nothing.
    expect(clean).toBeGreaterThan(100);
  });
});
