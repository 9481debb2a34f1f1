/** Monarch colouring for the card language, rebuilt when the game vocabulary changes. */
import type { languages } from "monaco-editor/editor";
import { STATEMENT_WORDS, TEXT_WORDS } from "./words.ts";

export interface ColouringVocabulary {
  keywords: string[];
  markers: string[];
  colors: string[];
  zones: string[];
  cardTypes: string[];
}

const escapeWord = (w: string) => w.replace(/[.*+?^${}()|[\]\\/'-]/g, "\\$&");

export function monarchFor(vocabulary: ColouringVocabulary): languages.IMonarchLanguage {
  // Longest first so "Overexhaust" wins over "Exhaust"; Monarch lists match whole words only.
  const list = (words: string[]) => [...new Set(words.map((w) => w.toLowerCase()))].sort((a, b) => b.length - a.length);
  const language: languages.IMonarchLanguage & Record<string, unknown> = {
    ignoreCase: true,
    defaultToken: "",
    statementWords: list([...STATEMENT_WORDS]),
    textWords: list([...TEXT_WORDS]),
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
        [
          /[A-Za-z_][\w'-]*/,
          {
            cases: {
              "@gameMarkers": "keyword.marker",
              "@gameKeywords": "keyword.game",
              "@gameColors": "type.color",
              "@gameZones": "type.zone",
              "@gameTypes": "type.cardtype",
              "@statementWords": "keyword",
              "@textWords": "keyword.text",
              "@default": "identifier",
            },
          },
        ],
        [/—|–|--|•/, "delimiter"],
        [/[:.,;(){}[\]=]/, "delimiter"],
      ],
      string: [
        [/\\./, "string.escape"],
        [/[^"”\\]+/, "string"],
        [/["”]/, { token: "string.quote", next: "@pop" }],
      ],
    },
  };
  return language;
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
