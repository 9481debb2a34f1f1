import { describe, expect, it } from "vitest";
import { exportWorkspace } from "../../export/index.ts";
import { exportSchemaErrors } from "../../export/validate.ts";
import { duelSet, fakeBundles, TRICKY_NAMES, vampSet, workspace } from "./fixtures.ts";

interface ExportDocument {
  format: string;
  formatVersion: number;
  game: { id: string; params: Record<string, unknown>; keywords: unknown[] };
  sets: { code: string; name: string; cards: { id: string; number: number; name: string; text: string; fields: object; abilities: { text: string }[]; source: { file: string } }[] }[];
}

async function documents(): Promise<Map<string, ExportDocument>> {
  const model = workspace([duelSet(), vampSet(3)]);
  const result = await exportWorkspace(model, "json", { bundles: fakeBundles(model) });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return new Map(result.files.map((file) => [file.path, JSON.parse(file.contents as string) as ExportDocument]));
}

const exportedDocs = await documents();

describe("engine-neutral JSON export", () => {
  const docs = exportedDocs;

  it("writes one document per game that passes the JSON Schema", () => {
    expect([...docs.keys()]).toEqual(["cybervamp.cardwright.json", "duel.cardwright.json"]);
    for (const document of docs.values()) expect(exportSchemaErrors(document)).toEqual([]);
  });

  it("carries the format version, the game's parameters and keywords", () => {
    const duel = docs.get("duel.cardwright.json")!;
    expect(duel.format).toBe("cardwright-export");
    expect(duel.formatVersion).toBe(1);
    expect(duel.game.params).toEqual({ starting_life: 10, opening_hand: 5, draw_at_max_hand: "discard", first_turn_attacks: false });
    expect(duel.game.keywords).toHaveLength(2);
  });

  it("keeps every card's name, fields and canonical text, including &, <, quotes, emoji and line breaks", () => {
    const original = duelSet();
    const set = docs.get("duel.cardwright.json")!.sets[0]!;
    expect(set.name).toBe(original.name);
    expect(set.cards.map((card) => card.name)).toEqual(original.cards.map((card) => card.name));
    set.cards.forEach((card, i) => {
      expect(card.text).toBe(original.cards[i]!.text);
      expect(card.fields).toEqual(original.cards[i]!.fields);
      expect(card.number).toBe(i + 1);
      expect(card.source.file).toBe("cards/duel/tricky.cards");
    });
    const names = [...docs.values()].flatMap((document) => document.sets.flatMap((s) => s.cards.map((card) => card.name)));
    for (const name of TRICKY_NAMES) expect(names).toContain(name);
    expect(new Set(set.cards.map((card) => card.id)).size).toBe(set.cards.length);
  });

  it("has a schema that rejects a malformed document", () => {
    const document = structuredClone(docs.get("duel.cardwright.json")!) as unknown as Record<string, unknown>;
    expect(exportSchemaErrors({ ...document, formatVersion: 2 })).not.toEqual([]);
    const broken = structuredClone(document) as unknown as ExportDocument;
    (broken.sets[0]!.cards[0] as { name: unknown }).name = 42;
    expect(exportSchemaErrors(broken).join("\n")).toContain("/sets/0/cards/0/name");
  });

  it("embeds each card's compiled IR and the compiled game", async () => {
    const duel = docs.get("duel.cardwright.json")! as unknown as { game: { compiled: { id: string } }; sets: { cards: { name: string; compiled: { name: string } }[] }[] };
    expect(duel.game.compiled.id).toBe("duel");
    for (const card of duel.sets[0]!.cards) expect(card.compiled.name).toBe(card.name);
    const model = workspace([duelSet()]);
    await expect(exportWorkspace(model, "json")).rejects.toThrow(/no compiled bundle for game "duel"/);
  });

  it("refuses a workspace with errors and returns its diagnostics", async () => {
    const model = workspace([duelSet()]);
    model.diagnostics.push(
      { file: "cards/duel/tricky.cards", range: duelSet().cards[0]!.range, severity: "warning", code: "CW2031", message: "a warning" },
      { file: "cards/duel/tricky.cards", range: duelSet().cards[0]!.range, severity: "error", code: "CW2001", message: "an error" },
    );
    const result = await exportWorkspace(model, "json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.code)).toEqual(["CW2001"]);
  });

  it("refuses to export nothing", async () => {
    const result = await exportWorkspace(workspace([]), "json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]!.code).toBe("CW4001");
  });
});

describe("which errors block an export", () => {
  it("ignores errors in scenario files but not in set, game or unreadable files", async () => {
    const model = workspace([duelSet()]);
    const at = duelSet().cards[0]!.range;
    model.diagnostics.push({ file: "cards/duel/scenarios/combat.scenario", range: at, severity: "error", code: "CW2007", message: "scenario problem" });
    expect((await exportWorkspace(model, "json", { bundles: fakeBundles(model) })).ok).toBe(true);
    model.diagnostics.push({ file: "cards/duel/broken.cards", range: at, severity: "error", code: "CW1006", message: "not a set" });
    const result = await exportWorkspace(model, "json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.file)).toEqual(["cards/duel/broken.cards"]);
  });
});
