/**
 * Card Game Simulator: one custom-game folder per game, as CGS keeps them in its `games/`
 * directory: `<Game>/<Game>.json` (the CardGameDef, declaring a card property per field),
 * `AllCards.json`, `AllSets.json`, `CardBack.png` and `sets/<set code>/<card id>.png`.
 */
import type { CardModel, GameModel, WorkspaceModel } from "../compiler/model.ts";
import { cardSlugs, gameOf, orderedSets, setSlugs, typeLine } from "./common.ts";
import { renderBackPng, renderCardPng } from "./images.ts";
import type { ExportFile, ResolvedExportOptions } from "./types.ts";

/** Card keys CGS itself reads (cardIdIdentifier, cardNameIdentifier, cardSetIdentifier defaults). */
const RESERVED_KEYS = new Set(["id", "name", "set", "text"]);

interface PropertyDef {
  name: string;
  type: "string" | "integer";
  display: string;
}

/** A folder name any platform accepts. */
function folderName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001F]/g, "_").replace(/[. ]+$/, "").trim();
  return safe === "" ? "Cardwright game" : safe;
}

function propertyKey(field: string): string {
  return RESERVED_KEYS.has(field) ? `field_${field}` : field;
}

function display(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " ");
}

function cardProperties(cards: CardModel[]): PropertyDef[] {
  const kinds = new Map<string, boolean>();
  for (const card of cards) {
    for (const [name, value] of Object.entries(card.fields)) {
      if (name === "type") continue;
      const key = propertyKey(name);
      kinds.set(key, (kinds.get(key) ?? true) && value.kind === "number");
    }
  }
  const properties: PropertyDef[] = [{ name: "type", type: "string", display: "Type" }];
  for (const [key, numeric] of kinds) properties.push({ name: key, type: numeric ? "integer" : "string", display: display(key) });
  properties.push({ name: "text", type: "string", display: "Text" });
  return properties;
}

export function exportCgs(model: WorkspaceModel, games: GameModel[], options: ResolvedExportOptions): ExportFile[] {
  const files: ExportFile[] = [];
  const allSets = orderedSets(model);
  const setCodes = setSlugs(allSets);
  for (const game of games) {
    const folder = folderName(game.name || game.id);
    const sets = allSets.filter((set) => set.game === game.id);
    const cards = sets.flatMap((set) => set.cards);
    const properties = cardProperties(cards);
    const allCards: Record<string, string>[] = [];
    for (const set of sets) {
      const code = setCodes.get(set)!;
      const slugs = cardSlugs(set);
      for (const card of set.cards) {
        const id = `${code}-${slugs.get(card)!}`;
        const entry: Record<string, string> = { id, name: card.name, set: code, type: typeLine(card) };
        for (const [name, value] of Object.entries(card.fields)) {
          if (name === "type") continue;
          entry[propertyKey(name)] = value.kind === "number" ? String(value.value) : value.text;
        }
        entry["text"] = card.text;
        allCards.push(entry);
        files.push({ path: `${folder}/sets/${code}/${id}.png`, contents: renderCardPng(card, gameOf(model, card.game), options) });
      }
    }
    const definition: Record<string, unknown> = {
      name: game.name || game.id,
      // The folder already holds every file; CGS must not try to re-download it.
      autoUpdate: -1,
      cardBackImageFileType: "png",
      cardIdIdentifier: "id",
      cardImageFileType: "png",
      cardNameIdentifier: "name",
      cardNameIsUnique: true,
      cardPrimaryProperty: "text",
      cardProperties: properties,
      cardSetIdentifier: "set",
      cardSize: { x: 2.5, y: 3.5 },
      deckFileType: "txt",
      setCodeIdentifier: "code",
      setNameIdentifier: "name",
    };
    if (/^https?:\/\//.test(options.imageBaseUrl)) {
      const base = options.imageBaseUrl.replace(/\/$/, "");
      const root = `${base}/${encodeURIComponent(folder)}`;
      definition["allCardsUrl"] = `${root}/AllCards.json`;
      definition["allSetsUrl"] = `${root}/AllSets.json`;
      definition["autoUpdateUrl"] = `${root}/${encodeURIComponent(folder)}.json`;
      definition["cardBackImageUrl"] = `${root}/CardBack.png`;
      definition["cardImageUrl"] = `${root}/sets/{cardSet}/{cardId}.{cardImageFileType}`;
    }
    files.push({ path: `${folder}/${folder}.json`, contents: `${JSON.stringify(definition, null, 2)}\n` });
    files.push({ path: `${folder}/AllCards.json`, contents: `${JSON.stringify(allCards, null, 2)}\n` });
    files.push({
      path: `${folder}/AllSets.json`,
      contents: `${JSON.stringify(sets.map((set) => ({ code: setCodes.get(set)!, name: set.name })), null, 2)}\n`,
    });
    files.push({ path: `${folder}/CardBack.png`, contents: renderBackPng(game, options) });
  }
  return files;
}
