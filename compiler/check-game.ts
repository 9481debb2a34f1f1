/**
 * Binding a game file: its declarations become the game's vocabulary; names the game file
 * uses inside itself (`pays Crystal`, `abilities spell_abilities tagged`) must be declared by it.
 */
import type { Diagnostic } from "./diagnostics.ts";
import { diagnostic } from "./messages.ts";
import type { DefinitionModel, GameModel } from "./model.ts";
import type { GameView } from "./check-input.ts";
import { GameVocabulary, KIND_NOUNS, lookupWord, type VocabularyKind } from "./vocabulary.ts";
import { isReservedName } from "./reserved-names.ts";
import { checkLayout } from "./layout.ts";
import { checkAbilityWords, referenceOf, reportUnknownWord, type Accept, type Reference } from "./check.ts";

export interface BoundGame {
  vocabulary: GameVocabulary;
  model: GameModel;
  diagnostics: Diagnostic[];
  references: Reference[];
}

export function bindGame(view: GameView): BoundGame {
  const diagnostics: Diagnostic[] = [];
  const references: Reference[] = [];
  const accept: Accept = (code, range, args, suggestion, fix) =>
    diagnostics.push(diagnostic(code, view.file, range, args, { ...(suggestion === undefined ? {} : { suggestion }), ...(fix ? { fix } : {}) }));

  const vocabulary = new GameVocabulary(view.id, view.name, view.file);
  for (const declaration of view.declarations) {
    // A name a plain object already answers for would reach the engine's JSON state as that property.
    if (isReservedName(declaration.name)) accept("CW2080", declaration.range, { name: declaration.name, what: KIND_NOUNS[declaration.kind] });
    const earlier = vocabulary.declare(declaration);
    if (earlier) {
      accept("CW2023", declaration.range, {
        name: declaration.name,
        game: view.id,
        first: KIND_NOUNS[earlier.kind],
        second: KIND_NOUNS[declaration.kind],
      });
    }
  }

  // Parameters named by card type structures must exist.
  for (const cardType of vocabulary.all("cardtype")) {
    const count = cardType.abilities?.facets;
    if (count && typeof count === "object") {
      const param = vocabulary.param(count.param);
      if (!param) {
        accept("CW2029", cardType.abilities!.range, { construct: `The card type ${cardType.name}`, name: count.param, game: view.id }, vocabulary.suggest(count.param, "param"));
      } else if (typeof param.value !== "number") {
        accept("CW2027", cardType.abilities!.range, { name: param.name, expected: "a number", found: String(param.value) });
      }
    }
  }

  for (const reference of view.references) {
    // A requires list may introduce a field of its own (a Land's `produces`): nothing to check.
    if (reference.role === "field") continue;
    if (reference.role === "symbol-target") {
      // `symbol {G} = Gold`: a colour, a resource or "generic".
      if (reference.text.toLowerCase() === "generic") continue;
      const target = lookupWord(vocabulary, "color", reference.text) ?? lookupWord(vocabulary, "resource", reference.text);
      if (target) references.push(referenceOf(view.file, reference.range, target));
      else accept("CW2024", reference.range, { word: reference.text, game: view.id }, vocabulary.suggest(reference.text, "resource", "color"));
      continue;
    }
    const kind: VocabularyKind = reference.role;
    const found = lookupWord(vocabulary, kind, reference.text);
    if (found) {
      references.push(referenceOf(view.file, reference.range, found));
    } else if (kind === "param") {
      accept("CW2029", reference.range, { construct: reference.context, name: reference.text, game: view.id }, vocabulary.suggest(reference.text, "param"));
    } else {
      reportUnknownWord({ vocabulary, accept }, kind, reference.text, reference.range);
    }
  }

  // A keyword's parameter and the variables its card-text definition uses must agree.
  for (const keyword of vocabulary.all("keyword")) {
    if (keyword.rule) continue;
    const variables = new Set(keyword.definition.match(/\b[B-HJ-Z]\b/g) ?? []);
    if (keyword.parameter && !variables.has(keyword.parameter)) {
      accept("CW2036", keyword.range, { keyword: keyword.name, parameter: keyword.parameter });
    }
    for (const variable of variables) {
      if (variable !== keyword.parameter && !keyword.parameter) accept("CW2037", keyword.range, { keyword: keyword.name, parameter: variable });
    }
  }

  const cardIndex = new Map();
  for (const ability of view.abilities) {
    checkAbilityWords(ability, { vocabulary, file: view.file, cardIndex, accept, references });
  }

  const layout = checkLayout(view.layouts, vocabulary, accept);

  const definitions: DefinitionModel[] = vocabulary.declarations.map((declaration) => ({
    kind: declaration.kind,
    name: declaration.name,
    file: declaration.file,
    range: declaration.range,
    detail: declaration.detail,
  }));
  const params: Record<string, number | string | boolean> = {};
  // Own entries even for a name like `__proto__` (CW2080): kept, so the engine refuses the game instead of a param vanishing.
  for (const param of vocabulary.all("param")) Object.defineProperty(params, param.name, { value: param.value, enumerable: true, writable: true, configurable: true });
  const model: GameModel = {
    id: view.id,
    name: view.name,
    file: view.file,
    params,
    colors: vocabulary.names("color"),
    cardTypes: vocabulary.names("cardtype"),
    zones: vocabulary.names("zone"),
    phases: vocabulary.names("phase"),
    keywords: vocabulary.all("keyword").map((keyword) => {
      const entry: GameModel["keywords"][number] = {
        name: keyword.name,
        kind: keyword.keywordKind,
        definition: keyword.definition,
        file: keyword.file,
        range: keyword.range,
      };
      if (keyword.parameter) entry.parameter = keyword.parameter;
      return entry;
    }),
    definitions,
  };
  if (layout) model.layout = layout;
  return { vocabulary, model, diagnostics, references };
}

