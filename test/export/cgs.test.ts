import { describe, expect, it } from "vitest";
import { exportWorkspace, type ExportFile } from "../../export/index.ts";
import { duelSet, TRICKY_NAMES, vampSet, workspace } from "./fixtures.ts";
import { readPng } from "./png.ts";

const CARD = { cardWidth: 50, cardHeight: 70 };

interface GameDef {
  name: string;
  cardIdIdentifier: string;
  cardNameIdentifier: string;
  cardSetIdentifier: string;
  cardPrimaryProperty: string;
  cardProperties: { name: string; type: string; display: string }[];
  cardImageFileType: string;
  allCardsUrl?: string;
  cardImageUrl?: string;
}

async function exported(imageBaseUrl?: string): Promise<Map<string, ExportFile>> {
  const result = await exportWorkspace(workspace([duelSet(), vampSet(4)]), "cgs", { ...CARD, ...(imageBaseUrl ? { imageBaseUrl } : {}) });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return new Map(result.files.map((file) => [file.path, file]));
}

function json<T>(files: Map<string, ExportFile>, path: string): T {
  const file = files.get(path);
  expect(file, path).toBeDefined();
  return JSON.parse(file!.contents as string) as T;
}

/** Properties of CGS's CardGameDef (FinolDigital.Cgs.Json, schema/cgs.json) that this exporter may write; the spec allows no others. */
const CARD_GAME_DEF_KEYS = new Set([
  "name", "allCardsUrl", "allSetsUrl", "autoUpdate", "autoUpdateUrl", "cardBackImageFileType", "cardBackImageUrl",
  "cardIdIdentifier", "cardImageFileType", "cardImageUrl", "cardNameIdentifier", "cardNameIsUnique", "cardPrimaryProperty",
  "cardProperties", "cardSetIdentifier", "cardSize", "deckFileType", "setCodeIdentifier", "setNameIdentifier",
]);
const PROPERTY_TYPES = new Set(["string", "escapedString", "integer", "boolean", "object", "stringEnum", "stringList", "stringEnumList", "objectEnum", "objectList", "objectEnumList"]);

const exportedFiles = await exported();

describe("Card Game Simulator export", () => {
  const files = exportedFiles;
  const folder = "Three-Slot Duel";

  it("lays out a CGS game folder per game: <name>/<name>.json, AllCards.json, AllSets.json, CardBack.png", () => {
    for (const name of ["Three-Slot Duel", "CYBERVAMP"]) {
      const definition = json<GameDef>(files, `${name}/${name}.json`);
      expect(definition.name).toBe(name);
      expect(readPng(files.get(`${name}/CardBack.png`)!.contents as Uint8Array)).toMatchObject({ width: 50, height: 70 });
    }
  });

  it("writes only CardGameDef properties, with property types CGS knows", async () => {
    for (const definition of [json<GameDef>(files, `${folder}/${folder}.json`), json<GameDef>(await exported("https://example.org/g"), `${folder}/${folder}.json`)]) {
      for (const key of Object.keys(definition)) expect(CARD_GAME_DEF_KEYS.has(key), key).toBe(true);
      for (const property of definition.cardProperties) expect(PROPERTY_TYPES.has(property.type), property.type).toBe(true);
    }
  });

  it("declares a card property for every field the cards carry, and the primary property exists", () => {
    const definition = json<GameDef>(files, `${folder}/${folder}.json`);
    const declared = new Set(definition.cardProperties.map((property) => property.name));
    expect(declared.has(definition.cardPrimaryProperty)).toBe(true);
    const reserved = new Set([definition.cardIdIdentifier, definition.cardNameIdentifier, definition.cardSetIdentifier]);
    const cards = json<Record<string, string>[]>(files, `${folder}/AllCards.json`);
    for (const card of cards) for (const key of Object.keys(card)) expect(reserved.has(key) || declared.has(key), key).toBe(true);
    expect(definition.cardProperties.find((property) => property.name === "power")!.type).toBe("integer");
    expect(definition.cardProperties.find((property) => property.name === "cost")!.type).toBe("string");
  });

  it("gives every card a unique id, a known set and an image at sets/<set>/<id>.png", () => {
    for (const name of ["Three-Slot Duel", "CYBERVAMP"]) {
      const sets = json<{ code: string; name: string }[]>(files, `${name}/AllSets.json`);
      const cards = json<Record<string, string>[]>(files, `${name}/AllCards.json`);
      expect(new Set(cards.map((card) => card["id"])).size).toBe(cards.length);
      for (const card of cards) {
        expect(sets.map((set) => set.code)).toContain(card["set"]);
        const image = files.get(`${name}/sets/${card["set"]}/${card["id"]}.png`);
        expect(image, card["id"]).toBeDefined();
        expect(readPng(image!.contents as Uint8Array)).toMatchObject({ width: CARD.cardWidth, height: CARD.cardHeight });
      }
    }
  });

  it("keeps names, set names and text with &, <, quotes, emoji and line breaks", () => {
    const cards = [
      ...json<Record<string, string>[]>(files, `${folder}/AllCards.json`),
      ...json<Record<string, string>[]>(files, "CYBERVAMP/AllCards.json"),
    ];
    for (const name of TRICKY_NAMES) expect(cards.map((card) => card["name"])).toContain(name);
    for (const original of [...duelSet().cards, ...vampSet(4).cards]) {
      expect(cards.find((card) => card["name"] === original.name)!["text"]).toBe(original.text);
    }
    expect(json<{ name: string }[]>(files, `${folder}/AllSets.json`)[0]!.name).toBe(duelSet().name);
  });

  it("points the game at hosted files only when an http(s) image base URL is given", async () => {
    expect(json<GameDef>(files, `${folder}/${folder}.json`).allCardsUrl).toBeUndefined();
    const hosted = json<GameDef>(await exported("https://example.org/games"), `${folder}/${folder}.json`);
    expect(hosted.allCardsUrl).toBe("https://example.org/games/Three-Slot%20Duel/AllCards.json");
    expect(hosted.cardImageUrl).toBe("https://example.org/games/Three-Slot%20Duel/sets/{cardSet}/{cardId}.{cardImageFileType}");
  });
});
