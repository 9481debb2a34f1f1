/**
 * Checker behaviour added in session 2, on the bundled game files: a trigger's second sentence
 * runs in the trigger, token keywords are checked as keywords, subtypes point at the game file,
 * and the totals of a capped file are the true ones.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace, MAX_DIAGNOSTICS_PER_FILE } from "../../compiler/workspace.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import type { SourceFile } from "../../compiler/model.ts";
import { summarize, summaryLine } from "../../cli/commands/check.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const gameFile = (id: string): SourceFile => ({ path: `cards/${id}/${id}.game`, text: readFileSync(path.join(root, `cards/${id}/${id}.game`), "utf8") });

function unit(name: string, text: string, extra = ""): string {
  return `card "${name}" {\n  type: Unit${extra}\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Gray\n  text:\n    ${text}\n}\n`;
}

function duel(...cards: string[]): SourceFile[] {
  return [gameFile("duel"), { path: "t.cards", text: `set TST "Test" for duel\n\n${cards.join("\n")}` }];
}

describe("a second sentence on a trigger's line", () => {
  it("checks clean, and the lowering runs both effects inside the trigger", () => {
    const files = duel(unit("Spark Squire", "PLAY: Deal 1 damage to target unit. Draw a card."), unit("Archivist", "When you draw, Erase target card from a Graveyard. Gain 1 life."));
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics).toEqual([]);
    const lowered = lowerWorkspace(files, { previous: analysis });
    expect(lowered.notes).toEqual([]);
    const cards = lowered.bundles.find((b) => b.game.id === "duel")!.cards;
    const squire = cards.find((c) => c.name === "Spark Squire")!;
    expect(squire.abilities).toHaveLength(1);
    expect(squire.abilities[0]!.trigger?.event).toBe("enters");
    expect(squire.abilities[0]!.steps.map((s) => s.op)).toEqual(["damage", "draw"]);
    const archivist = cards.find((c) => c.name === "Archivist")!;
    expect(archivist.abilities).toHaveLength(1);
    expect(archivist.abilities[0]!.trigger?.event).toBe("draw");
    expect(archivist.abilities[0]!.steps.map((s) => s.op)).toContain("gain_life");
  });
});

describe("looking at the top of a deck", () => {
  it("checks and lowers to the IR's look and place steps ('in any order': the owner orders the rest)", () => {
    const files = duel(
      unit("Seer", "PLAY: Look at the top three cards of your deck, put one into your hand and the rest back in any order."),
      unit("Sifter", "PLAY: Look at the top two cards of your deck, put one on the bottom of your deck and the other into your Graveyard."),
    );
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics).toEqual([]);
    const lowered = lowerWorkspace(files, { previous: analysis });
    // "in any order" runs: the owner orders the rest (a place step that asks), so nothing is left unread.
    expect(lowered.notes.map((n) => [n.code, n.message])).toEqual([]);
    const cards = lowered.bundles.find((b) => b.game.id === "duel")!.cards;
    for (const name of ["Seer", "Sifter"]) {
      const card = cards.find((c) => c.name === name)!;
      expect(card.abilities.map((a) => a.steps.map((s) => s.op))).toEqual([["look_top", "place_looked", "place_looked"]]);
    }
    const seerRest = cards.find((c) => c.name === "Seer")!.abilities[0]!.steps[2]!;
    expect(seerRest).toMatchObject({ op: "place_looked", amount: "rest", order: true });
  });
});

describe("keywords of a created token", () => {
  const cybervamp = (text: string): SourceFile[] => [
    gameFile("cybervamp"),
    { path: "t.cards", text: `set TST "Test" for cybervamp\n\ncard "Maker" {\n  type: Creature — Vampire\n  faction: Red\n  cost: {R}{2}\n  stats: 3/3\n  text:\n    ${text}\n}\n` },
  ];
  const diagnostics = (text: string) => analyzeWorkspace(cybervamp(text)).model.diagnostics.filter((d) => d.file === "t.cards").map((d) => [d.code, d.message, d.suggestion]);

  it("reports a misspelt keyword with its suggestion, and an unknown one as a keyword", () => {
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Tirelss.")).toEqual([["CW2001", 'Unknown keyword "Tirelss" in game "cybervamp".', "Tireless"]]);
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Haste and Tireles.")).toEqual([["CW2001", 'Unknown keyword "Tireles" in game "cybervamp".', "Tireless"]]);
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Flyng.")).toEqual([["CW2001", 'Unknown keyword "Flyng" in game "cybervamp".', undefined]]);
  });

  it("accepts declared keywords joined by `and`, and gives the token all of them", () => {
    const files = cybervamp("When this enters play, create a 1/1 Bat token with Haste and Tireless.");
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Haste and Tireless.")).toEqual([]);
    const card = lowerWorkspace(files).bundles.find((b) => b.game.id === "cybervamp")!.cards.find((c) => c.name === "Maker")!;
    const create = card.abilities[0]!.steps.find((s) => s.op === "create_token");
    expect(create && "token" in create ? create.token.keywords : []).toEqual([{ name: "Haste" }, { name: "Tireless" }]);
  });

  const createSteps = (text: string) => lowerWorkspace(cybervamp(text)).bundles.find((b) => b.game.id === "cybervamp")!.cards.find((c) => c.name === "Maker")!.abilities[0]!.steps;

  it("keeps a keyword's number in the list, and the keywords after it (`with Bleed 2 and Haste`)", () => {
    const text = "When this enters play, create a 1/1 Bat token with Bleed 2 and Haste.";
    expect(diagnostics(text)).toEqual([]);
    const steps = createSteps(text);
    expect(steps.map((s) => s.op)).toEqual(["create_token"]);
    expect(steps[0]!.op === "create_token" ? steps[0]!.token.keywords : []).toEqual([{ name: "Bleed", amount: 2 }, { name: "Haste" }]);
  });

  it("reads a comma list ending in `and`, a number on any item", () => {
    const text = "When this enters play, create a 1/1 Bat token with Haste, Bleed 3 and Tireless.";
    expect(diagnostics(text)).toEqual([]);
    const steps = createSteps(text);
    expect(steps.map((s) => s.op)).toEqual(["create_token"]);
    expect(steps[0]!.op === "create_token" ? steps[0]!.token.keywords : []).toEqual([{ name: "Haste" }, { name: "Bleed", amount: 3 }, { name: "Tireless" }]);
  });

  it("checks every keyword of the list (did you mean)", () => {
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Bleed 2, Hast and Tireless.")).toEqual([["CW2001", 'Unknown keyword "Hast" in game "cybervamp".', "Haste"]]);
    expect(diagnostics("When this enters play, create a 1/1 Bat token with Bleed 2 and Tirelss.")).toEqual([["CW2001", 'Unknown keyword "Tirelss" in game "cybervamp".', "Tireless"]]);
  });

  it("a keyword line keeps the numbers of the keywords after the first (`Haste, Bleed 2.`)", () => {
    const card = lowerWorkspace(cybervamp("Haste, Bleed 2.")).bundles.find((b) => b.game.id === "cybervamp")!.cards.find((c) => c.name === "Maker")!;
    expect(card.abilities[0]!.keyword).toEqual({ name: "Haste" });
    expect(card.abilities[0]!.statics).toEqual([{ kind: "modify", affects: { self: true }, keywords: [{ name: "Bleed", amount: 2 }] }]);
  });

  it("checks the keywords a card gains or has (did you mean), not what a player gains", () => {
    expect(diagnostics("When this enters play, target creature gains Bleed 2, Hast and Tireless until end of turn.")).toEqual([["CW2001", 'Unknown keyword "Hast" in game "cybervamp".', "Haste"]]);
    expect(diagnostics("Vampires you control have Blede 1.")).toEqual([["CW2001", 'Unknown keyword "Blede" in game "cybervamp".', "Bleed"]]);
    expect(diagnostics("When this enters play, target creature gains Bleed 2 and Haste until end of turn.")).toEqual([]);
    expect(diagnostics("When this enters play, you gain 2 life.")).toEqual([]);
  });

  it("a comma that does not start a keyword list still ends the phrase", () => {
    const steps = createSteps("When this enters play, create a 1/1 Bat token with Haste, then draw a card.");
    expect(steps.map((s) => s.op)).toEqual(["create_token", "draw"]);
  });
});

describe("a subtype the game file does not list", () => {
  it("is a new one (subtypes are open), or CW6006 with the did-you-mean when it is close to a listed one", () => {
    const files = duel(unit("A", "Draw a card.", " — Knigt"), unit("B", "Draw a card.", " — Pirate"));
    const found = analyzeWorkspace(files).model.diagnostics.filter((d) => d.code === "CW2032" || d.code === "CW6006");
    expect(found.map((d) => [d.code, d.message, d.suggestion])).toEqual([
      ["CW6006", 'Subtype "Knigt" is not on the `subtype` line of cards/duel/duel.game, but it is close to "Knight": a new subtype, or a misspelling?', "Knight"],
    ]);
  });

  it("names the `tribe` line of a game that declares tribes", () => {
    const text = `set TST "Test" for chromatic\n\ncard "Seer" {\n  type: Creature\n  tribe: Mystc\n  color: Blue\n  cost: 2\n  attack: 1\n  defense: 3\n  text:\n    [Base] Flying.\n    [Red] Flying.\n    [Green] Flying.\n    [Yellow] Flying.\n    [Purple] Flying.\n}\n`;
    const found = analyzeWorkspace([gameFile("chromatic"), { path: "t.cards", text }]).model.diagnostics.filter((d) => d.code === "CW6006");
    expect(found.map((d) => [d.message, d.suggestion])).toEqual([['Subtype "Mystc" is not on the `tribe` line of cards/chromatic/chromatic.game, but it is close to "Mystic": a new subtype, or a misspelling?', "Mystic"]]);
  });

  it("named in card text, unknown, is still CW2032 when close to a listed one", () => {
    const found = analyzeWorkspace(duel(unit("A", "Other Knigths you control get +1 power."))).model.diagnostics.filter((d) => d.code === "CW2032");
    expect(found.map((d) => d.suggestion)).toEqual(["Knights"]);
  });
});

describe("a file with more diagnostics than are listed", () => {
  it("counts every one in the summary and says how many are not shown", () => {
    const cards = Array.from({ length: 150 }, (_, i) => unit(`C${i}`, "Draw a card.").replace("rarity: Gray", "rarity: Grey").replace("color: Gray", "color: Grya"));
    const analysis = analyzeWorkspace(duel(...cards));
    const listed = analysis.model.diagnostics.filter((d) => d.file === "t.cards");
    expect(listed).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(listed[MAX_DIAGNOSTICS_PER_FILE]!.message).toBe("100 more diagnostics in this file are not shown.");
    expect(analysis.omitted).toEqual({ errors: 100, warnings: 0, infos: 0 });
    const summary = summarize(analysis.model, 2, analysis.omitted);
    expect(summary).toMatchObject({ errors: 300, warnings: 0, infos: 0, omitted: 100 });
    expect(summaryLine(summary)).toBe("Checked 2 files (duel 150 cards): 300 errors, 0 warnings (100 not shown).");
  });

  it("counts the syntax errors past the parser's own cap", () => {
    const text = `set T1 "T" for duel\n${"@ ".repeat(300)}`;
    const analysis = analyzeWorkspace([gameFile("duel"), { path: "g.cards", text }]);
    const summary = summarize(analysis.model, 2, analysis.omitted);
    const listedErrors = analysis.model.diagnostics.filter((d) => d.severity === "error" && d.code !== "CW1009").length;
    expect(analysis.omitted.errors).toBe(200);
    expect(summary.errors).toBe(listedErrors + 200);
    expect(summary.omitted).toBe(200);
  });
});
