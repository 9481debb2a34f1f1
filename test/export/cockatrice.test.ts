import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { exportWorkspace, type ExportFile } from "../../export/index.ts";
import { duelSet, fakeBundles, TRICKY_NAMES, vampSet, workspace } from "./fixtures.ts";
import { readPng } from "./png.ts";

const REPO = resolve(import.meta.dirname, "../..");
/** The real Cockatrice XSD is reference data beside the repository, never copied into it. */
const XSD = resolve(REPO, "../shared/schemas/cockatrice-carddatabase-v4.xsd");
const MISSING_XSD = `The Cockatrice XSD is missing: expected it at ${XSD} (the shared reference schemas beside the repository; CI has them). Validation against the real schema cannot run without it.`;
const CARD = { cardWidth: 50, cardHeight: 70 };

const scratch = mkdtempSync(join(tmpdir(), "cw-cockatrice-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function exported(): Promise<Map<string, ExportFile>> {
  const result = await exportWorkspace(workspace([duelSet(), vampSet(6)]), "cockatrice", CARD);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return new Map(result.files.map((file) => [file.path, file]));
}

function xmllint(xml: string): { status: number | null; output: string } {
  if (!existsSync(XSD)) throw new Error(MISSING_XSD);
  const file = join(scratch, `db-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const run = spawnSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8" });
  if (run.error) throw new Error(`xmllint could not run (${run.error.message}); install Debian's libxml2-utils (scripts/install-system-deps.sh)`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ["card", "set", "related"].includes(name),
});

interface ParsedCard {
  name: string;
  related?: (string | { "#text": string; "@_count": string })[];
  text?: string;
  prop: Record<string, string>;
  set: { "#text": string; "@_picurl": string; "@_num": string; "@_rarity"?: string }[];
  token?: string;
  tablerow?: string;
}

function cardsOf(xml: string): ParsedCard[] {
  const parsed = parser.parse(xml) as { cockatrice_carddatabase: { "@_version": string; cards: { card: ParsedCard[] } } };
  expect(parsed.cockatrice_carddatabase["@_version"]).toBe("4");
  return parsed.cockatrice_carddatabase.cards.card;
}

const exportedFiles = await exported();

describe("Cockatrice export", () => {
  const files = exportedFiles;

  it("finds the Cockatrice XSD in ../shared/schemas (CI always has it)", () => {
    expect(existsSync(XSD), MISSING_XSD).toBe(true);
  });

  it("writes one database per game that passes the real XSD", () => {
    expect([...files.keys()].filter((path) => path.endsWith(".xml")).sort()).toEqual(["cybervamp.xml", "duel.xml"]);
    for (const path of ["cybervamp.xml", "duel.xml"]) {
      const result = xmllint(files.get(path)!.contents as string);
      expect(result.output).toContain("validates");
      expect(result.status).toBe(0);
    }
  });

  it("is checked by a validator that does reject a wrong element order", () => {
    const xml = files.get("duel.xml")!.contents as string;
    const swapped = xml.replace(/(<text>[\s\S]*?<\/text>)(\s*)(<prop>[\s\S]*?<\/prop>)/, "$3$2$1");
    expect(swapped).not.toBe(xml);
    expect(xmllint(swapped).status).not.toBe(0);
  });

  it("keeps the XSD's element order inside <card> and writes token as 1", () => {
    const xml = files.get("duel.xml")!.contents as string;
    const order = ["name", "text", "prop", "set", "related", "reverse-related", "token", "tablerow", "cipt", "upsidedown", "landscapeOrientation"];
    for (const block of xml.match(/<card>[\s\S]*?<\/card>/g)!) {
      const children = [...block.matchAll(/^ {6}<([a-zA-Z-]+)/gm)].map((match) => match[1]!);
      const ranks = children.map((child) => order.indexOf(child));
      expect(ranks.every((rank) => rank >= 0), children.join(",")).toBe(true);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
    const cards = cardsOf(xml);
    const token = cards.find((card) => card.name === TRICKY_NAMES[3])!;
    expect(token.token).toBe("1");
    expect(cards.filter((card) => card.token !== undefined)).toHaveLength(1);
  });

  it("reads back every name and text unchanged, with a picture per printing", () => {
    const expected = [...duelSet().cards, ...vampSet(6).cards];
    const cards = [...cardsOf(files.get("duel.xml")!.contents as string), ...cardsOf(files.get("cybervamp.xml")!.contents as string)];
    expect(cards.map((card) => card.name).sort()).toEqual(expected.map((card) => card.name).sort());
    for (const original of expected) {
      const card = cards.find((candidate) => candidate.name === original.name)!;
      expect(card.text ?? "").toBe(original.text);
      expect(card.set).toHaveLength(1);
      expect(card.set[0]!["#text"]).toBe(original.set);
      const picture = files.get(decodeURIComponent(card.set[0]!["@_picurl"]));
      expect(picture, card.set[0]!["@_picurl"]).toBeDefined();
      expect(readPng(picture!.contents as Uint8Array)).toMatchObject({ width: CARD.cardWidth, height: CARD.cardHeight });
    }
    for (const name of TRICKY_NAMES) expect(cards.map((card) => card.name)).toContain(name);
  });

  it("describes the card in <prop>: type line, cost, colours and stats", () => {
    const card = cardsOf(files.get("cybervamp.xml")!.contents as string).find((candidate) => candidate.name === "Thrall 4")!;
    expect(card.prop).toMatchObject({ type: "Creature — Vampire", maintype: "Creature", manacost: "{4}", cmc: "4", colors: "Red, Black", pt: "3/1", power: "3", toughness: "1" });
    expect(card.set[0]!["@_rarity"]).toBe("Common");
    expect(card.set[0]!["@_num"]).toBe("4");
  });

  it("relates a card to the token cards its compiled abilities create", async () => {
    const model = workspace([duelSet()]);
    const bundles = fakeBundles(model, { "Fish & Chips": { name: TRICKY_NAMES[3]!, amount: 2 }, "<Script> Kiddie": { name: "No Such Token", amount: 1 } });
    const result = await exportWorkspace(model, "cockatrice", { ...CARD, bundles });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const xml = result.files.find((file) => file.path === "duel.xml")!.contents as string;
    const cards = cardsOf(xml);
    expect(cards.find((card) => card.name === "Fish & Chips")!.related).toEqual([{ "#text": TRICKY_NAMES[3], "@_count": "2" }]);
    expect(cards.find((card) => card.name === "<Script> Kiddie")!.related).toBeUndefined();
    expect(xmllint(xml).status).toBe(0);
  });

  it("uses the image base URL for picurl when one is given", async () => {
    const result = await exportWorkspace(workspace([duelSet()]), "cockatrice", { ...CARD, imageBaseUrl: "https://cards.example.org/duel" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const xml = result.files.find((file) => file.path === "duel.xml")!.contents as string;
    const urls = cardsOf(xml).map((card) => card.set[0]!["@_picurl"]);
    expect(urls).toContain("https://cards.example.org/duel/pics/DU1/fish-chips.png");
    expect(xmllint(xml).status).toBe(0);
  });
});

// xmllint itself must be present where these tests run (CI installs it); say so plainly if not.
try {
  execFileSync("xmllint", ["--version"], { stdio: "ignore" });
} catch {
  throw new Error("xmllint is not installed: run scripts/install-system-deps.sh (Debian package libxml2-utils)");
}
