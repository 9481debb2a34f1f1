/**
 * `cardwright export` end to end on the bundled starter sets: every format exports the three
 * games' sets from the repository's own cards, and a set with errors writes nothing.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main.ts";
import { exportSchemaErrors } from "../../export/validate.ts";
import { readPng } from "./png.ts";

const REPO = resolve(import.meta.dirname, "../..");
const XSD = resolve(REPO, "../shared/schemas/cockatrice-carddatabase-v4.xsd");
const scratch = mkdtempSync(join(tmpdir(), "cw-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const GAMES = ["chromatic", "cybervamp", "duel"];
const SETS_DIR = join(REPO, "cards");

let output = "";
beforeEach(() => {
  output = "";
  const capture = (chunk: string | Uint8Array) => {
    output += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
});
afterEach(() => vi.restoreAllMocks());

/** The starter sets' card counts per game, from the JSON export (the reference for the other formats). */
const cardCounts = new Map<string, number>();

async function exportTo(format: string, out: string, extra: string[] = []): Promise<number> {
  return main(["export", "--format", format, SETS_DIR, "-o", out, "--card-size", "60x84", ...extra]);
}

/**
 * A bound against a hang, not a speed goal: each export renders or compiles every bundled card (~1,270) in this process;
 * at a load of 16–20 on two cores (session 36's landing runs) the image formats took 230–280 s.
 */
const EXPORT_BOUND = 600_000;

describe("cardwright export on the starter sets", () => {
  it("json: one schema-valid document per game with every card compiled", { timeout: EXPORT_BOUND }, async () => {
    const out = join(scratch, "json");
    expect(await exportTo("json", out), output).toBe(0);
    for (const game of GAMES) {
      const document = JSON.parse(readFileSync(join(out, `${game}.cardwright.json`), "utf8")) as { sets: { cards: { compiled: unknown }[] }[] };
      expect(exportSchemaErrors(document)).toEqual([]);
      const cards = document.sets.flatMap((set) => set.cards);
      expect(cards.length).toBeGreaterThan(10);
      cardCounts.set(game, cards.length);
    }
    expect(output).toMatch(/Exported \d+ cards in \d+ sets \(chromatic, cybervamp, duel\) as json/);
  });

  it("tts: a deck per set whose sheets are PNGs of the grid size", { timeout: EXPORT_BOUND }, async () => {
    const out = join(scratch, "tts");
    expect(await exportTo("tts", out), output).toBe(0);
    const decks = readdirSync(out).filter((name) => name.endsWith(".json"));
    expect(decks.length).toBeGreaterThanOrEqual(3);
    let total = 0;
    for (const name of decks) {
      const saved = JSON.parse(readFileSync(join(out, name), "utf8")) as {
        ObjectStates: { Name: string; CardID?: number; DeckIDs?: number[]; CustomDeck: Record<string, { FaceURL: string; NumWidth: number; NumHeight: number }>; ContainedObjects?: { CardID: number }[] }[];
      };
      const deck = saved.ObjectStates[0]!;
      if (deck.Name === "Card") {
        // A set of one card is saved as a single Card object, as Tabletop Simulator saves one.
        expect(deck.CardID).toBeTypeOf("number");
        total += 1;
      } else {
        expect(deck.Name).toBe("DeckCustom");
        expect(deck.DeckIDs).toEqual(deck.ContainedObjects!.map((card) => card.CardID));
        total += deck.DeckIDs!.length;
      }
      for (const sheet of Object.values(deck.CustomDeck)) {
        expect(sheet.FaceURL.startsWith("file://")).toBe(true);
        const png = readPng(readFileSync(new URL(sheet.FaceURL)));
        expect([png.width, png.height]).toEqual([sheet.NumWidth * 60, sheet.NumHeight * 84]);
      }
    }
    if (cardCounts.size === GAMES.length) expect(total).toBe([...cardCounts.values()].reduce((a, b) => a + b, 0));
  });

  it("cockatrice: one database per game that passes the real XSD", { timeout: EXPORT_BOUND }, async () => {
    const out = join(scratch, "cockatrice");
    expect(await exportTo("cockatrice", out), output).toBe(0);
    expect(existsSync(XSD), `The Cockatrice XSD is missing: expected it at ${XSD} (the shared reference schemas beside the repository).`).toBe(true);
    for (const game of GAMES) {
      const file = join(out, `${game}.xml`);
      const run = spawnSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8" });
      expect(`${run.stdout}${run.stderr}`).toContain("validates");
      const xml = readFileSync(file, "utf8");
      const pictures = [...xml.matchAll(/picurl="([^"]+)"/g)].map((match) => match[1]!);
      if (cardCounts.has(game)) expect(pictures).toHaveLength(cardCounts.get(game)!);
      for (const url of pictures) expect(existsSync(new URL(url.replace(/&amp;/g, "&"))), url).toBe(true);
    }
  });

  it("cgs: a game folder per game with every card's image", { timeout: EXPORT_BOUND }, async () => {
    const out = join(scratch, "cgs");
    expect(await exportTo("cgs", out), output).toBe(0);
    const folders = readdirSync(out).filter((name) => !name.startsWith("."));
    expect(folders).toHaveLength(3);
    for (const folder of folders) {
      const cards = JSON.parse(readFileSync(join(out, folder, "AllCards.json"), "utf8")) as { id: string; set: string }[];
      expect(existsSync(join(out, folder, `${folder}.json`))).toBe(true);
      for (const card of cards) expect(existsSync(join(out, folder, "sets", card.set, `${card.id}.png`)), card.id).toBe(true);
    }
  });
});

describe("cardwright export refuses", () => {
  it("a set with errors: prints the diagnostics, exits 1 and writes nothing", { timeout: 120_000 }, async () => {
    const workspace = join(scratch, "broken-workspace");
    mkdirSync(workspace, { recursive: true });
    copyFileSync(join(REPO, "cards/duel/duel.game"), join(workspace, "duel.game"));
    writeFileSync(join(workspace, "broken.cards"), 'set BRK "Broken" for duel\n\ncard "Nope" {\n  type: Wizardry\n  text:\n    Frobnicate the moon.\n}\n');
    const out = join(scratch, "never");
    const code = await main(["export", "--format", "json", workspace, "-o", out]);
    expect(code).toBe(1);
    expect(output).toMatch(/broken\.cards:\d+:\d+: error CW\d{4}/);
    expect(output).toContain("Nothing was exported");
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.startsWith(".cardwright-tmp-"))).toEqual([]);
  });

  it("an image base URL that is not a URL, as a usage error", async () => {
    const code = await main(["export", "--format", "tts", SETS_DIR, "-o", join(scratch, "bad-url"), "--image-base-url", "not a url"]);
    expect(code).toBe(2);
    expect(output).toContain("--image-base-url must be an absolute URL");
    expect(existsSync(join(scratch, "bad-url"))).toBe(false);
  });

  it("an unknown format, as a usage error", async () => {
    const code = await main(["export", "--format", "docx", SETS_DIR, "-o", join(scratch, "docx")]);
    expect(code).toBe(2);
    expect(existsSync(join(scratch, "docx"))).toBe(false);
  });
});
