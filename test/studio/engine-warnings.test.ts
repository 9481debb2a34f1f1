/**
 * CW6001 in the studio: the checker worker calls the CLI's engineWarnings with a cache that
 * lowers only the cards whose text changed. Cached or not, the warnings are the same.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { EngineWarningCache, engineWarnings } from "../../compiler/engine-warnings.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";

const root = path.join(import.meta.dirname, "..", "..");
const game = { path: "duel/duel.game", text: readFileSync(path.join(root, "cards/duel/duel.game"), "utf8") };
const core = { path: "duel/core.cards", text: readFileSync(path.join(root, "cards/duel/core.cards"), "utf8") };
/** A unit whose second line is an effect on its own: it checks, but the engine cannot run it. */
const squire = (name: string, own: string) =>
  `card "${name}" {\n  type: Unit\n  color: Gray\n  cost: free\n  power: 1\n  rarity: Common\n  text:\n    PLAY: Deal 1 damage to target enemy unit.\n    ${own}\n}\n`;
const sorted = (list: Diagnostic[]) => [...list].sort((a, b) => a.file.localeCompare(b.file) || a.range.start.offset - b.range.start.offset);

describe("engine warnings (CW6001)", () => {
  it("are the same with the studio's cache as without, across edits, and shown whatever errors the file or other cards have", () => {
    const cache = new EngineWarningCache();
    const set = (cards: string) => ({ path: "duel/test.cards", text: `set TST "Test" for duel\n\n${cards}` });
    const versions = [
      [game, core, set(squire("Spark Squire", "Draw a card."))],
      // A card added above moves the warning down: the cached note follows its card.
      [game, core, set(squire("Early Squire", "Deal 1 damage to target enemy unit.") + "\n" + squire("Spark Squire", "Draw a card."))],
      // An error in another card of the file does not hide this card's warning (issue 11, class 11).
      [game, core, set(squire("Spark Squire", "Draw a card.") + "card \"Broken\" {\n  type: Nonsense\n}\n")],
      // Nor does an error in the same card on other words.
      [game, core, set(squire("Spark Squire", "Draw a card.").replace("rarity: Common", "rarity: Comon"))],
      [game, core, set(squire("Spark Squire", "PLAY: Draw a card."))],
    ];
    let previous;
    const seen: number[] = [];
    for (const sources of versions) {
      const analysis = analyzeWorkspace(sources, previous ? { previous } : {});
      const cached = engineWarnings(analysis, sources, cache);
      expect(sorted(cached)).toEqual(sorted(engineWarnings(analyzeWorkspace(sources), sources)));
      expect(cached.every((d) => d.code === "CW6001" && d.severity === "warning")).toBe(true);
      seen.push(cached.filter((d) => d.file === "duel/test.cards").length);
      previous = analysis;
    }
    expect(seen).toEqual([1, 2, 1, 1, 0]);
    // The cache keeps how the engine reads each card, for the studio's hover and card panel.
    expect(cache.readsAs("duel/test.cards", "Spark Squire")).toEqual(["PLAY: Deal 1 damage to target unit an opponent controls.", "PLAY: Draw a card."]);
  });
});

describe("CW6005 of an ability the parser recovered from", () => {
  it("is left out, cached or not — its reads-as would come from error recovery — while the same unused word in a sentence that parses is said", () => {
    const cvGame = { path: "cybervamp/cybervamp.game", text: readFileSync(path.join(root, "cards/cybervamp/cybervamp.game"), "utf8") };
    const spell = (name: string, text: string) => `card "${name}" {\n  type: Spell\n  faction: Red\n  cost: {R}\n  text:\n    ${text}\n}\n`;
    const set = (cards: string) => ({ path: "cybervamp/test.cards", text: `set TST "Test" for cybervamp\n\n${cards}` });
    // A card above moves the recovered one: the cached note's ability range follows its card.
    const versions = [
      [cvGame, set(spell("Bleed Toll", "Each player whose hand holds two or more Bleed counters loses 2 life."))],
      [cvGame, set(spell("Early", "Draw a card.") + "\n" + spell("Bleed Toll", "Each player whose hand holds two or more Bleed counters loses 2 life."))],
    ];
    const cache = new EngineWarningCache();
    let previous;
    for (const sources of versions) {
      const analysis = analyzeWorkspace(sources, previous ? { previous } : {});
      expect(analysis.model.diagnostics.some((d) => d.code === "CW1003")).toBe(true);
      for (const warnings of [engineWarnings(analysis, sources, cache), engineWarnings(analyzeWorkspace(sources), sources)]) expect(warnings.filter((d) => d.code === "CW6005")).toEqual([]);
      previous = analysis;
    }
    const parses = [cvGame, set(spell("Bleed Toll", "Destroy target damaged creature."))];
    expect(engineWarnings(analyzeWorkspace(parses), parses).map((d) => d.code)).toEqual(["CW6005"]);
  });
});

