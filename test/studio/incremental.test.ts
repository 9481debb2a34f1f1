/**
 * The studio's incremental re-parse (compiler/incremental.ts): after any edit, re-parsing only
 * the touched cards gives exactly what parsing the whole file gives, and an ordinary edit
 * inside one card really is incremental (the other cards' trees are reused, not re-built).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardContent, parseForCheck, type ParsedFile } from "../../compiler/check-ast.ts";
import { reparseCardFile } from "../../compiler/incremental.ts";
import { LineMap } from "../../compiler/diagnostics.ts";
import { analyzeWorkspace } from "../../compiler/workspace.ts";
import { engineWarnings } from "../../compiler/engine-warnings.ts";
import { lowerAnalysis } from "../../compiler/lower.ts";
import { WorkspaceChecker } from "../../studio/src/worker/checker.ts";
import type { TextChange } from "../../studio/src/worker/protocol.ts";
import { decodeModel } from "../../studio/src/worker/model-delta.ts";
import { memoryOf, originOf } from "../../compiler/check-memory.ts";
import { propertyParameters, propertyTimeout } from "../property.ts";

const cardsDir = path.join(import.meta.dirname, "..", "..", "cards");
const setFiles = readdirSync(cardsDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".cards"))
  .sort()
  .map((file) => ({ path: file.replaceAll(path.sep, "/"), text: readFileSync(path.join(cardsDir, file), "utf8") }));

/** What the checker reads from a parse: the tree, the syntax diagnostics, the set view and each card's content (built from its tree when checked). */
const observable = (parsed: ParsedFile) => ({
  kind: parsed.kind,
  text: parsed.text,
  document: parsed.document,
  diagnostics: parsed.diagnostics,
  set: parsed.set,
  content: parsed.set?.cards.map((card) => cardContent(card, parsed.text)),
});

/** Pieces a designer types (and mistypes), weighted towards what moves card boundaries. */
const typed = fc.oneof(
  fc.constantFrom('card "Fresh" {', "\ncard \"Fresh\" {\n  type: Unit\n}\n", "}", "{", "\n", '"', "#", " ", "card", "\ncard", "text:", "Draw a card.", "type:", "\u{1F0A0}", "\r\n", "x"),
  fc.string({ maxLength: 6 }),
);

// A position as a fraction of the file (fc.double favours 0 and tiny values: most edits would hit the header).
const edit = fc.record({ at: fc.integer({ min: 0, max: 9999 }).map((n) => n / 10000), remove: fc.nat({ max: 40 }), insert: typed });

