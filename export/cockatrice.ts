/**
 * Cockatrice: a card database (version 4) per game, for the client's `customsets/` folder,
 * with one rendered face per printing (`<set picurl=...>`). Element order inside <card> is the
 * XSD's (name, text, prop, set+, related*, token, tablerow); see ../shared/schemas/README.md.
 */
import { XMLBuilder } from "fast-xml-parser";
import type { CardModel, GameModel, WorkspaceModel } from "../compiler/model.ts";
import { cardSlugs, gameOf, imageUrl, orderedSets, setSlugs, statLine, typeLine, xmlSafe } from "./common.ts";
import { renderCardPng } from "./images.ts";
import { compiledForGame, createdTokens } from "./compiled.ts";
import type { ExportFile, ResolvedExportOptions } from "./types.ts";

/** Header fields that already have a standard Cockatrice property or element. */
const STANDARD_FIELDS = new Set(["name", "type", "cost", "color", "colors", "text", "rarity", "token"]);

/** A field name as an XML element name (field names are words; `'` and a leading digit are not allowed in XML names). */
function elementName(field: string): string {
  const name = field.replace(/[^A-Za-z0-9_.-]/g, "_");
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

function convertedCost(card: CardModel): number | undefined {
  const cost = card.fields["cost"];
  if (cost?.kind === "cost") return cost.symbols.reduce((sum, symbol) => sum + symbol.amount, 0);
  if (cost?.kind === "number") return cost.value;
  return undefined;
}

function properties(card: CardModel): Record<string, string> {
  const prop: Record<string, string> = {
    layout: "normal",
    side: "front",
    type: typeLine(card),
    maintype: card.type,
  };
  if (card.cost !== undefined) prop["manacost"] = card.cost;
  const cmc = convertedCost(card);
  if (cmc !== undefined) prop["cmc"] = String(cmc);
  if (card.colors.length > 0) prop["colors"] = card.colors.join(", ");
  const pt = statLine(card);
  if (pt !== undefined) prop["pt"] = pt;
  for (const [name, value] of Object.entries(card.fields)) {
    if (STANDARD_FIELDS.has(name)) continue;
    const element = elementName(name);
    if (!(element in prop)) prop[element] = value.text;
  }
  return Object.fromEntries(Object.entries(prop).map(([key, value]) => [key, xmlSafe(value)]));
}

function databaseXml(model: WorkspaceModel, game: GameModel, options: ResolvedExportOptions, files: ExportFile[]): string {
  const sets = orderedSets(model).filter((set) => set.game === game.id);
  const setSlugOf = setSlugs(orderedSets(model));
  const cards: object[] = [];
  // With the compiled IR at hand, a card that creates a token is related to that token's card (Cockatrice offers to create it).
  const compiled = options.bundles ? compiledForGame(options.bundles, game) : undefined;
  const tokenNames = new Map(sets.flatMap((set) => set.cards).filter((card) => card.isToken).map((card) => [card.name.toLowerCase(), card.name]));
  for (const set of sets) {
    const slugs = cardSlugs(set);
    set.cards.forEach((card, index) => {
      const picture = `pics/${setSlugOf.get(set)!}/${slugs.get(card)!}.png`;
      files.push({ path: picture, contents: renderCardPng(card, gameOf(model, card.game), options) });
      const printing: Record<string, string> = { "#text": xmlSafe(set.code), "@_picurl": imageUrl(options.imageBaseUrl, picture), "@_num": String(index + 1) };
      if (card.rarity !== undefined) printing["@_rarity"] = xmlSafe(card.rarity);
      const element: Record<string, unknown> = { name: xmlSafe(card.name) };
      if (card.text !== "") element["text"] = xmlSafe(card.text);
      element["prop"] = properties(card);
      element["set"] = [printing];
      const ir = compiled?.cards.get(card.name);
      const related = new Map<string, string | undefined>();
      for (const token of ir ? createdTokens(ir) : []) {
        const name = tokenNames.get(token.name.toLowerCase());
        if (name !== undefined && name !== card.name && !related.has(name)) related.set(name, token.count !== undefined && token.count > 1 ? String(token.count) : undefined);
      }
      if (related.size > 0) {
        element["related"] = [...related].map(([name, count]) => (count === undefined ? xmlSafe(name) : { "#text": xmlSafe(name), "@_count": count }));
      }
      if (card.isToken) element["token"] = "1";
      // Cockatrice's table rows: 2 = creatures (cards with stats), 1 = other permanents.
      element["tablerow"] = Object.keys(card.stats).length > 0 ? "2" : "1";
      cards.push(element);
    });
  }
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    cockatrice_carddatabase: {
      "@_version": "4",
      info: { author: "Cardwright", sourceVersion: `cardwright ${game.id}` },
      sets: {
        set: sets.map((set) => ({ name: xmlSafe(set.code), longname: xmlSafe(set.name), settype: "Custom" })),
      },
      cards: { card: cards },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    textNodeName: "#text",
    format: true,
    indentBy: "  ",
    processEntities: true,
    suppressEmptyNode: false,
  });
  return builder.build(document) as string;
}

export function exportCockatrice(model: WorkspaceModel, games: GameModel[], options: ResolvedExportOptions): ExportFile[] {
  const files: ExportFile[] = [];
  for (const game of games) {
    const xml = databaseXml(model, game, options, files);
    files.push({ path: `${game.id.replace(/[^A-Za-z0-9_-]+/g, "_")}.xml`, contents: xml });
  }
  return files;
}
