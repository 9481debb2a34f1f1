import { describe, expect, it } from "vitest";
import { exportWorkspace, type ExportFile } from "../../export/index.ts";
import { duelSet, TRICKY_NAMES, vampSet, workspace } from "./fixtures.ts";
import { opaquePixels, readPng } from "./png.ts";

const CARD = { cardWidth: 60, cardHeight: 84 };

interface CustomDeckSheet {
  FaceURL: string;
  BackURL: string;
  NumWidth: number;
  NumHeight: number;
  BackIsHidden: boolean;
  UniqueBack: boolean;
}
interface CardObject {
  Name: string;
  Nickname: string;
  Description: string;
  CardID: number;
  CustomDeck: Record<string, CustomDeckSheet>;
}
interface DeckObject {
  Name: string;
  DeckIDs: number[];
  CustomDeck: Record<string, CustomDeckSheet>;
  ContainedObjects: CardObject[];
}

async function exported(count: number): Promise<Map<string, ExportFile>> {
  const result = await exportWorkspace(workspace([duelSet(), vampSet(count)]), "tts", { ...CARD, imageBaseUrl: "https://example.org/cards/" });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return new Map(result.files.map((file) => [file.path, file]));
}

function deckOf(files: Map<string, ExportFile>, path: string): DeckObject {
  const saved = JSON.parse(files.get(path)!.contents as string) as { ObjectStates: DeckObject[] };
  expect(saved.ObjectStates).toHaveLength(1);
  return saved.ObjectStates[0]!;
}

function fileOfUrl(url: string): string {
  const prefix = "https://example.org/cards/";
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
}

const exportedFiles = await exported(75);

describe("Tabletop Simulator export", () => {
  const files = exportedFiles;

  it("writes one DeckCustom per set whose DeckIDs are exactly the contained cards' CardIDs", () => {
    for (const [path, count] of [["CV1.json", 75], ["DU1.json", 4]] as const) {
      const deck = deckOf(files, path);
      expect(deck.Name).toBe("DeckCustom");
      expect(deck.ContainedObjects).toHaveLength(count);
      expect(deck.DeckIDs).toEqual(deck.ContainedObjects.map((card) => card.CardID));
      expect(new Set(deck.DeckIDs).size).toBe(count);
    }
  });

  it("gives every CardID a sheet (CardID / 100) and a slot inside that sheet (CardID % 100)", () => {
    const deck = deckOf(files, "CV1.json");
    expect(Object.keys(deck.CustomDeck).sort()).toEqual(["1", "2"]);
    for (const card of deck.ContainedObjects) {
      const key = String(Math.floor(card.CardID / 100));
      const sheet = deck.CustomDeck[key];
      expect(sheet, `CardID ${card.CardID}`).toBeDefined();
      expect(card.CardID % 100).toBeLessThan(sheet!.NumWidth * sheet!.NumHeight);
      expect(card.CustomDeck[key]).toEqual(sheet);
      expect(sheet!.NumWidth).toBeLessThanOrEqual(10);
      expect(sheet!.NumHeight).toBeLessThanOrEqual(7);
      expect(sheet!.BackIsHidden).toBe(true);
      expect(sheet!.UniqueBack).toBe(false);
    }
    const perSheet = new Map<number, number>();
    for (const id of deck.DeckIDs) perSheet.set(Math.floor(id / 100), (perSheet.get(Math.floor(id / 100)) ?? 0) + 1);
    expect([...perSheet.values()]).toEqual([70, 5]);
  });

  it("points FaceURL/BackURL at PNG files of the export whose size is the sheet grid, with a card in every used slot only", () => {
    for (const path of ["CV1.json", "DU1.json"]) {
      const deck = deckOf(files, path);
      for (const [key, sheet] of Object.entries(deck.CustomDeck)) {
        const face = files.get(fileOfUrl(sheet.FaceURL));
        expect(face, sheet.FaceURL).toBeDefined();
        const png = readPng(face!.contents as Uint8Array, true);
        expect([png.width, png.height]).toEqual([sheet.NumWidth * CARD.cardWidth, sheet.NumHeight * CARD.cardHeight]);
        const used = new Set(deck.DeckIDs.filter((id) => Math.floor(id / 100) === Number(key)).map((id) => id % 100));
        for (let slot = 0; slot < sheet.NumWidth * sheet.NumHeight; slot++) {
          const x = (slot % sheet.NumWidth) * CARD.cardWidth;
          const y = Math.floor(slot / sheet.NumWidth) * CARD.cardHeight;
          const painted = opaquePixels(png, x, y, CARD.cardWidth, CARD.cardHeight);
          if (used.has(slot)) expect(painted, `${path} sheet ${key} slot ${slot}`).toBeGreaterThan(CARD.cardWidth * CARD.cardHeight * 0.5);
          else expect(painted, `${path} sheet ${key} empty slot ${slot}`).toBe(0);
        }
        const back = readPng(files.get(fileOfUrl(sheet.BackURL))!.contents as Uint8Array);
        expect([back.width, back.height]).toEqual([CARD.cardWidth, CARD.cardHeight]);
      }
    }
  });

  it("keeps names and text with &, <, quotes, emoji and line breaks", () => {
    const cards = [...deckOf(files, "DU1.json").ContainedObjects, ...deckOf(files, "CV1.json").ContainedObjects];
    const names = cards.map((card) => card.Nickname);
    for (const name of TRICKY_NAMES) expect(names).toContain(name);
    const fish = cards.find((card) => card.Nickname === "Fish & Chips")!;
    expect(fish.Description).toBe(duelSet().cards[0]!.text);
    expect(fish.Description).toContain("\n");
    expect(fish.Description).toContain('"yum" <loudly>');
  });

  it("exports a one-card set as a single card object", async () => {
    const single = duelSet();
    single.cards = single.cards.slice(0, 1);
    const result = await exportWorkspace(workspace([single]), "tts", CARD);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const saved = JSON.parse(result.files.find((file) => file.path === "DU1.json")!.contents as string) as { ObjectStates: CardObject[] };
    expect(saved.ObjectStates[0]!.Name).toBe("Card");
    expect(saved.ObjectStates[0]!.CardID).toBe(100);
    expect(saved.ObjectStates[0]!.CustomDeck["1"]).toBeDefined();
  });
});

describe("sets sharing a code (only a warning upstream)", () => {
  it("still get files of their own in every format", async () => {
    const first = duelSet();
    const second = { ...duelSet(), name: "Second printing", file: "cards/duel/second.cards", cards: duelSet().cards.slice(0, 2).map((card) => ({ ...card, name: `${card.name} II`, file: "cards/duel/second.cards" })) };
    const model = workspace([first, second]);
    for (const format of ["tts", "cockatrice", "cgs"] as const) {
      const result = await exportWorkspace(model, format, CARD);
      expect(result.ok, format).toBe(true);
      if (!result.ok) continue;
      const paths = result.files.map((file) => file.path.toLowerCase());
      expect(new Set(paths).size).toBe(paths.length);
    }
    const tts = await exportWorkspace(model, "tts", CARD);
    if (tts.ok) expect(tts.files.map((file) => file.path).filter((path) => path.endsWith(".json"))).toEqual(["DU1-2.json", "DU1.json"]);
  });
});