function applyEdit(text: string, e: { at: number; remove: number; insert: string }): string {
  const at = Math.min(text.length, Math.floor(e.at * text.length));
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe("incremental re-parse of card files", () => {
  it("gives the full parse's result after any edit (one edit, then several in a row; its span told or found)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: setFiles.length - 1 }), fc.array(fc.tuple(edit, fc.boolean()), { minLength: 1, maxLength: 4 }), (which, steps) => {
        const file = setFiles[which]!;
        let previous = parseForCheck(file.text, file.path);
        let text = file.text;
        const edits = steps.map(([e]) => e);
        for (const [e, told] of steps) {
          const before = text;
          text = applyEdit(text, e);
          const full = parseForCheck(text, file.path);
          // The span as the editor knows it: the replaced characters (which may equal what replaced them).
          const at = Math.min(before.length, Math.floor(e.at * before.length));
          const span = { prefix: at, suffix: before.length - Math.min(before.length, at + e.remove) };
          const incremental = reparseCardFile(previous, text, told ? span : undefined);
          if (incremental) {
            expect(observable(incremental), `${file.path} after edit ${edits.indexOf(e) + 1}`).toEqual(observable(full));
            // Lines and columns too: ranges compare by offsets, and print their lines from the text's line map.
            expect(JSON.stringify(observable(incremental)), `${file.path} after edit ${edits.indexOf(e) + 1} (lines and columns)`).toBe(JSON.stringify(observable(full)));
          }
          previous = incremental ?? full;
        }
      }),
      propertyParameters(60),
    );
  }, propertyTimeout(300_000, 60));

  // Found by the property above (seed 1334573604, a landing run of session 28): the noun phrase a `whose` amount builds
  // ("whose power is 2 or less" → "with power 2 or less") had a range fixed at its offsets as parsed, so a card reused
  // after an edit before it kept its old position there while the rest of its tree moved.
  it("moves every range of a card after the edit, the `whose` amount's phrase too", () => {
    const card = (name: string, text: string) => `card "${name}" {\n  type: Spell\n  faction: Black\n  cost: {B}{1}\n  text:\n    ${text}\n}\n`;
    const before = `set PR "Probe" for cybervamp\n\n${card("First", "Draw a card.")}\n${card("Cull the Weak", "Destroy each creature whose power is 2 or less.")}`;
    const at = before.indexOf("Draw a card.");
    const after = before.slice(0, at) + "Draw two cards, then discard a card." + before.slice(at + "Draw a card.".length);
    const previous = parseForCheck(before, "probe.cards");
    const full = parseForCheck(after, "probe.cards");
    const incremental = reparseCardFile(previous, after, { prefix: at, suffix: before.length - at - "Draw a card.".length });
    expect(incremental).toBeDefined();
    expect(JSON.stringify(observable(incremental!))).toBe(JSON.stringify(observable(full)));
  });

  it("edits a line map as the text is edited: every position is the new text's", () => {
    const piece = fc.array(fc.constantFrom("a", "\n", "\r\n", "é", " "), { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(piece, fc.nat(), fc.nat({ max: 6 }), piece, (text, where, remove, insert) => {
        const at = where % (text.length + 1);
        const end = Math.min(text.length, at + remove);
        const edited = text.slice(0, at) + insert + text.slice(end);
        const lines = new LineMap(text);
        lines.position(text.length); // a lookup before the edit: the map's remembered line must not carry over
        const moved = lines.edited(edited, at, text.length - end);
        const fresh = new LineMap(edited);
        for (let offset = 0; offset <= edited.length; offset++) expect(moved.position(offset), `offset ${offset} of ${JSON.stringify(edited)}`).toEqual(fresh.position(offset));
      }),
      propertyParameters(500),
    );
  });

  it("re-parses only the edited card and keeps the others' trees", () => {
    const file = setFiles.find((f) => f.text.split('\ncard "').length > 20)!;
    const previous = parseForCheck(file.text, file.path);
    const cards = previous.document?.kind === "cardFile" ? [...previous.document.cards] : [];
    const index = Math.floor(cards.length / 2);
    const middle = cards[index]!;
    const nextStart = { ...cards[index + 1]!.range.start };
    // A new line inside the card, after its `card "…" {` line.
    const at = file.text.indexOf("\n", middle.name.range.end.offset) + 1;
    const text = file.text.slice(0, at) + "  # a note\n" + file.text.slice(at);

    const incremental = reparseCardFile(previous, text);
    expect(incremental).toBeDefined();
    expect(observable(incremental!)).toEqual(observable(parseForCheck(text, file.path)));
    const after = incremental!.document?.kind === "cardFile" ? incremental!.document.cards : [];
    // Every card but the edited one is the very same object (those after the edit moved down in place).
    expect(after.map((card, i) => card === cards[i])).toEqual(cards.map((_, i) => i !== index));
    expect(after[index]!.name.value).toBe(middle.name.value);
    expect(after[index + 1]!.range.start).toEqual({ ...nextStart, offset: nextStart.offset + 11, line: nextStart.line + 1 });
    // The previous parse gave its cards away: asked again, it declines (the caller parses in full).
    expect(reparseCardFile(previous, file.text)).toBeUndefined();
  });

  it("is what analyzeWorkspace uses on a re-check, with the same diagnostics as a fresh check", () => {
    const sources = readdirSync(cardsDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(game|cards)$/.test(file))
      .map((file) => ({ path: file.replaceAll(path.sep, "/"), text: readFileSync(path.join(cardsDir, file), "utf8") }));
    const first = analyzeWorkspace(sources);
    const target = sources.find((s) => s.path.endsWith(".cards"))!;
    const at = target.text.lastIndexOf("\ncard ");
    // A typo in the last card's text: a real diagnostic appears, found by the incremental path.
    const edited = sources.map((s) => (s === target ? { ...s, text: s.text.slice(0, at) + "\ncard \"Broken\" {\n  type: Nonsense\n  text:\n    Drawww a card.\n}\n" + s.text.slice(at) } : s));
    const again = analyzeWorkspace(edited, { previous: first });
    expect(again.model.diagnostics).toEqual(analyzeWorkspace(edited).model.diagnostics);
    expect(again.model.diagnostics.some((d) => d.file === target.path && d.severity === "error")).toBe(true);
  });
});

