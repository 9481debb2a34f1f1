/**
 * Monarch colouring for the card language. Language words come from the lexer's own
 * keyword patterns (sent by the checker worker), the game's names (keywords, markers,
 * colours, zones, card types) from the checked game files; both are rebuilt when they change.
 */
import type { languages } from "monaco-editor/editor";
import type { LanguageVocabulary } from "../worker/protocol.ts";
import { STATEMENT_WORDS, TEXT_WORDS } from "./words.ts";

export interface ColouringVocabulary {
  keywords: string[];
  markers: string[];
  colors: string[];
  zones: string[];
  cardTypes: string[];
}

const escapeRegex = (w: string) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A `cases` guard matching a whole word against the lexer's patterns (or the fallback word list). */
function guard(patterns: string[] | undefined, fallback: readonly string[]): string {
  const alternatives = patterns?.length ? patterns : fallback.map(escapeRegex);
  return `(?:${alternatives.join(")|(?:")})`;
}

export function monarchFor(vocabulary: ColouringVocabulary, language?: LanguageVocabulary): languages.IMonarchLanguage {
  const list = (words: string[]) => [...new Set(words.map((w) => w.toLowerCase()))];
  const wordCases: Record<string, string> = {
    // The game's own names first: a game may name a keyword after a language word.
    "@gameMarkers": "keyword.marker",
    "@gameKeywords": "keyword.game",
    "@gameColors": "type.color",
    "@gameZones": "type.zone",
    "@gameTypes": "type.cardtype",
  };
  wordCases[guard(language?.statementPatterns, STATEMENT_WORDS)] = "keyword";
  wordCases[guard(language?.wordPatterns, TEXT_WORDS)] = "keyword.text";
  wordCases["@default"] = "identifier";

  return {
    ignoreCase: true,
    defaultToken: "",
    gameKeywords: list(vocabulary.keywords),
    gameColors: list(vocabulary.colors),
    gameZones: list(vocabulary.zones),
    gameTypes: list(vocabulary.cardTypes),
    gameMarkers: list(vocabulary.markers),
    tokenizer: {
      root: [
        [/#.*$/, "comment"],
        [/["“]/, { token: "string.quote", next: "@string" }],
        [/\{[^}\s]*\}/, "number.cost"],
        [/\[[A-Za-z]+\]/, "tag"],
        [/[+-]?\d+\/[+-]?\d+/, "number.stats"],
        [/[+-]?\d+/, "number"],
        // A field name at the start of a line inside a card: `type:`, `text:`
        [/^(\s*)([A-Za-z_]+)(\s*)(:)/, ["", "attribute.name", "", "delimiter"]],
        [/[A-Za-z_\u00c0-\u024f][\w'’\u00c0-\u024f-]*/, { cases: wordCases }],
        [/—|–|--|•/, "delimiter"],
        [/[:.,;(){}[\]=]/, "delimiter"],
      ],
      string: [
        [/\\./, "string.escape"],
        [/[^"”\\]+/, "string"],
        [/["”]/, { token: "string.quote", next: "@pop" }],
      ],
    },
  } as languages.IMonarchLanguage;
}

export const THEME_RULES = [
  { token: "comment", foreground: "6a737d", fontStyle: "italic" },
  { token: "string", foreground: "a3501a" },
  { token: "string.quote", foreground: "a3501a" },
  { token: "number", foreground: "0b7a75" },
  { token: "number.cost", foreground: "b0257a", fontStyle: "bold" },
  { token: "number.stats", foreground: "0b7a75", fontStyle: "bold" },
  { token: "tag", foreground: "7b3fb8", fontStyle: "bold" },
  { token: "attribute.name", foreground: "355fa8", fontStyle: "bold" },
  { token: "keyword", foreground: "0033b3", fontStyle: "bold" },
  { token: "keyword.text", foreground: "3c3c8c" },
  { token: "keyword.game", foreground: "8c2fb0", fontStyle: "bold" },
  { token: "keyword.marker", foreground: "b0257a", fontStyle: "bold" },
  { token: "type.color", foreground: "b35c00" },
  { token: "type.zone", foreground: "1a7f37" },
  { token: "type.cardtype", foreground: "1a6fa8" },
];