describe("engine warnings of a file nobody edited", () => {
  it("follow a subtype another file's edit adds or takes away (the unchanged file's notes are kept only while its game and subtypes are)", async () => {
    const { WorkspaceChecker } = await import("../../studio/src/worker/checker.ts");
    const chromatic = { path: "chromatic/chromatic.game", text: readFileSync(path.join(root, "cards/chromatic/chromatic.game"), "utf8") };
    const creature = (name: string, tribe: string, line: string) =>
      `card "${name}" {\n  type: Creature\n  tribe: ${tribe}\n  color: Red\n  cost: 2\n  attack: 1\n  defense: 3\n  rarity: Common\n  text:\n    [Base] ${line}\n    [Blue] This gets +1 attack.\n    [Green] This gets +0/+2.\n    [Yellow] Flying.\n    [Purple] Entomb: Draw a card.\n}\n`;
    // The lord names Dragons, a subtype only the other file's card brings.
    const lords = { path: "chromatic/lords.cards", text: `set LRD "Lords" for chromatic\n\n${creature("Drake Caller", "Mystic", "Other Dragons you control get +1 attack.")}` };
    const drakes = (tribe: string) => ({ path: "chromatic/drakes.cards", text: `set DRK "Drakes" for chromatic\n\n${creature("Ember Drake", tribe, "Flying.")}` });
    const checker = new WorkspaceChecker();
    const onLords = (sources: { path: string; text: string }[]) => checker.check(sources).model.diagnostics.filter((d) => d.file === lords.path).map((d) => d.code);
    expect(onLords([chromatic, lords, drakes("Dragon")])).toEqual([]);
    expect(onLords([chromatic, lords, drakes("Wyrm")])).toEqual(["CW6005"]);
    expect(onLords([chromatic, lords, drakes("Dragon")])).toEqual([]);
    // An edit of the drake that keeps its tribe (its card checked again, its type line the same) keeps the Dragons;
    // the next one, in the same card, takes them away.
    const retexted = (tribe: string) => ({ ...drakes(tribe), text: drakes(tribe).text.replace("[Base] Flying.", "[Base] Draw a card.") });
    expect(onLords([chromatic, lords, retexted("Dragon")])).toEqual([]);
    expect(onLords([chromatic, lords, retexted("Wyrm")])).toEqual(["CW6005"]);
  });
});

describe("reads-as from the studio's cache (hover, card panel)", () => {
  it("gives each ability of the card at an offset with the explain command's reading, at its place in the text after edits above it", async () => {
    const { WorkspaceChecker } = await import("../../studio/src/worker/checker.ts");
    const { lowerWorkspace } = await import("../../compiler/lower.ts");
    const { cardReadsAs } = await import("../../compiler/reads-as.ts");
    const checker = new WorkspaceChecker();
    const card = squire("Spark Squire", "Draw a card.");
    for (const above of ["", squire("Early Squire", "Draw a card.") + "\n", `# a comment\n\n${squire("Early Squire", "Draw a card.")}\n`]) {
      const file = { path: "duel/test.cards", text: `set TST "Test" for duel\n\n${above}${card}` };
      const sources = [game, core, file];
      checker.check(sources);
      const at = file.text.indexOf("Deal 1 damage", file.text.indexOf('"Spark Squire"'));
      const found = checker.readingsAt(file.path, at)!;
      expect(found.card).toBe("Spark Squire");
      // Each ability's offsets hold its written text, and its reading is what `cardwright explain` prints.
      expect(found.abilities.map((a) => file.text.slice(a.start, a.end).trim())).toEqual(found.abilities.map((a) => a.text));
      const lowered = lowerWorkspace(sources);
      const compiled = lowered.bundles.flatMap((b) => b.cards).find((c) => c.name === "Spark Squire")!;
      const game_ = lowered.bundles.find((b) => b.cards.includes(compiled))!.game;
      expect(found.abilities.map((a) => a.readsAs)).toEqual(cardReadsAs(compiled, game_));
      expect(found.abilities.map((a) => a.text)).toEqual(["PLAY: Deal 1 damage to target enemy unit.", "Draw a card."]);
    }
    // Outside any card: nothing.
    expect(checker.readingsAt("duel/test.cards", 3)).toBeUndefined();
  });

  it("says an ability does not parse, with the parse error, where error recovery would give a reading (a card that parses reads as before)", async () => {
    const { WorkspaceChecker } = await import("../../studio/src/worker/checker.ts");
    const checker = new WorkspaceChecker();
    // "Each player holding two or more units" stops the parser before "loses": both pieces come from recovery. (Session 26
    // made "whose …" stop the parser at "whose", in one piece: this sentence keeps the two.)
    const file = { path: "duel/test.cards", text: `set TST "Test" for duel\n\n${squire("Crowd Tax", "Each player holding two or more units loses 2 life.")}` };
    checker.check([game, core, file]);
    const found = checker.readingsAt(file.path, file.text.indexOf("Each player"))!;
    const error = '(does not parse: CW1003 Expected "." at the end of the ability but found "loses".)';
    expect(found.abilities.map((a) => a.readsAs)).toEqual(["PLAY: Deal 1 damage to target unit an opponent controls.", error, error]);
  });
});
