/**
 * The engine-neutral export: one JSON document per game, holding the game file's parameters
 * and vocabulary, its compiled rules, and every card of the exported sets with its fields,
 * canonical text and compiled IR. Described by export/schema/cardwright-export.schema.json.
 */
import type { CardModel, GameModel, SetModel, WorkspaceModel } from "../compiler/model.ts";
import { cardSlugs, orderedSets } from "./common.ts";
import { compiledForGame, type CompiledForExport } from "./compiled.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import type { ExportFile } from "./types.ts";
import { exportSchemaErrors } from "./validate.ts";

export const JSON_FORMAT = "cardwright-export";
export const JSON_FORMAT_VERSION = 1;

export class ExportValidationError extends Error {
  constructor(
    readonly format: string,
    readonly reasons: string[],
    /** The game file whose export failed. */
    readonly file: string,
  ) {
    super(`the ${format} export does not match its schema: ${reasons.slice(0, 5).join("; ")}`);
  }
}

function cardDocument(set: SetModel, card: CardModel, slug: string, number: number, compiled: CompiledForExport): object {
  const document: Record<string, unknown> = {
    id: `${set.code}-${slug}`,
    number,
    name: card.name,
    type: card.type,
    supertypes: card.supertypes,
    subtypes: card.subtypes,
    isToken: card.isToken,
    colors: card.colors,
  };
  if (card.rarity !== undefined) document["rarity"] = card.rarity;
  if (card.cost !== undefined) document["cost"] = card.cost;
  document["stats"] = card.stats;
  document["fields"] = card.fields;
  document["abilities"] = card.abilities.map((ability) =>
    ability.tag === undefined ? { text: ability.text, range: ability.range } : { tag: ability.tag, text: ability.text, range: ability.range },
  );
  document["text"] = card.text;
  document["source"] = { file: card.file, range: card.range };
  const ir = compiled.cards.get(card.name) ?? compiled.cards.get(card.name.toLowerCase());
  if (ir === undefined) throw new ExportValidationError("json", [`card "${card.name}" has no compiled IR`], card.file);
  document["compiled"] = ir;
  return document;
}

/** The export document of one game: its sets are those of the model that are for this game. */
export function gameExportDocument(model: WorkspaceModel, game: GameModel, bundles: CompiledBundle[] | undefined): object {
  const compiled = compiledForGame(bundles, game);
  const gameDocument: Record<string, unknown> = {
    id: game.id,
    name: game.name,
    params: game.params,
    colors: game.colors,
    cardTypes: game.cardTypes,
    zones: game.zones,
    phases: game.phases,
    keywords: game.keywords.map((keyword) => {
      const entry: Record<string, unknown> = { name: keyword.name, kind: keyword.kind };
      if (keyword.parameter !== undefined) entry["parameter"] = keyword.parameter;
      entry["definition"] = keyword.definition;
      return entry;
    }),
  };
  gameDocument["compiled"] = compiled.game;
  const sets = orderedSets(model)
    .filter((set) => set.game === game.id)
    .map((set) => {
      const slugs = cardSlugs(set);
      return {
        code: set.code,
        name: set.name,
        cards: set.cards.map((card, index) => cardDocument(set, card, slugs.get(card)!, index + 1, compiled)),
      };
    });
  // Round-tripping through JSON drops undefined members the model may carry, so the file and the validated value agree.
  return JSON.parse(JSON.stringify({ format: JSON_FORMAT, formatVersion: JSON_FORMAT_VERSION, game: gameDocument, sets })) as object;
}

export function exportJson(model: WorkspaceModel, games: GameModel[], bundles: CompiledBundle[] | undefined): ExportFile[] {
  return games.map((game) => {
    const document = gameExportDocument(model, game, bundles);
    const errors = exportSchemaErrors(document);
    if (errors.length > 0) throw new ExportValidationError("json", errors, game.file);
    return { path: `${game.id}.cardwright.json`, contents: `${JSON.stringify(document, null, 2)}\n` };
  });
}