/**
 * Incremental checking (compiler/check-memory.ts) through the studio worker's own code
 * (studio/src/worker/checker.ts): after any sequence of edits — to cards, card names, quoted
 * names and the game file — the model with its engine warnings, the model the page decodes from
 * the deltas, every reference and the lowered IR are those of a check from scratch.
 */
describe("incremental checking and lowering", () => {
  const read = (file: string) => ({ path: `cards/${file}`, text: readFileSync(path.join(cardsDir, file), "utf8") });
  const game = read("duel/duel.game");
  const core = read("duel/core.cards");
  // A set naming core's cards: a rename in core must re-check these, and only these.
  const names = [...core.text.matchAll(/^card "([^"]+)"/gm)].map((m) => m[1]!);
  const naming = {
    path: "cards/duel/naming.cards",
    text:
      'set NAM "Naming" for duel\n\n' +
      names
        .slice(0, 6)
        .map((name, i) => `card "Caller ${i}" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Put "${name}" into your hand.\n}\n`)
        .join("\n"),
  };
  // A set that names no card (one card with an error, so it has diagnostics): never edited, it is kept whole by every
  // re-check — a rename in core changes the game's card names, which this set never read.
  const plain = {
    path: "cards/duel/plain.cards",
    text:
      'set PLN "Plain" for duel\n\n' +
      ["Spell", "Spell", "Spel"].map((type, i) => `card "Plain ${i}" {\n  type: ${type}\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n`).join("\n"),
  };
  const workspace = [game, core, naming, plain];

  /**
   * Edits that change what other cards read: a card's name, a quoted name, a keyword of the game file; a card's name
   * made another card's (CW2010), a card added before another, a card taken out (the game's card index changes by
   * more than one name, or its order does).
   */
  const meaningful = fc.oneof(
    fc.record({ file: fc.constant(1), pick: fc.nat(), kind: fc.constant("rename" as const) }),
    fc.record({ file: fc.constant(2), pick: fc.nat(), kind: fc.constant("quote" as const) }),
    fc.record({ file: fc.constant(0), pick: fc.nat(), kind: fc.constant("keyword" as const) }),
    fc.record({ file: fc.integer({ min: 1, max: 2 }), pick: fc.nat(), kind: fc.constantFrom("add" as const, "drop" as const) }),
    // In core too, whose cards of one name then differ (a Unit named as the Spell after it): each is lowered with its own
    // model, from scratch as in the studio's cached lowering (test/compiler/lowering-inputs.test.ts).
    fc.record({ file: fc.integer({ min: 1, max: 2 }), pick: fc.nat(), kind: fc.constant("duplicate" as const) }),
  );
  const anyEdit = fc.oneof(
    { weight: 3, arbitrary: fc.record({ file: fc.integer({ min: 1, max: 2 }), edit }) },
    { weight: 1, arbitrary: fc.record({ file: fc.constant(0), edit }) },
    { weight: 2, arbitrary: meaningful },
  );

  /** The step's change to one file (as the editor reports it to the worker: `length` characters at `offset` became `text`). */
  function changeOf(text: string, step: { edit?: { at: number; remove: number; insert: string }; pick?: number; kind?: string }): TextChange {
    if (step.edit) {
      const at = Math.min(text.length, Math.floor(step.edit.at * text.length));
      return { offset: at, length: Math.min(text.length, at + step.edit.remove) - at, text: step.edit.insert };
    }
    const starts = [...text.matchAll(/^card "([^"]*)"/gm)];
    const card = starts[step.pick! % Math.max(1, starts.length)];
    if (step.kind === "duplicate" || step.kind === "add" || step.kind === "drop") {
      if (!card) return { offset: 0, length: 0, text: "" };
      const next = starts[starts.indexOf(card) + 1];
      // The next card's name (the last card takes the first's).
      if (step.kind === "duplicate") return { offset: card.index + 6, length: card[1]!.length, text: (next ?? starts[0]!)[1]! };
      if (step.kind === "add") return { offset: card.index, length: 0, text: `card "Added ${step.pick}" {\n  type: Spell\n  color: Gray\n  cost: free\n  rarity: Common\n  text:\n    Draw a card.\n}\n\n` };
      return { offset: card.index, length: (next ? next.index : text.length) - card.index, text: "" };
    }
    if (step.kind === "rename" || step.kind === "quote") {
      // Add a letter inside one quoted name (a card's own name in core, a quoted name in the naming set).
      const quotes = [...text.matchAll(step.kind === "rename" ? /^card "/gm : /Put "/g)];
      return quotes.length > 0 ? { offset: quotes[step.pick! % quotes.length]!.index + (step.kind === "rename" ? 6 : 5), length: 0, text: "Z" } : { offset: 0, length: 0, text: "" };
    }
    // Rename a keyword the cards use (or back): their checks change.
    const [from, to] = text.includes("keyword action Summon ") ? ["keyword action Summon ", "keyword action Summonz "] : ["keyword action Summonz ", "keyword action Summon "];
    return { offset: text.indexOf(from!), length: from!.length, text: to! };
  }

  function apply(files: { path: string; text: string }[], step: { file: number; edit?: { at: number; remove: number; insert: string }; pick?: number; kind?: string }) {
    const file = files[step.file]!;
    const change = changeOf(file.text, step);
    const text = file.text.slice(0, change.offset) + change.text + file.text.slice(change.offset + change.length);
    return { files: files.map((f, i) => (i === step.file ? { ...f, text } : f)), edit: { path: file.path, changes: [[change]], length: text.length } };
  }

  const asJson = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (v instanceof Map ? [...v.entries()] : v)));

  it("gives what a check from scratch gives, after any sequence of edits (sent as the editor's changes, or whole)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(anyEdit, fc.boolean()), { minLength: 1, maxLength: 5 }), (steps) => {
        const checker = new WorkspaceChecker();
        let files = workspace;
        const paths = files.map((f) => f.path);
        let page = decodeModel(structuredClone(checker.checkChanges(paths, files).delta), undefined);
        for (const [i, [step, whole]] of steps.entries()) {
          const edited = apply(files, step);
          files = edited.files;
          // As the worker gets them: the edit (its span goes to the compiler), or the file's text whole (compared).
          const { model, delta } = whole ? checker.checkChanges(paths, [files[step.file]!]) : checker.checkChanges(paths, [], undefined, [edited.edit]);
          const fresh = analyzeWorkspace(files);
          const expected = { ...fresh.model, diagnostics: [...fresh.model.diagnostics, ...engineWarnings(fresh, files)] };
          // Which step of the sequence differs, and in what (the model, the page's copy, the references, the bundles).
          const at = `after step ${i + 1} of ${steps.length}`;
          expect(model, `${at}: the incremental model`).toEqual(expected);
          page = decodeModel(structuredClone(delta), page);
          expect(page, `${at}: the page's model from the delta`).toEqual(expected);
          const incremental = checker.lastAnalysis()!;
          expect(asJson(incremental.references), `${at}: references`).toEqual(asJson(fresh.references));
          expect(asJson(lowerAnalysis(incremental, files).bundles), `${at}: lowered bundles`).toEqual(asJson(lowerAnalysis(fresh, files).bundles));
        }
      }),
      propertyParameters(25),
    );
  }, propertyTimeout(300_000, 25));

  it("re-checks only the edited card, and on a rename only the cards that name a card", () => {
    const checker = new WorkspaceChecker();
    checker.check(workspace);
    const origins = (file: string) => checker.lastModel()!.sets.find((s) => s.file === file)!.cards.map(originOf);
    const lines = (file: string) => checker.lastModel()!.sets.find((s) => s.file === file)!.cards.map((c) => c.range.start.line);
    const [coreBefore, namingBefore, plainBefore, linesBefore] = [origins(core.path), origins(naming.path), origins(plain.path), lines(core.path)];
    // A comment line inside core's 21st card: that card is checked again; every card below it only moves.
    const at = core.text.indexOf("\n", core.text.indexOf(`card "${names[20]}"`)) + 1;
    const edited = [game, { ...core, text: core.text.slice(0, at) + "  # a note\n" + core.text.slice(at) }, naming, plain];
    const { delta } = checker.check(edited);
    expect(origins(core.path).map((o, i) => o === coreBefore[i])).toEqual(names.map((_, i) => i !== 20));
    expect(origins(naming.path)).toEqual(namingBefore);
    expect(lines(core.path)).toEqual(linesBefore.map((line, i) => (i > 20 ? line + 1 : line)));
    // Across to the page: the edited card whole, every other card as a reference.
    const sentWhole = (file: string) => delta.sets.find((s) => s.file === file)!.cards.filter((c) => "name" in c).length;
    expect([sentWhole(core.path), sentWhole(naming.path)]).toEqual([1, 0]);

    // Renaming a card the naming set quotes: the naming set's cards are checked again (the first now reports CW2007), core's others are not.
    const [coreEdited, namingEdited] = [origins(core.path), origins(naming.path)];
    const renamed = edited.map((f) => (f.path === core.path ? { ...f, text: f.text.replace(`card "${names[0]}"`, `card "${names[0]}Z"`) } : f));
    const result = checker.check(renamed);
    expect(origins(core.path).map((o, i) => o === coreEdited[i])).toEqual(names.map((_, i) => i !== 0));
    expect(origins(naming.path).some((o, i) => o === namingEdited[i])).toBe(false);
    // The set that names no card keeps every check, its error included, through both re-checks.
    expect(origins(plain.path)).toEqual(plainBefore);
    expect(result.model.diagnostics.filter((d) => d.file === plain.path).length).toBeGreaterThan(0);
    expect(result.model.diagnostics.filter((d) => d.code === "CW2007").map((d) => [d.file, d.message.includes(names[0]!)])).toEqual([[naming.path, true]]);
    const fresh = analyzeWorkspace(renamed);
    expect(result.model).toEqual({ ...fresh.model, diagnostics: [...fresh.model.diagnostics, ...engineWarnings(fresh, renamed)] });
  });

  it("re-checks only the edited card of a file with a syntax error, as broken when the edit gives it one", () => {
    // Syn 1 has a syntax error (its other cards are still checked card by card); Syn 2 lacks its rarity: CW2009, unless
    // the card has a syntax error too (the error may have swallowed the field).
    const spell = (name: string, extra = "", rarity = "  rarity: Common\n") => `card "${name}" {\n  type: Spell\n  color: Gray\n  cost: free\n${rarity}  text:\n    Draw a card.\n${extra}}\n`;
    const file = { path: "cards/duel/syntax.cards", text: 'set SYN "Syntax" for duel\n\n' + [spell("Syn 0"), spell("Syn 1", "  cost: {\n"), spell("Syn 2", "", ""), spell("Syn 3")].join("\n") };
    const checker = new WorkspaceChecker();
    checker.check([game, file]);
    const origins = () => checker.lastModel()!.sets.find((s) => s.file === file.path)!.cards.map(originOf);
    const codes = (model: { diagnostics: { file: string; code: string }[] }) => model.diagnostics.filter((d) => d.file === file.path).map((d) => d.code);
    const recheck = (text: string) => {
      const files = [game, { ...file, text }];
      const { model } = checker.check(files);
      const fresh = analyzeWorkspace(files);
      expect(model).toEqual({ ...fresh.model, diagnostics: [...fresh.model.diagnostics, ...engineWarnings(fresh, files)] });
      // The edit's cards checked, the others' checks taken over by position (not gone through card by card).
      expect(memoryOf(checker.lastAnalysis()!)!.fileCards.get(file.path)!.spliced).toBeDefined();
      return model;
    };
    const before = origins();
    expect(codes(checker.lastModel()!)).toEqual(["CW2022", "CW1003", "CW2009"]);
    // A comment in the last card: that card is checked again, the others (the broken one too) keep their checks.
    const at = file.text.indexOf("\n", file.text.indexOf('card "Syn 3"')) + 1;
    const commented = file.text.slice(0, at) + "  # a note\n" + file.text.slice(at);
    expect(codes(recheck(commented))).toEqual(["CW2022", "CW1003", "CW2009"]);
    expect(origins().map((o, i) => o === before[i])).toEqual([true, true, true, false]);
    // A syntax error typed into Syn 2: checked as broken, its CW2009 goes; typed away: back.
    const field = commented.indexOf("  text:", commented.indexOf('card "Syn 2"'));
    const broken = commented.slice(0, field) + "  cost: {\n" + commented.slice(field);
    expect(codes(recheck(broken))).not.toContain("CW2009");
    expect(codes(recheck(commented))).toEqual(["CW2022", "CW1003", "CW2009"]);
  });
});
