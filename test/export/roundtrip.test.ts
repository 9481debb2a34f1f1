/**
 * Property: whatever text a designer writes — markup characters, quotes, emoji, any Unicode,
 * line breaks — every format gives it back unchanged when read with a real parser. (XML 1.0
 * cannot hold most control characters: they come back as U+FFFD, and CR/CRLF as LF.)
 */
import { XMLParser } from "fast-xml-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportWorkspace, type ExportFile } from "../../export/index.ts";
import { xmlSafe } from "../../export/common.ts";
import { card, duelGame, fakeBundles, workspace } from "./fixtures.ts";

const TINY = { cardWidth: 10, cardHeight: 14, faceRenderer: () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14"><rect width="10" height="14"/></svg>' };

const anyText = fc.string({ unit: "binary", maxLength: 40 });
const lineOfText = fc.array(fc.oneof(anyText, fc.constantFrom("&", "<", ">", '"', "'", "&amp;", "]]>", "🦇", "\n", "\r\n", "{R}")), { maxLength: 8 }).map((parts) => parts.join(""));
const cardName = fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).filter((name) => name.trim() !== "");

function model(name: string, text: string, setName: string) {
  const made = card("duel", "DU1", "cards/duel/x.cards", 3, { name, colors: ["Red"], rarity: "Common", stats: { power: 2 }, abilities: [{ text }] });
  return workspace([{ code: "DU1", name: setName, game: "duel", file: "cards/duel/x.cards", cards: [made] }], [duelGame]);
}

function fileText(files: ExportFile[], path: string): string {
  const file = files.find((candidate) => candidate.path === path);
  expect(file, path).toBeDefined();
  return file!.contents as string;
}

const xmlParser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false, trimValues: false, isArray: (name) => name === "card" || name === "set" });

describe("names and text survive every format", () => {
  it("json, tts and cgs (read back with JSON.parse)", async () => {
    await fc.assert(
      fc.asyncProperty(cardName, lineOfText, anyText, async (name, text, setName) => {
        const workspaceModel = model(name, text, setName);
        const json = await exportWorkspace(workspaceModel, "json", { ...TINY, bundles: fakeBundles(workspaceModel) });
        const tts = await exportWorkspace(workspaceModel, "tts", TINY);
        const cgs = await exportWorkspace(workspaceModel, "cgs", TINY);
        if (!json.ok || !tts.ok || !cgs.ok) throw new Error("export refused");
        const document = JSON.parse(fileText(json.files, "duel.cardwright.json")) as { sets: { name: string; cards: { name: string; text: string }[] }[] };
        expect(document.sets[0]!.name).toBe(setName);
        expect(document.sets[0]!.cards[0]).toMatchObject({ name, text });
        const saved = JSON.parse(fileText(tts.files, "DU1.json")) as { ObjectStates: { Nickname: string; Description: string }[] };
        expect(saved.ObjectStates[0]).toMatchObject({ Nickname: name, Description: text });
        const allCards = JSON.parse(fileText(cgs.files, "Three-Slot Duel/AllCards.json")) as { name: string; text: string }[];
        expect(allCards[0]).toMatchObject({ name, text });
      }),
      { numRuns: 40 },
    );
  });

  it("cockatrice (read back with an XML parser)", async () => {
    const asXmlReads = (text: string) => xmlSafe(text).replace(/\r\n?/g, "\n");
    await fc.assert(
      fc.asyncProperty(cardName, lineOfText, anyText, async (name, text, setName) => {
        const result = await exportWorkspace(model(name, text, setName), "cockatrice", TINY);
        if (!result.ok) throw new Error("export refused");
        const parsed = xmlParser.parse(fileText(result.files, "duel.xml")) as {
          cockatrice_carddatabase: { sets: { set: { longname: string }[] }; cards: { card: { name: string; text?: string }[] } };
        };
        const database = parsed.cockatrice_carddatabase;
        expect(database.sets.set[0]!.longname).toBe(asXmlReads(setName));
        expect(database.cards.card[0]!.name).toBe(asXmlReads(name));
        expect(database.cards.card[0]!.text ?? "").toBe(asXmlReads(text));
      }),
      { numRuns: 40 },
    );
  });
});
