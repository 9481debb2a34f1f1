/**
 * Issue 11 (lang-fixes-b): card fields and game-file words a designer writes from the rules texts.
 * A tribe a new set uses but the game file lacks is a new subtype (subtypes are open); close to a
 * listed one it is CW6006 (a misspelling?) with a quick fix that adds it there.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { EngineWarningCache, engineWarnings } from "../../compiler/engine-warnings.ts";
import type { SourceFile } from "../../compiler/model.ts";

const gameFile = (id: string): SourceFile => ({ path: `cards/${id}/${id}.game`, text: readFileSync(`cards/${id}/${id}.game`, "utf8") });

function applyFix(files: SourceFile[], fix: { file: string; range: { start: { offset: number }; end: { offset: number } }; text: string }): SourceFile[] {
  return files.map((f) => (f.path === fix.file ? { ...f, text: f.text.slice(0, fix.range.start.offset) + fix.text + f.text.slice(fix.range.end.offset) } : f));
}

describe("a tribe the game file lacks", () => {
  const card = (tribe: string) => `set NEW "New set" for chromatic\n\ncard "Ember Drake" {\n  type: Creature\n  tribe: ${tribe}\n  color: Red\n  cost: 2\n  attack: 1\n  defense: 3\n  rarity: Common\n  text:\n    [Base] Flying.\n    [Blue] This gets +1 attack.\n    [Green] This gets +0/+2.\n    [Yellow] Flying.\n    [Purple] Entomb: Draw a card.\n}\n`;

  it("is a new subtype: no diagnostic, the card is of it, and its own text can name it", () => {
    const files = [gameFile("chromatic"), { path: "new.cards", text: card("Dragon").replace("[Base] Flying.", "[Base] Other Dragons you control get +1 attack.") }];
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics).toEqual([]);
    const { bundles, notes } = lowerAnalysis(analysis, files);
    expect(notes).toEqual([]);
    const drake = bundles[0]!.cards.find((c) => c.name === "Ember Drake")!;
    expect(drake.subtypes).toEqual(["Dragon"]);
    expect(drake.abilities[0]!.statics?.[0]).toMatchObject({ affects: { subtypes: ["Dragon"], other: true } });
  });

  it("is named by another card's text too (a lord on a card of another tribe): it runs as written, in check and in the studio's cache", () => {
    const lord = `set LRD "Lords" for chromatic\n\ncard "Drake Caller" {\n  type: Creature\n  tribe: Mystic\n  color: Red\n  cost: 2\n  attack: 1\n  defense: 3\n  rarity: Common\n  text:\n    [Base] Other Dragons you control get +1 attack.\n    [Blue] This gets +1 attack.\n    [Green] This gets +0/+2.\n    [Yellow] Flying.\n    [Purple] Entomb: Draw a card.\n}\n`;
    const files = [gameFile("chromatic"), { path: "new.cards", text: card("Dragon") }, { path: "lord.cards", text: lord }];
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics).toEqual([]);
    const { bundles, notes } = lowerAnalysis(analysis, files);
    expect(notes).toEqual([]);
    expect(bundles[0]!.cards.find((c) => c.name === "Drake Caller")!.abilities[0]!.statics?.[0]).toMatchObject({ affects: { subtypes: ["Dragon"], other: true } });
    // The studio keeps each card's lowering: the lord is lowered again when the other card's tribe changes.
    const cache = new EngineWarningCache();
    expect(engineWarnings(analysis, files, cache)).toEqual([]);
    const renamed = [files[0]!, { path: "new.cards", text: card("Wyrm") }, files[2]!];
    expect(engineWarnings(analyzeWorkspace(renamed), renamed, cache).map((d) => [d.code, d.file])).toEqual([["CW6005", "lord.cards"]]);
    expect(engineWarnings(analysis, files, cache)).toEqual([]);
  });

  it("close to a listed one, is CW6006 at the word with the did-you-mean and a quick fix that adds it to the tribe line; applied, the set checks clean", () => {
    const files = [gameFile("chromatic"), { path: "new.cards", text: card("Mystik") }];
    const diagnostics = analyzeWorkspace(files).model.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.severity, d.suggestion])).toEqual([["CW6006", "warning", "Mystic"]]);
    const [near] = diagnostics;
    expect(files[1]!.text.slice(near!.range.start.offset, near!.range.end.offset)).toBe("Mystik");
    expect(near!.fix).toMatchObject({ title: 'Add "Mystik" to the tribe line of cards/chromatic/chromatic.game', file: "cards/chromatic/chromatic.game", text: ", Mystik" });
    const fixed = applyFix(files, near!.fix!);
    expect(fixed[0]!.text).toMatch(/^tribe Mystic, .*, Rogue, Mystik\b/m);
    expect(analyzeWorkspace(fixed).model.diagnostics).toEqual([]);
  });
});

describe("cost fields in the rules texts' words (class 12)", () => {
  const spell = (color: string, cost: string, text = "Draw a card.") => `set NEW "New set" for duel\n\ncard "Probe Spell" {\n  type: Spell\n  color: ${color}\n  cost: ${cost}\n  rarity: Common\n  text:\n    ${text}\n}\n`;
  const lowered = (color: string, cost: string, text?: string) => {
    const files = [gameFile("duel"), { path: "new.cards", text: spell(color, cost, text) }];
    const analysis = analyzeWorkspace(files);
    const { bundles } = lowerAnalysis(analysis, files);
    const notes = engineWarnings(analysis, files).map((d) => d.code);
    return { errors: analysis.model.diagnostics.map((d) => d.code), notes, cost: bundles[0]?.cards.find((c) => c.name === "Probe Spell")?.cost };
  };

  it("'discard 1 card', 'discard a card', 'discard two cards', 'erase 2 cards', 'pay 2 life' check clean and cost what they say", () => {
    expect(lowered("Yellow", "discard 1 card")).toEqual({ errors: [], notes: [], cost: [{ pays: "discard", amount: 1 }] });
    expect(lowered("Yellow", "discard a card")).toEqual({ errors: [], notes: [], cost: [{ pays: "discard", amount: 1 }] });
    expect(lowered("Yellow", "discard two cards")).toEqual({ errors: [], notes: [], cost: [{ pays: "discard", amount: 2 }] });
    expect(lowered("Green", "erase 2 cards")).toEqual({ errors: [], notes: [], cost: [{ pays: "erase", amount: 2 }] });
    expect(lowered("Red", "pay 2 life")).toEqual({ errors: [], notes: [], cost: [{ pays: "life", amount: 2 }] });
  });

  it("still refuses what it cannot read", () => {
    expect(lowered("Yellow", "discard many cards").errors).toContain("CW2033");
    expect(lowered("Red", "pay life").errors).toContain("CW2033");
  });

  it("a trigger on a card that never enters play (PLAY: on a Spell) is CW6001: it would never fire", () => {
    expect(lowered("Yellow", "discard 1 card", "PLAY: Draw a card.").notes).toEqual(["CW6001"]);
    expect(lowered("Yellow", "discard 1 card", "Whenever an opponent draws a card, draw a card.").notes).toEqual(["CW6001"]);
    expect(lowered("Yellow", "discard 1 card", "Draw a card.").notes).toEqual([]);
  });
});

describe("a card type in the rules text's own word (class 12)", () => {
  it("'type: Support' (the Duel text's word for spells, `cardtype Spell also \"Support\"`) is CW2003 with did-you-mean Spell", () => {
    const card = `set NEW "New set" for duel\n\ncard "Probe Support" {\n  type: Support\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n`;
    const diagnostics = analyzeWorkspace([gameFile("duel"), { path: "new.cards", text: card }]).model.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.suggestion])).toEqual([["CW2003", "Spell"]]);
  });
});

describe("a keyword ability's X with no value (class 13)", () => {
  const creature = (text: string) => `set NEW "New set" for cybervamp\n\ncard "Probe Vampire" {\n  type: Creature — Vampire\n  faction: Red\n  cost: {1}\n  power: 1\n  defense: 2\n  text:\n    ${text}\n}\n`;
  const warnings = (text: string) => {
    const files = [gameFile("cybervamp"), { path: "new.cards", text: creature(text) }];
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics).toEqual([]);
    return engineWarnings(analysis, files).map((d) => [d.code, files[1]!.text.slice(d.range.start.offset, d.range.end.offset)]);
  };

  it("'Multi-block X.' (checked clean, ran with no amount) is CW6001 at the X; 'Multi-block 2.' is clean", () => {
    expect(warnings("Multi-block X.")).toEqual([["CW6001", "X"]]);
    expect(warnings("Haste, Bleed X.")).toEqual([["CW6001", "X"]]);
    expect(warnings("Multi-block 2.")).toEqual([]);
  });
});

describe("a keyword defined as a trigger about another card or a player (issue 12, session 25)", () => {
  // runtime/mechanics/bleed.ts notes a keyword's trigger for the event's own card only, as "Whenever this ..." reads: one
  // about another card or a player would never fire, and the game file said nothing.
  const withKeyword = (definition: string) => {
    const game = gameFile("cybervamp");
    const text = game.text.replace(/^(keyword ability Bleed X = .*)$/m, `$1\n${definition}`);
    const files = [{ ...game, text }];
    const analysis = analyzeWorkspace(files);
    expect(analysis.model.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    return engineWarnings(analysis, files).map((d) => [d.code, text.slice(d.range.start.offset, d.range.end.offset), d.message.includes('"Whenever this ..."')]);
  };

  it("'Whenever another creature dies, ...' and 'Whenever an opponent draws a card, ...' are CW6001 at the definition, naming the form that runs", () => {
    expect(withKeyword('keyword ability Scavenge = "Whenever another creature dies, you gain 1 life."')).toEqual([["CW6001", '"Whenever another creature dies, you gain 1 life."', true]]);
    expect(withKeyword('keyword ability Watchful = "Whenever an opponent draws a card, you gain 1 life."')).toEqual([["CW6001", '"Whenever an opponent draws a card, you gain 1 life."', true]]);
  });

  it("a keyword's trigger about its own card is clean (as CYBERVAMP's Bleed)", () => {
    expect(withKeyword('keyword ability Thirst = "Whenever this attacks, you gain 1 life."')).toEqual([]);
  });
});
