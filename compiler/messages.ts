/**
 * Every user-facing diagnostic message, in one table (as the TypeScript compiler keeps its
 * `diagnosticMessages.json`): a stable code, a severity, a template with `{named}` holes, a
 * one-line explanation and a small example of input that produces it. Phases never write
 * message text inline: they call `diagnostic(code, file, range, args)`.
 *
 * Code ranges: CW1xxx syntax (lexer, parser), CW2xxx binding and checking against a game's
 * vocabulary, CW3xxx workspace and file problems (CW4 export, CW5 scenarios, CW6 engine, CW7 deck lists). Codes are never reused or renumbered;
 * a retired code stays in the table with `retired: true`.
 *
 * `docs/diagnostics.md` is generated from this table (`renderDiagnosticsMarkdown`); a test
 * fails when the two disagree.
 */
import type { Diagnostic, DiagnosticFix, Range, Severity } from "./diagnostics.ts";
import { SourceRange, plainRange } from "./source-range.ts";

export interface MessageDefinition {
  severity: Severity;
  /** Message text with `{name}` holes filled from the diagnostic's arguments. */
  template: string;
  /** What it means and what to do about it, for docs/diagnostics.md. */
  explanation: string;
  /** A small input that produces this diagnostic (card-file text unless it says otherwise). */
  example: string;
  /** Arguments that render the example's message in the docs. */
  exampleArgs: Record<string, string | number>;
  /** Retired codes stay listed so their numbers are never reused. */
  retired?: boolean;
  /**
   * A lint about text the engine runs exactly as written (a rules interaction the designer may not expect, a spelling):
   * a scenario may play such a card without a warning (cli/commands/test.ts), unlike one the engine reads otherwise.
   */
  runsAsWritten?: true;
}

export const MESSAGES = {
  // ---------------------------------------------------------------- CW1xxx: syntax
  CW1001: {
    severity: "error",
    template: 'Unexpected character "{char}".',
    explanation: "The lexer met a character that starts no token of the card language (for example a stray `@` or a control character).",
    example: 'card "Ember Squire" { power: 3 @ }',
    exampleArgs: { char: "@" },
  },
  CW1002: {
    severity: "error",
    template: "Unterminated string: a quoted name must end with a closing quote on the same line.",
    explanation: 'A `"` opened a string (a card name, set name or quoted card text) and the line ended before the closing `"`.',
    example: 'card "Ember Squire {',
    exampleArgs: {},
  },
  CW1003: {
    severity: "error",
    template: "Expected {expected} but found {found}.",
    explanation: "The parser needed a particular token here (a `:` after a field name, a `}` closing a card, ...) and found something else. The parser recovers and carries on, so later errors are still reported.",
    example: 'card "Ember Squire" { power 3 }',
    exampleArgs: { expected: '":"', found: '"3"' },
  },
  CW1004: {
    severity: "error",
    template: "Cannot read {found} here; expected {expected}.",
    explanation: "None of the forms allowed at this point starts with this token.",
    example: "set DU1 \"Duel Starter\" for duel\n: Haste.",
    exampleArgs: { found: '":"', expected: "a card" },
  },
  CW1005: {
    severity: "error",
    template: "Unexpected text after the end of the {what}.",
    explanation: "The parser finished reading a complete construct and more text follows that belongs to nothing.",
    example: 'card "Ember Squire" { power: 3 } }',
    exampleArgs: { what: "file" },
  },
  CW1006: {
    severity: "error",
    template: "A file must start with `game`, `set` or `scenario`; found {found}.",
    explanation: "The first line of a file says what kind of file it is: `game <id> \"<Name>\"`, `set <CODE> \"<Name>\" for <game>` or `scenario \"<title>\" for <game>`.",
    example: 'card "Ember Squire" { power: 3 }',
    exampleArgs: { found: '"card"' },
  },
  CW1007: {
    severity: "error",
    template: "Cannot understand this ability: {detail}.",
    explanation: "The ability text does not match any ability form of the card language (keyword, triggered, activated, static, marker, modal or spell effect). docs/language.md lists every form.",
    example: "text:\n  When this, draw.",
    exampleArgs: { detail: "expected an event after \"When\"" },
  },
  CW1008: {
    severity: "error",
    template: 'Unclosed "{open}": expected "{close}" before {found}.',
    explanation: "A bracket or brace was opened and never closed.",
    example: 'card "Ember Squire" {\n  power: 3\n',
    exampleArgs: { open: "{", close: "}", found: "the end of the file" },
  },
  CW1009: {
    severity: "error",
    template: "{count} more syntax errors in this file are not shown.",
    explanation: "A file with very many syntax errors (for example a file that is not card text at all) reports its first 100 and then this summary, so checking stays fast.",
    example: "(any file of garbage)",
    exampleArgs: { count: 250 },
  },

  // ---------------------------------------------------------------- CW2xxx: binding and checking
  CW2001: {
    severity: "error",
    template: 'Unknown keyword "{word}" in game "{game}".',
    explanation: "A keyword ability or keyword action is used that the game file does not declare with `keyword ability` / `keyword action`.",
    example: "text:\n  Hastee.",
    exampleArgs: { word: "Hastee", game: "duel" },
  },
  CW2002: {
    severity: "error",
    template: 'Unknown colour "{word}" in game "{game}".',
    explanation: "A colour or faction is used that the game file does not declare with `color`.",
    example: "color: Redd",
    exampleArgs: { word: "Redd", game: "duel" },
  },
  CW2003: {
    severity: "error",
    template: 'Unknown card type "{word}" in game "{game}".',
    explanation: "The `type:` field names a card type the game file does not declare with `cardtype`.",
    example: "type: Unitt — Knight",
    exampleArgs: { word: "Unitt", game: "duel" },
  },
  CW2004: {
    severity: "error",
    template: 'Unknown zone "{word}" in game "{game}".',
    explanation: "Ability text names a zone (`from your Graveyard`, `into your Oblivion`) the game file does not declare with `zone`.",
    example: "text:\n  Return a Unit card from your Graveyrd to your hand.",
    exampleArgs: { word: "Graveyrd", game: "duel" },
  },
  CW2005: {
    severity: "error",
    template: 'Unknown cost symbol "{word}" in game "{game}".',
    explanation: "A `{...}` cost symbol is neither a number (generic cost) nor a symbol the game file declares (with `symbol {S} = ...` or `color ... symbol {S}`).",
    example: "cost: {Q}{1}",
    exampleArgs: { word: "{Q}", game: "cybervamp" },
  },
  CW2006: {
    severity: "error",
    template: 'Unknown field "{word}" for a {type} in game "{game}".',
    explanation: "A card has a field that is neither a built-in field (type, color, faction, cost, rarity, text, stats, tribe, unique, token) nor a `stat` of the game.",
    example: "powr: 3",
    exampleArgs: { word: "powr", type: "Unit", game: "duel" },
  },
  CW2007: {
    severity: "error",
    template: 'Unknown card "{word}": no card of game "{game}" has this name.',
    explanation: "A quoted card name (in ability text or a scenario) names no card in any set of the same game.",
    example: 'text:\n  Create a "Thral" token.',
    exampleArgs: { word: "Thral", game: "cybervamp" },
  },
  CW2008: {
    severity: "error",
    template: 'Unknown marker or cost "{word}:" in game "{game}".',
    explanation: "A word followed by `:` at the start of an ability must be a marker the game declares (`marker PLAY = ...`) or a cost (`Exhaust:`, `{R}:`, `Pay 2 life:`, `Discard a card:`).",
    example: "text:\n  PLAYY: Draw a card.",
    exampleArgs: { word: "PLAYY", game: "duel" },
  },
  CW2009: {
    severity: "error",
    template: 'Missing required field "{field}": a {type} of game "{game}" requires {required}.',
    explanation: "The game file's `cardtype <Name> { requires ... }` lists the fields every card of that type must have.",
    example: 'card "Stone Guard" {\n  type: Unit\n  color: Gray\n  cost: free\n  rarity: Common\n}',
    exampleArgs: { field: "power", type: "Unit", game: "duel", required: "cost, color, rarity, power" },
  },
  CW2010: {
    severity: "error",
    template: 'Duplicate card name "{name}": game "{game}" already has a card of this name at {other}.',
    explanation: "Card names identify cards (in ability text, scenarios, deck lists and exports), so two cards of one game cannot share a name, even in different sets.",
    example: 'card "Scout" { ... }\ncard "Scout" { ... }',
    exampleArgs: { name: "Scout", game: "duel", other: "cards/duel/core.cards:12:1" },
  },
  CW2011: {
    severity: "error",
    template: 'A {type} of game "{game}" has {expected}; this card has {found}.',
    explanation: "The card type's `abilities` structure in the game file fixes how many abilities a card of this type prints (for example a Chromatic spell has exactly `spell_abilities` abilities, an enchantment five).",
    example: "type: Spell\ntext:\n  [Red] Spark 2.\n  [Blue] Draw a card.",
    exampleArgs: { type: "Spell", game: "chromatic", expected: "3 abilities, each tagged with a colour", found: "2" },
  },
  CW2012: {
    severity: "error",
    template: 'This ability needs a tag: a {type} of game "{game}" tags {expected}.',
    explanation: "In a game whose card type tags abilities (Chromatic Battlelines: `[Base]` and a Facet colour per ability), every ability of such a card starts with its tag in square brackets.",
    example: "type: Creature\ntext:\n  When you draw, Scry 1.",
    exampleArgs: { type: "Creature", game: "chromatic", expected: "the first ability [Base] and each other ability with a colour" },
  },
  CW2013: {
    severity: "error",
    template: 'Duplicate tag [{tag}]: each ability of a {type} has a different colour.',
    explanation: "Two abilities of the same card are tagged with the same Facet colour; the structure requires distinct colours.",
    example: "text:\n  [Base] Scry 1.\n  [Red] This gets +1 attack.\n  [Red] Flying.",
    exampleArgs: { tag: "Red", type: "Creature" },
  },
  CW2014: {
    severity: "error",
    template: 'Unexpected tag [{tag}]: {reason}.',
    explanation: "An ability tag is not allowed here: the card type has no tags, the tag is neither `Base` nor a colour of the game, or `Base` is not in first position or not allowed for this type (weapons have no Base ability).",
    example: "type: Weapon\ntext:\n  [Base] Gain 1 Armor.",
    exampleArgs: { tag: "Base", reason: "a Weapon has no Base ability" },
  },
  CW2015: {
    severity: "error",
    template: '"{keyword}" needs a value: write it as "{keyword} {parameter}" (for example "{keyword} 2").',
    explanation: "The game file declares this keyword with a parameter (`keyword ability Bleed X = ...`), so every use gives a number.",
    example: "text:\n  Bleed.",
    exampleArgs: { keyword: "Bleed", parameter: "X" },
  },
  CW2016: {
    severity: "error",
    template: '"{keyword}" takes no value, but {value} follows it.',
    explanation: "The game file declares this keyword without a parameter, so it is written alone (`Haste.`).",
    example: "text:\n  Haste 2.",
    exampleArgs: { keyword: "Haste", value: "2" },
  },
  CW2017: {
    severity: "error",
    template: 'Unknown rarity "{word}" in game "{game}".',
    explanation: "The `rarity:` field names a rarity the game file does not declare with `rarity`.",
    example: "rarity: Mythic",
    exampleArgs: { word: "Mythic", game: "duel" },
  },
  CW2018: {
    severity: "error",
    template: 'Unknown stat "{word}" in game "{game}".',
    explanation: "Ability text or a stats field names a stat (power, attack, defense, armor, ...) the game file does not declare with `stat`.",
    example: "text:\n  This gets +1 strength until end of turn.",
    exampleArgs: { word: "strength", game: "duel" },
  },
  CW2019: {
    severity: "error",
    template: 'Unknown counter "{word}" in game "{game}": a counter the cards use is declared in the game file (`counter {word} on card`, or `on player`).',
    explanation: "Ability text names a counter the game file does not declare with `counter <Name> on player|card`.",
    example: "text:\n  Target player gains 1 Poison counter.",
    exampleArgs: { word: "Poison", game: "cybervamp" },
  },
  CW2020: {
    severity: "error",
    template: 'Unknown phase "{word}" in game "{game}".',
    explanation: "Ability text names a phase (`At the end of each player's Post-Battle phase`) the game file does not declare with `phase`.",
    example: "text:\n  At the start of your Upkeep phase, draw a card.",
    exampleArgs: { word: "Upkeep", game: "cybervamp" },
  },
  CW2021: {
    severity: "error",
    template: '"{field}" must be {expected}; found {found}.',
    explanation: "A field value has the wrong shape: stats are numbers (or `X`), `unique`/`token` take no value, a colour field lists colour names.",
    example: "power: strong",
    exampleArgs: { field: "power", expected: "a number", found: '"strong"' },
  },
  CW2022: {
    severity: "error",
    template: 'Field "{field}" is written twice in this card.',
    explanation: "A card gives each field once; the second one would silently win.",
    example: "power: 3\npower: 4",
    exampleArgs: { field: "power" },
  },
  CW2023: {
    severity: "error",
    template: '"{name}" is declared twice in game "{game}" (as {first} and as {second}).',
    explanation: "Every name of a game's vocabulary (colour, zone, card type, keyword, marker, counter, stat, rarity, phase, resource) is declared once: a word in card text must mean exactly one thing.",
    example: "game file:\nzone Graveyard public\nzone Graveyard public",
    exampleArgs: { name: "Graveyard", game: "duel", first: "a zone", second: "a zone" },
  },
  CW2024: {
    severity: "error",
    template: '"{word}" is not a resource of game "{game}".',
    explanation: "A game file's `color ... pays <Resource>` or `gain 1 <Resource>` step names a resource not declared with `resource`.",
    example: "game file:\ncolor Blue pays Crystals",
    exampleArgs: { word: "Crystals", game: "duel" },
  },
  CW2025: {
    severity: "warning",
    template: '"{keyword}" is a keyword {declared}, used here as {used}.',
    explanation: "Keyword abilities are properties a card has (`Flying.`, `Units you control have Haste.`); keyword actions are things an effect does (`Scry 1.`, `Target opponent mills 2.`). The engine reads the keyword as declared; this warns that the text reads the other way. A keyword ability written after a trigger's or a marker's sentence on the same line (`PLAY: Draw a card. Haste.`) is read as part of that effect: put it on a line of its own.",
    example: "text:\n  When this enters play, Haste.",
    exampleArgs: { keyword: "Haste", declared: "ability", used: "an action" },
  },
  CW2027: {
    severity: "error",
    template: 'Parameter "{name}" must be {expected}; found {found}.',
    explanation: "Game parameters have a type (a number, true/false, or one of a fixed set of words).",
    example: "game file:\nparam response_model = queue",
    exampleArgs: { name: "response_model", expected: "one of instant, stack, chain", found: "queue" },
  },
  CW2029: {
    severity: "error",
    template: '{construct} refers to parameter "{name}", which game "{game}" does not declare.',
    explanation: "An ability structure or rule refers to a `param` by name (for example `abilities tagged spell_abilities`); the parameter must be declared in the same game file.",
    example: "game file:\ncardtype Spell { abilities tagged spell_ability_count }",
    exampleArgs: { construct: "The card type Spell", name: "spell_ability_count", game: "chromatic" },
  },
  CW2030: {
    severity: "warning",
    template: 'A {type} is not a token type, but this card is marked as a token.',
    explanation: "Tokens are created by effects; a card type that can be a token is declared `cardtype <Name> token`.",
    example: "type: Token Spell",
    exampleArgs: { type: "Spell" },
  },
  CW2031: {
    severity: "warning",
    template: 'Set "{code}" is defined twice for game "{game}" (also at {other}).',
    explanation: "Set codes identify sets in exports; two files of one game declare the same code.",
    example: 'set DU1 "Duel Starter" for duel   # in two files',
    exampleArgs: { code: "DU1", game: "duel", other: "cards/duel/core.cards:1:1" },
  },
  CW2032: {
    severity: "error",
    template: 'Unknown subtype "{word}" in game "{game}": subtypes are declared by the `{directive}` line of its game file, {file}.',
    explanation:
      "The game file lists its subtypes (`subtype Vampire, Knight, ...` or `tribe Mystic, Scholar, ...`; both declare subtypes) and this word, named in card text, is not one of them (a type line or `tribe:` field may bring a new subtype: CW6006 only when it is close to a listed one). A misspelling gets a suggestion; a new subtype is added to that line of the game file, which the quick fix does (the studio offers it on the word; `cardwright check` prints it as `(quick fix: Add \"Dragon\" to the tribe line of ...)`). A game that lists no subtypes accepts any.",
    example: "type: Unit — Knigth",
    exampleArgs: { word: "Knigth", game: "duel", file: "cards/duel/duel.game", directive: "subtype" },
  },
  CW2033: {
    severity: "error",
    template: 'Cannot read "{word}" in a cost of game "{game}": {reason}.',
    explanation: "A cost is a row of cost symbols (`{R}{R}{1}`), a number, `free`, or an amount of what the game pays with (`2 Crystals`, `discard 1`, `erase 2`, `3 life`).",
    example: "cost: 2 Crystls",
    exampleArgs: { word: "Crystls", game: "duel", reason: "expected a resource, life, discard or erase" },
  },
  CW2034: {
    severity: "error",
    template: 'Unknown verb "{word}".',
    explanation: "An effect's verb is neither one the card language knows (deal, draw, return, destroy, ...) nor a keyword action of the game, and it is one letter away from one the language knows: most likely a typo.",
    example: "text:\n  Retrun target unit to its owner's hand.",
    exampleArgs: { word: "Retrun" },
  },
  CW2035: {
    severity: "error",
    template: 'A {colors} card of game "{game}" pays with {pays}; this cost is paid with {found}.',
    explanation: "The game file says how each colour pays (`color Red pays life`, `color Blue pays Crystal`): a card's cost must be paid the way one of its colours pays.",
    example: "color: Blue\ncost: 2 life",
    exampleArgs: { colors: "Blue", game: "duel", pays: "Crystal", found: "life" },
  },
  CW2036: {
    severity: "warning",
    template: 'Keyword "{keyword}" takes a value {parameter}, but its definition never uses {parameter}.',
    explanation: "A keyword declared with a parameter (`keyword ability Bleed X = ...`) should say in its definition what the value does (`... gains X Bleed counters.`); otherwise `Bleed 1` and `Bleed 3` mean the same.",
    example: 'game file:\nkeyword action Spark N = "Deal 1 damage to any target."',
    exampleArgs: { keyword: "Spark", parameter: "N" },
  },
  CW2037: {
    severity: "error",
    template: 'The definition of "{keyword}" uses {parameter}, but the keyword takes no value: declare it as "{keyword} {parameter}".',
    explanation: "A variable in a keyword's definition must be the keyword's own parameter, so that `Spark 2` can give it a value.",
    example: 'game file:\nkeyword action Spark = "Deal N damage to any target."',
    exampleArgs: { keyword: "Spark", parameter: "N" },
  },
  CW2038: {
    severity: "error",
    template: 'A {color} card cannot make you {effect}: game "{game}" says `color {color} ... forbids "{effect}"`.',
    explanation: "A game file may forbid an effect to a colour's cards (Three-Slot Duel: \"Red cannot gain life back\" is `color Red pays life forbids \"gain life\"`). The checker reports any ability of such a card whose effect gives its controller that, or gives it to a player who may be its controller (`Each player gains 2 life.`, `Target player gains 2 life.`, `Its controller gains 2 life.`); an effect on opponents only (`Each opponent gains 1 life.`) is allowed.",
    example: "color: Red\ntext:\n  PLAY: Gain 2 life.",
    exampleArgs: { color: "Red", game: "duel", effect: "gain life" },
  },
  CW2039: {
    severity: "error",
    template: 'This card has no type: write `type:` with one of game "{game}"\'s card types ({types}).',
    explanation: "A card's type says how it is played and what it needs (its cost, stats, abilities); without one the engine could never play it, so a card without `type:` is an error rather than a card that quietly does nothing.",
    example: 'card "Spark" {\n  cost: 1\n  text:\n    Deal 1 damage to target unit.\n}',
    exampleArgs: { game: "duel", types: "Unit, Spell" },
  },
  CW2040: {
    severity: "error",
    template: "A card's name cannot be empty: write the name as it is printed, between the quotes.",
    explanation: "Card names identify cards in ability text, scenarios, deck lists and exports; an empty or blank name could never be named there.",
    example: 'card "" {\n  type: Unit\n}',
    exampleArgs: {},
  },

  CW2080: {
    severity: "error",
    template: '"{name}" cannot name {what}: every JavaScript object already has a "{name}", so the engine could confuse the two.',
    explanation: "The engine keeps a game's state as plain JSON objects keyed by the names the game file declares. A name such as `__proto__`, `constructor` or `toString` (in any case) is already a property of every such object, so it could read or overwrite the wrong thing. Choose another name.",
    example: "game file:\nphase __proto__",
    exampleArgs: { name: "__proto__", what: "a phase" },
  },  CW2081: {
    severity: "warning",
    template: 'No card face can print "{word}" ({length} characters) on one line: it will be broken in the middle.',
    explanation: "Card faces wrap rules text at spaces and shrink it down to a smallest size; a word wider than the text box even then is cut across lines, which a player may misread. Usually a missing space; otherwise a hyphen lets the word break where you choose.",
    example: "text:\n  Draw a card.Drawacardagainandagainandagainandagainandagainandagainandagainandagainandagainandagain.",
    exampleArgs: { word: "card.Drawacardagainandagainandagainand…", length: 106 },
  },
  CW2090: {
    severity: "error",
    template: 'Unknown part "{word}" in a layout line; a layout places {parts}.',
    explanation: "A `layout` line of a game file starts with the part of the card face it declares: the card itself, a frame colour, the back, or one of the face's regions. See docs/faces.md.",
    example: "game file:\nlayout nmae at 6 5 width 51 height 7",
    exampleArgs: { word: "nmae", parts: "card, frame, back, name, cost, type, art, text, stats, rarity, set" },
  },
  CW2091: {
    severity: "error",
    template: 'The layout part "{part}" has no property "{word}"; it takes {properties}.',
    explanation: "Each part of a layout takes its own properties (a region: `at`, `width`, `height`, `font`, `size`, `min`, `fill`, `ink`, `align`, `bold`, `hidden`). The rest of the line is not read.",
    example: 'game file:\nlayout name colour "#ffffff"',
    exampleArgs: { part: "name", word: "colour", properties: "at, width, height, font, bold, size, min, fill, ink, align, hidden" },
  },
  CW2092: {
    severity: "error",
    template: 'The layout property "{property}" takes {expected}; found {found}.',
    explanation: "Lengths are whole millimetres from the card's top left corner, font sizes whole points, colours quoted `#rrggbb` (or `frame` for the card's frame colour, `none` for no fill), fonts one of those Cardwright ships (`sans`, `serif`).",
    example: "game file:\nlayout text font times 8",
    exampleArgs: { property: "font", expected: "one of the fonts Cardwright ships (sans, serif), then optionally bold and a size in points", found: '"times"' },
  },
  CW2093: {
    severity: "error",
    template: "The {part} region ({box}) reaches outside the {card} card.",
    explanation: "Every region of a face must lie on the card: its left edge plus its width within the card's width, its top plus its height within the card's height (and neither may be zero).",
    example: "game file:\nlayout art at 6 13 width 60 height 30",
    exampleArgs: { part: "art", box: "at 6 13, 60 × 30 mm", card: "63 × 88 mm" },
  },
  CW2094: {
    severity: "error",
    template: 'A frame for "{word}", which is not a colour of game "{game}" (it has {names}).',
    explanation: "`layout frame <colour> \"#rrggbb\"` gives the frame of the game's cards of that colour; the colour must be one the game file declares, or `multicolor` (cards of several colours) or `colorless`.",
    example: 'game file:\nlayout frame Rde "#b3342c"',
    exampleArgs: { word: "Rde", game: "duel", names: "Gray, Blue, Yellow, Green, Red, multicolor, colorless" },
  },
  CW2095: {
    severity: "error",
    template: "The layout of {part} is declared twice; the first is on line {line}.",
    explanation: "Each part of a face is declared on one line (put all its properties there), so which value a face uses is never a question of order.",
    example: "game file:\nlayout name font serif 10\nlayout name fill frame",
    exampleArgs: { part: "name", line: 1 },
  },
  CW2096: {
    severity: "error",
    template: "The art must name one image file, in quotes, ending in .png, .jpg, .jpeg or .webp; found {found}.",
    explanation: 'A card\'s `art` field is the path of its picture inside the workspace, relative to the card file\'s folder: `art: "art/ember-squire.png"`. PNG, JPEG and WebP images are drawn.',
    example: "art: ember-squire.gif",
    exampleArgs: { found: '"ember-squire.gif"' },
  },
  CW2097: {
    severity: "error",
    template: 'The art "{path}" is outside the workspace: {reason}.',
    explanation: "Art is read only from inside the workspace (the folder being checked, or the studio's folder), so a card set from elsewhere cannot make Cardwright read or export other files. Copy the image into the workspace.",
    example: 'art: "../../secret/photo.png"',
    exampleArgs: { path: "../../secret/photo.png", reason: "it climbs above the workspace folder" },
  },
  CW2098: {
    severity: "error",
    template: 'No image "{path}" in the workspace.',
    explanation: "The `art` field names a file that is not there (paths are relative to the card file's folder, and case matters). The suggestion is the closest image the workspace has.",
    example: 'art: "art/embr-squire.png"',
    exampleArgs: { path: "cards/duel/art/embr-squire.png" },
  },
  CW2099: {
    severity: "error",
    template: 'The token "{word}" has no {stat}, and no card of game "{game}" is named so: it would be destroyed as it is made. Write its stats ("a 1/1 {word} token") or name a card of the game (a token of its face).',
    explanation: "A token made with no stats is the card of that name: a printed token card (`Create a \"Thrall\" token.`, with any keyword the text adds), or any card of the game of the token's type, whose face — stats, kinds, abilities — the token is (`Create a Scout token.`). With none of that name, it would have no toughness and be destroyed at once: the text must give its stats. (In a game where a card with no toughness is not destroyed, Three-Slot Duel, such a token is CW6001.)",
    example: 'text:\n  Create a Bat token with Haste.',
    exampleArgs: { word: "Bat", stat: "defense", game: "cybervamp" },
  },

  // ---------------------------------------------------------------- CW3xxx: workspace and files
  CW3001: {
    severity: "error",
    template: "Cannot read this file: {reason}.",
    explanation: "The file could not be opened or read (permissions, a directory where a file was expected, a broken link).",
    example: "cardwright check cards/duel/missing.cards",
    exampleArgs: { reason: "permission denied" },
  },
  CW3002: {
    severity: "error",
    template: "This is not a text file ({reason}); card files are UTF-8 text.",
    explanation: "The file contains NUL bytes or is not valid UTF-8, so it is probably an image, an archive or a file in another encoding. It is skipped.",
    example: "cardwright check cards/duel/art.png.cards",
    exampleArgs: { reason: "it contains NUL bytes" },
  },
  CW3003: {
    severity: "error",
    template: 'Unknown game "{word}": no game file in the workspace declares this id.',
    explanation: "A set (`set ... for <id>`) or scenario (`scenario ... for <id>`) names a game whose `.game` file is not among the checked paths. Its cards are parsed but cannot be checked.",
    example: 'set DU1 "Duel Starter" for dual',
    exampleArgs: { word: "dual" },
  },
  CW3004: {
    severity: "error",
    template: 'Two game files declare the id "{id}"; the other one is {other}.',
    explanation: "A game id names exactly one game file; sets bind to their game by this id. The first file (in path order) is used.",
    example: "game duel \"Three-Slot Duel\"   # in two .game files",
    exampleArgs: { id: "duel", other: "cards/duel/duel.game" },
  },
  CW3005: {
    severity: "error",
    template: "No such file or directory: {path}.",
    explanation: "A path given on the command line does not exist.",
    example: "cardwright check card/",
    exampleArgs: { path: "card/" },
  },
  CW3006: {
    severity: "warning",
    template: "No .game, .cards or .scenario files under {path}.",
    explanation: "A directory given to check contains no Cardwright files.",
    example: "cardwright check docs/",
    exampleArgs: { path: "docs/" },
  },
  CW3007: {
    severity: "warning",
    template: 'Not a Cardwright file extension: "{path}" (expected .game, .cards or .scenario); it was read by its first line.',
    explanation: "A file named explicitly on the command line has another extension. It is still read, by its first line, but tools such as the studio only list the three known extensions.",
    example: "cardwright check notes.txt",
    exampleArgs: { path: "notes.txt" },
  },
  CW3008: {
    severity: "info",
    template: "{count} more diagnostics in this file are not shown.",
    explanation: "A file with very many problems (for example a file that is not card text at all) reports its first diagnostics only, to keep the output readable.",
    example: "cardwright check garbage.cards",
    exampleArgs: { count: 12345 },
  },
  CW3009: {
    severity: "error",
    template: "Internal error while {phase}: {reason}. Please report this with the file.",
    explanation: "A bug in Cardwright itself, caught so that one file never stops the others from being checked.",
    example: "(any input that triggers a compiler bug)",
    exampleArgs: { phase: "checking", reason: "TypeError: x is undefined" },
  },
  CW3010: {
    severity: "error",
    template: "Not formatted: the formatted text would {reason}. The file was left as it is; please report this with the file.",
    explanation: "Before `cardwright format` (or the studio's Format) writes anything, it parses the formatted text again: it must give the same tree (layout aside), the same words and comments, and format to itself. When it does not, formatting would change or lose text the designer wrote, so nothing is written and the reason is shown instead.",
    example: "cardwright format cards/duel/core.cards",
    exampleArgs: { reason: "drop the word \"Haste\"" },
  },
  CW3011: {
    severity: "error",
    template: "Not read: this is a link to {target}, outside the folder being read.",
    explanation: "Links are followed only while they stay inside the folder given to `check`, `test`, `format` or `export` (and inside the studio's workspace, whose file API refuses the same links): a workspace from elsewhere cannot make Cardwright read or export files outside it. Copy the file into the folder, or name it on the command line.",
    example: "cardwright check cards/   # cards/shared.cards links to /home/me/secret.cards",
    exampleArgs: { target: "/home/me/secret.cards" },
  },
  CW3012: {
    severity: "error",
    template: "Not read: the file is {size}, over the {limit} a card, game or scenario file may be.",
    explanation: "Card files are text; a file this large is almost certainly something else (an archive, a video) given a card file's extension. It is skipped without being read, so one large file never stalls or fails the others.",
    example: "cardwright check cards/   # cards/huge.cards is 3 GB",
    exampleArgs: { size: "2861.0 MiB", limit: "8 MiB" },
  },
  CW3013: {
    severity: "error",
    template: 'Not read: "{name}" has no Cardwright extension (did you mean {meant}?); nothing in it is checked or run.',
    explanation: "A folder is read by its files' extensions (.game, .cards, .scenario, and .deck for deck lists). A file whose extension is one edit from one of them (two for .scenario), or that ends in `.scenario.txt`, was meant to be read — a scenario file named `x.scenaro` would otherwise be skipped without a word, and `cardwright test` would pass without running it. Rename the file.",
    example: "cardwright test cards/duel/   # cards/duel/scenarios/combat.scenaro",
    exampleArgs: { name: "combat.scenaro", meant: ".scenario" },
  },
  CW3014: {
    severity: "error",
    template: 'Nothing to run in "{path}": {why}.',
    explanation: "`cardwright test` runs every scenario of the files and folders it is given, and says so of each one that gave it none: a folder without a scenario file (a deck folder, a wrong path), or a scenario file with no scenario in it (empty, or only comments). Such a run tested nothing, so it fails instead of passing quietly. A run in which no scenario ran at all also exits non-zero.",
    example: "cardwright test cards/duel/decks",
    exampleArgs: { path: "cards/duel/decks", why: "no scenario file in this folder (a scenario file ends in .scenario)" },
  },
  CW3030: {
    severity: "error",
    template: 'The art "{path}" cannot be used: {reason}.',
    explanation: "An art file must be a readable PNG, JPEG or WebP image (its content is what counts, not its name).",
    example: 'art: "art/scout.png"   # a text file renamed to .png',
    exampleArgs: { path: "art/scout.png", reason: "its content is not a PNG, JPEG or WebP image" },
  },
  CW3031: {
    severity: "error",
    template: 'The art "{path}" is {size}, over the {limit} an art file may be.',
    explanation: "Art is drawn on every face and embedded in exports: a file over 8 MiB, or over 8192 pixels a side, is refused rather than slowing every render. Scale it down (a card's art prints sharp at about 750 × 550 pixels).",
    example: 'art: "art/poster.png"   # a 12000 × 9000 pixel image',
    exampleArgs: { path: "art/poster.png", size: "12000 × 9000 pixels", limit: "8192 pixels a side" },
  },
  CW3040: {
    severity: "error",
    template: "Nothing to rename here: {reason}.",
    explanation: "Rename (F2 in the studio) renames a card or a keyword everywhere it is named: its declaration, card text, scenarios and deck lists. Put the cursor on a card's name (where it is declared or quoted) or on a keyword.",
    example: "F2 on the word \"draw\" in ability text",
    exampleArgs: { reason: "only cards and keywords can be renamed, and \"draw\" is neither" },
  },
  CW3041: {
    severity: "error",
    template: "\"{name}\" cannot be the new name of the {kind}: {reason}.",
    explanation: "A card's name is written between double quotes and a keyword is one word of letters (hyphens allowed): a new name that could not be written back that way is refused, before any file changes.",
    example: "Rename the keyword Bleed to \"Bleed 2\"",
    exampleArgs: { name: "Bleed 2", kind: "keyword", reason: "a keyword is one word of letters" },
  },
  CW3042: {
    severity: "error",
    template: "\"{name}\" is already the name of a {kind} of {game} ({where}): renaming would make two.",
    explanation: "Two cards (or two keywords) of one game with the same name cannot be told apart by the decks, scenarios and card text that name them, so the rename is refused before any file changes.",
    example: "Rename \"Scout\" to \"Field Medic\" in the Three-Slot Duel",
    exampleArgs: { name: "Field Medic", kind: "card", game: "duel", where: "duel/core.cards:12:6" },
  },
  // ---------------------------------------------------------------- CW4xxx: export
  CW4001: {
    severity: "error",
    template: "Nothing to export: no set of cards was found in {paths}.",
    explanation: "The paths given to `cardwright export` hold no `.cards` file of a known game.",
    example: "cardwright export --format json docs/ -o out",
    exampleArgs: { paths: "docs/" },
  },
  CW4002: {
    severity: "error",
    template: "The output directory {path} already holds files that `cardwright export` did not write; choose a new or empty directory.",
    explanation: "The exporter never overwrites files it did not write itself, so that a wrong `-o` cannot destroy work.",
    example: "cardwright export --format tts cards/ -o src/",
    exampleArgs: { path: "src/" },
  },
  CW4003: {
    severity: "error",
    template: "Cannot write the export to {path}: {reason}.",
    explanation: "The output file or directory could not be written (permissions, a full disk, a file where a directory was expected).",
    example: "cardwright export --format json cards/ -o /read-only",
    exampleArgs: { path: "/read-only/duel.json", reason: "permission denied" },
  },
  CW4004: {
    severity: "error",
    template: 'Cannot render the card face of "{name}": {reason}.',
    explanation: "Rendering a card face (or the game's card back) to an image failed; nothing is written.",
    example: "cardwright export --format tts cards/duel -o out",
    exampleArgs: { name: "Ember Squire", reason: "the image renderer failed" },
  },
  CW4005: {
    severity: "error",
    template: "The {format} export does not pass its own validation ({reason}). Please report this with the set.",
    explanation: "Every export is validated against its format's schema before it is written; a failure is a bug in the exporter.",
    example: "cardwright export --format cockatrice cards/ -o out",
    exampleArgs: { format: "cockatrice", reason: "element card: missing child name" },
  },

  CW4006: {
    severity: "error",
    template: "Cannot print: {reason}.",
    explanation: "The print options (`--paper`, `--card-size`, `--bleed`, `--margin`) must leave room for at least one card with its bleed on a page, and sizes must be positive numbers of millimetres.",
    example: "cardwright export --format pdf --card-size 200x300 cards/duel -o print",
    exampleArgs: { reason: "a 206 × 306 mm card with its bleed does not fit the 200 × 287 mm printable area of an A4 page" },
  },
  CW4007: {
    severity: "error",
    template: 'The art "{path}" of "{name}" cannot be drawn: {reason}.',
    explanation: "The image passed the checker's look at its header, but it does not decode (a truncated or damaged file). Open it in an image editor and save it again.",
    example: 'art: "art/broken.png"   # cut short by a failed download',
    exampleArgs: { path: "art/broken.png", name: "Ember Squire", reason: "Input buffer has corrupt header" },
  },
  CW4008: {
    severity: "error",
    template: "The deck list {file} cannot be printed: {reason}.",
    explanation: "`--deck` prints the cards of a deck list (`N Card Name` per line) with their counts; every card it names must be in the exported sets.",
    example: "cardwright export --format pdf --deck decks/red.deck cards/duel -o print",
    exampleArgs: { file: "decks/red.deck", reason: 'line 3: no card "Embr Squire" in the exported sets (did you mean "Ember Squire"?)' },
  },

  // ---------------------------------------------------------------- CW5xxx: scenarios
  CW5001: {
    severity: "error",
    template: 'Unexpected character(s) "{text}" in a scenario.',
    explanation: "The scenario file contains characters that start no token of the language.",
    example: "p1 life 10 @",
    exampleArgs: { text: "@" },
  },
  CW5002: {
    severity: "error",
    template: "Cannot read this scenario line: {detail}.",
    explanation: "A scenario line is not one of the setup, action or expectation forms of docs/language.md section 3 (or the file does not start with `scenario \"<name>\" for <game>`).",
    example: "p1 attak \"Scout\"",
    exampleArgs: { detail: 'expected an action (play, attack, defend, choose, pass, end), found "attak"' },
  },
  CW5003: {
    severity: "error",
    template: 'Unknown zone "{word}"; {game} has {list}.',
    explanation: "A scenario names a zone its game file does not declare (zone names are the game file's own: `Field`, `Facet Zone`, `Discard Pile`).",
    example: 'p1 feild: "Scout"   (in a duel scenario)',
    exampleArgs: { word: "feild", game: "Three-Slot Duel", list: "Deck, Hand, Field, Graveyard, Oblivion" },
  },
  CW5004: {
    severity: "error",
    template: 'Unknown event kind "{word}"; the engine\'s events are {list}.',
    explanation: "`expect event ...`, `expect no event ...`, `expect order: ...` and `expect one event: ...` name the kinds of the engine's trace events (docs/language.md 3.3). A kind the engine never emits would match nothing, so `expect no event` of it would always hold: it is an error instead.",
    example: 'expect no event destroy "Seer"',
    exampleArgs: { word: "destroy", list: "setup, action, ..., destroyed, ..." },
  },
  CW5005: {
    severity: "error",
    template: 'Unknown stat "{word}"; {game} has {list}, and "damage" is the damage marked on a card.',
    explanation: "`expect \"<card>\" <stat> N` reads one of the game file's `stat`s (continuous effects included), or `damage`, the damage marked on the card. An unknown stat would read as nothing, so it is an error.",
    example: 'expect "Seer" atack 0',
    exampleArgs: { word: "atack", game: "Chromatic Battlelines", list: "attack, defense, armor" },
  },
  CW5006: {
    severity: "error",
    template: 'Unknown card counter "{word}"; {game} has {list}.',
    explanation: "`\"<card>\" <counter> counters N` (in setup or an expectation) names a counter the game file declares `on card`.",
    example: '"Stone Guard" powr counters 1',
    exampleArgs: { word: "powr", game: "Three-Slot Duel", list: "power" },
  },
  CW5007: {
    severity: "error",
    template: 'Unknown resource or player counter "{word}"; {game} has {list}.',
    explanation: "`p1 <name> N` sets or expects a resource of the game file (`resource Crystal`), or a counter declared `on player` (`counter Bleed on player`); `p1 <resource> capacity N` a resource's capacity.",
    example: "p1 Crytsal 2",
    exampleArgs: { word: "Crytsal", game: "Three-Slot Duel", list: "Crystal" },
  },
  CW5008: {
    severity: "error",
    template: 'Unknown phase "{word}"; {game} has {list}.',
    explanation: "A scenario's `phase` (in setup or an expectation) names one of the game file's phases.",
    example: "turn 3 p1 phase Mian",
    exampleArgs: { word: "Mian", game: "Chromatic Battlelines", list: "Beginning, Main, Combat, Second-Main, End" },
  },
  CW5009: {
    severity: "error",
    template: 'Unknown player "{word}"; the players are {list}.',
    explanation: "Every game is a duel between p1 and p2.",
    example: "p3 life 10",
    exampleArgs: { word: "p3", list: "p1 and p2" },
  },
  CW5010: {
    severity: "error",
    template: 'Unknown colour "{word}"; {game} has {list}.',
    explanation: "A colour in a scenario (`switches \"Aura\" to Blue`, `expect p1 temporary Red 1`) is one the game file declares.",
    example: 'p1 switches "Ember Aura" to Bleu',
    exampleArgs: { word: "Bleu", game: "Chromatic Battlelines", list: "Red, Blue, Green, Yellow, Purple" },
  },
  CW5011: {
    severity: "error",
    template: 'Unknown deck violation "{word}"; the engine reports {list}.',
    explanation: "`expect deck violations: ...` lists the codes of the engine's deck check (docs/language.md 3.3); a deck part's own codes are `<part>_too_small` and `<part>_too_large` (`land_deck_too_small`).",
    example: "expect deck violations: deck_too_smal",
    exampleArgs: { word: "deck_too_smal", list: "deck_too_small, deck_too_large, too_many_copies, unknown_card, token_in_deck" },
  },
  CW5012: {
    severity: "error",
    template: 'Unknown refusal "{word}": the engine refuses with the codes of docs/language.md 3.2, or not_enough_<what> with {list}.',
    explanation: "`<action> refused <code>` names the code the engine refuses the action with; a cost that cannot be paid is `not_enough_<what>`, `<what>` a resource, colour, `generic`, `life` or zone of the game, or `<counter>_counter` for a counter cost, in lower case.",
    example: 'p1 play "Tide Scholar" refused not_enough_crystals',
    exampleArgs: { word: "not_enough_crystals", list: "crystal, gray, blue, yellow, green, red, generic, life, deck, hand, field, graveyard, oblivion, power_counter" },
  },
  CW5013: {
    severity: "error",
    template: '"{card}" is a token: a token exists only in {battlefield}, not in {player}\'s {zone}.',
    explanation: "Tokens are made in play and leave the game when they leave it; a setup cannot put one anywhere else.",
    example: 'p1 hand: "Bat Swarm"   (a token)',
    exampleArgs: { card: "Bat Swarm", battlefield: "Battlefield", player: "p1", zone: "Hand" },
  },
  CW5014: {
    severity: "error",
    template: "{player}'s {zone} holds at most {slots} cards; the setup puts {count} there.",
    explanation:
      "A zone with `slots N` in the game file holds at most N cards, a Facet zone at most `param max_facets`, and a hand at most `param max_hand` where the engine holds it there (a draw at the maximum is discarded or skipped, a card returned to a full hand goes to the graveyard: Three-Slot Duel's \"6 in hand maximum.\") and no card the scenario names raises it (\"Your maximum hand size is increased by 2.\"); a setup cannot put more there.",
    example: 'p1 field: "Scout" x4',
    exampleArgs: { player: "p1", zone: "Field", slots: 3, count: 4 },
  },
  CW5015: {
    severity: "error",
    template: "With `new game` only decks are set up (the game deals the rest); {player} {zone} would be ignored.",
    explanation: "`new game` shuffles the decks, deals opening hands and starts turn 1 as a real game does; any other zone set up beside it would be silently dropped, so it is an error.",
    example: 'new game\np1 hand: "Scout"',
    exampleArgs: { player: "p1", zone: "Hand" },
  },
  CW5016: {
    severity: "error",
    template: '"{card}" is not in {where}: only a card in play can be set up {what}.',
    explanation: "A card state in setup (`\"X\" is exhausted`, `\"X\" damage 1`, `\"X\" power counters 2`) is for a card the setup puts in play (a Facet card in its zone may be set up exhausted too).",
    example: 'p1 hand: "Scout"\n"Scout" power counters 2',
    exampleArgs: { card: "Scout", where: "Field", what: "with power counters" },
  },
  CW5017: {
    severity: "error",
    template: '"{card}" is set up {count} times; say which: {choices}.',
    explanation: "A card state in setup names a card that is in play more than once, or an expectation before any action reads a card named alone that the setup puts more than once in the first place a line looks (in play, then a resource zone, hand, graveyard, ...): say whose (`p2's \"Scout\"`) or which copy (`\"Scout\" copy 2`, counted in the order the setup lists them). `cardwright test` would fail the expectation as it runs; `check` says it at the line.",
    example: 'p1 field: "Scout"\np2 field: "Scout"\n"Scout" power counters 2',
    exampleArgs: { card: "Scout", count: 2, choices: 'p1\'s "Scout", p2\'s "Scout"' },
  },
  CW5018: {
    severity: "error",
    template: '"{counter}" counters go on cards: write "<card>" {counter} counters {value}.',
    explanation: "A counter the game file declares `on card` is set up or expected on a card, not on a player.",
    example: "p1 power 2   (in a duel scenario)",
    exampleArgs: { counter: "power", value: 2 },
  },
  CW5019: {
    severity: "error",
    template: "`expect deck ...` checks the `deck:` list of its scenario, and this scenario has none.",
    explanation: 'Give the deck to check on a line of the scenario: `deck: "Scout" x20, ...`.',
    example: "expect deck ok",
    exampleArgs: {},
  },
  CW5020: {
    severity: "error",
    template: '"{card}" is a token that card text makes during play; a setup can only place the game\'s declared cards.',
    explanation: "A token with no card of its own (`create a 1/1 Bat token`) exists once an effect makes it; a scenario can name it in actions and expectations, not put it on the board. Declare a token card (`card \"Bat\" { type: Token Creature ... token }`) to set one up.",
    example: 'p1 battlefield: "Bat"',
    exampleArgs: { card: "Bat" },
  },
  CW5021: {
    severity: "error",
    template: 'covers "{word}", which is no clause of the rules text of {game}{near}.',
    explanation: "A `covers:` line names clauses of the game's rules text (the game folder's `rules.txt`), by the ids docs/games/<game>-coverage.md lists (`16.1b`, `7b`, or a range `17.1a-17.1f`). `cardwright check` and `cardwright test` read the rules text beside the game file; the studio does not check these ids. A section's number alone (`covers: 7.4`) is no clause, with or without the rules text: the message names the section's clauses (its sentences, or for a heading with none of its own those of its subsections), so a scenario names the sentences it exercises rather than a whole section.",
    example: "covers: 16.1zz",
    exampleArgs: { word: "16.1zz", game: "Chromatic Battlelines", near: " (section 16.1 has 16.1a-16.1ag)" },
  },
  CW5022: {
    severity: "warning",
    template: 'Scenario "{name}" expects nothing: add an `expect` line (or `refused <code>` on an action); `cardwright test` does not count it as passed.',
    explanation: "A scenario proves something only through its expectations: `expect ...` lines, or an action written with `refused <code>`. One with neither would pass whatever the engine does (only a refused action could fail it), so it fails in `cardwright test` and the studio, and `cardwright check` warns. A scenario whose point is that an action is allowed says what follows from it (`expect phase ...`, `expect event ...`).",
    example: 'scenario "Scout enters" for duel\nsetup\n  p1 hand: "Scout"\np1 play "Scout"',
    exampleArgs: { name: "Scout enters" },
  },
  CW5023: {
    severity: "error",
    template: "No {card} is ever in this scenario's game: {problem}, so this line is about nothing — it could never hold (negated, never fail), and an action naming it could never be taken.",
    explanation:
      "Every card of a scenario's game comes from its setup's zone lines, or is made by card text (a token). A line naming a card no zone line lists and no card makes (`expect no event destroyed \"Field Medic\"` with no Field Medic set up), or a copy past the ones set up (`\"Scout\" copy 3` of two), could never tell anything. `cardwright test` fails such a line as it runs; `cardwright check` and the studio say it at the line.",
    example: 'expect no event destroyed "Field Medic"   (no Field Medic set up)',
    exampleArgs: { card: '"Field Medic"', problem: "the setup lists none and no card makes one" },
  },
  CW5024: {
    severity: "warning",
    template: 'A second scenario titled "{name}" in this {where} (the first is at {first}): a report by title cannot tell which of them failed. Give each its own title.',
    explanation: "A scenario's title is how `cardwright test`, the studio's scenario list and a teammate name it: two of one title in one file, or in one folder, read as one scenario, and a failure of either points at both. Titles are compared ignoring case and runs of spaces.",
    example: 'scenario "Scout hits" for duel   (a second one in the same folder)',
    exampleArgs: { name: "Scout hits", where: "folder", first: "cards/duel/scenarios/combat.scenario:12" },
  },
  CW5025: {
    severity: "error",
    template: 'Unknown keyword "{word}"; the keyword abilities of {game} are {list}.{stat}',
    explanation: "`expect \"<card>\" has <keyword>` (and `has no`, `lacks`) reads a keyword ability the game file declares (`keyword Flying`), as the card has it now: printed or granted, and not lost. A keyword the game does not have would never be on a card, so `has no` of it would hold whatever happened: it is an error instead. A stat of the game written so (`expect \"Stone Guard\" has power 3`) is said to be one, with the form that reads it (`expect \"Stone Guard\" power 3`).",
    example: 'expect "Skyreaver Drake" has Flyng',
    exampleArgs: { word: "Flyng", game: "Chromatic Battlelines", list: "Deadly, Lifelink, Overwhelm, Flying, Shroud, Taunt, Ambush", stat: "" },
  },
  CW5026: {
    severity: "error",
    template: '"{word}" is a zone of {game}, not a card{hint}.',
    explanation: "A quoted name in a scenario line is a card's. A zone is written unquoted after its player (`p1 Land Deck: ...`, `expect p2 Discard Pile has \"X\"`); in CYBERVAMP the deck a draw comes from is a choice of the engine's, answered as a mode (`p1 chooses mode 2`, or `mode \"draw from the Land Deck\"`).",
    example: 'p1 choose "Land Deck"   (CYBERVAMP: which deck the Renew draw comes from)',
    exampleArgs: { word: "Land Deck", game: "CYBERVAMP", hint: ': the deck a draw comes from is answered as a mode — `<player> chooses mode 2` (1 Main Deck, 2 Land Deck), or by its text, `<player> chooses mode "draw from the Land Deck"`' },
  },
  CW5027: {
    severity: "error",
    template: "{player}'s {resource} refills to its capacity as {player}'s turn begins, before the {phase} phase: no game is at the start of {phase} with {available} of a capacity of {capacity}. Set up `{player} {resource} {capacity}` (what the refill leaves), or the turn before, to see the refill.",
    explanation:
      "A resource the game file runs as a capacity (`param <resource>_model = capacity`: Three-Slot Duel's Crystals, \"gain +1 every turn\") is refilled to its capacity as its owner's turn begins — before the turn's first phase runs its steps. A board set up at the start of that phase (`turn 4 p1 phase Start`) is after the refill, so what the active player has there equals the capacity; a setup giving less is a board no game reaches, and the phase's own gain would then leave less than the rules give (`p1 Crystal 1`, `p1 Crystal capacity 3`: 2 Crystals after the Start phase's gain, not 4). Set the amount to the capacity, or set up the end of the turn before and let the turn change refill it.",
    example: "turn 4 p1 phase Start; p1 Crystal 1; p1 Crystal capacity 3   (a Three-Slot Duel setup)",
    exampleArgs: { player: "p1", resource: "Crystal", available: 1, capacity: 3, phase: "Start" },
  },
  CW5028: {
    severity: "warning",
    template: 'covers "{word}" is not checked: there is no rules text beside {gameFile} (a rules.txt in its game folder), so no clause id can be checked against one.',
    explanation:
      "A `covers:` line names clauses of the game's rules text (`rules.txt` beside the game file), and `cardwright check` and `cardwright test` check each id against it (CW5021). In a game folder without a rules text (a designer's own workspace) an id that is no clause — `covers: 99z` — cannot be told from a real one: the line is a warning in `check`, and a warning of its scenario in `test` (so `--strict`, the CI default, fails it). Put the rules text beside the game file, or leave the `covers:` line out. The studio does not check these ids.",
    example: "covers: 99z   (no rules.txt beside duel.game)",
    exampleArgs: { word: "99z", gameFile: "duel.game" },
  },
  CW6001: {
    severity: "warning",
    template: "The engine cannot run this yet: {detail}.",
    explanation:
      "The text checks against the game's vocabulary, but the compiler cannot lower it to the effect IR the engine runs, so in a game nothing of what the warning is at runs: every effect made from those words (the innermost one — a step inside an `If …` or a `you may …`) is taken out, and `cardwright explain` prints \"(nothing: the engine cannot run this text)\" in its place; the rest of the ability runs (`Draw a card. The player with the most life loses 3 life.` draws a card, and no one loses life — until session 42 the caster lost 3). A condition the engine cannot read is an error instead (CW6014). Rephrase it with a form of docs/language.md. A common cause: an effect sentence on a line of its own on a permanent (`Draw a card.` under a unit's `PLAY:` line) is an ability of its own with no trigger; write it on the trigger's line (`PLAY: Deal 1 damage to target enemy unit. Draw a card.`) or join it with `, then`.",
    example: "Draw a card.   (on its own line, on a unit)",
    exampleArgs: { detail: 'static ability not understood by the engine: "Draw a card"' },
  },
  CW6002: {
    severity: "error",
    template: "Nothing in the engine reads param {name}: changing it would change nothing.",
    explanation:
      "Every game parameter the engine reads is listed in the engine contract (`compiler/contract.ts`), with the module that reads it and the values it takes. A `param` line naming anything else documents a rule the engine does not switch on, so the file would say one thing while the game plays another. Write the reading as a `#` comment instead, or use a parameter of the contract (the game guides in docs/games list them).",
    example: "param breach_on = never   (in a game file)",
    exampleArgs: { name: "breach_on" },
  },
  CW6003: {
    severity: "error",
    template: "param {name} = {value}: {module} takes {accepted}.",
    explanation: "The engine reads this parameter, but not with this value: the game would play another rule than the file says. Use one of the values the reading module takes (listed in the message and in `compiler/contract.ts`).",
    example: "param empty_deck_draw = mill   (in a game file)",
    exampleArgs: { name: "empty_deck_draw", value: "mill", module: "runtime/core.ts", accepted: "one of (skip, lose)" },
  },
  CW6004: {
    severity: "warning",
    template: "The engine does not implement {what}: {detail}.",
    explanation:
      "The text compiled, but to something outside the engine contract (`compiler/contract.ts`): a rule the engine has no code for, a trigger about a player on an event only cards take part in (or the reverse), a replacement effect it does not apply. In a game it would do nothing, or fire at other moments than written. Rephrase it with a form of docs/language.md.",
    example: "Whenever an opponent is dealt damage, draw a card.",
    exampleArgs: { what: "this trigger", detail: '"Whenever an opponent is dealt damage" is about a player, and only a card is dealt damage in this event' },
  },
  CW6005: {
    severity: "warning",
    template: 'The engine does not use "{words}" in "{ability}": it would run as "{readsAs}". Rephrase it with a form the engine runs (docs/language.md; `cardwright explain` shows how each card reads).',
    explanation:
      "The compiler accounts for every content word of an ability: each word the effect IR carries is marked as it is lowered, and the words left over are reported here. The engine would run the ability without them (a qualifier such as `by opponents' spells`, `non-token`, `your` in `your Weapon`), so the card would not do what it says. Rephrase it with a form of docs/language.md, or run `cardwright explain` on the card to see how the engine reads it. A word of a condition left unread is CW6014 instead (an error: the card would be played on another condition than the printed one). An ability with a parse error (CW1xxx) gets no CW6005: its reading would come from the parser's error recovery, and the parse error says what to fix first.",
    example: "This can't be targeted by opponents' spells.",
    exampleArgs: { words: "opponents' spells", ability: "This can't be targeted by opponents' spells.", readsAs: "This has the engine's rule \"cant targeted\"." },
  },
  CW6006: {
    severity: "warning",
    runsAsWritten: true,
    template: 'Subtype "{word}" is not on the `{directive}` line of {file}, but it is close to "{suggestion}": a new subtype, or a misspelling?',
    explanation:
      "Subtypes are open: none of the rules texts lists them, so a card may bring a new one (`type: Unit — Wizard`) and the game file's `subtype`/`tribe` line lists the known ones. A subtype one letter or so away from a listed one is probably a misspelling — the card would not be a Knight for \"Knights you control get +1 power\" — so it is reported; the quick fix adds the new subtype to the game file's line (which also lets card text name it).",
    example: "type: Unit — Knigth",
    exampleArgs: { word: "Knigth", suggestion: "Knight", file: "cards/duel/duel.game", directive: "subtype" },
  },
  CW6007: {
    severity: "warning",
    template: '{game} has no {state}: "{words}" {otherwise}. Write the effect with what the game has, or give the game file such a rule ({rules}).',
    explanation:
      "The engine keeps some states only some games have: an exhausted/ready state, an Overexhausted state, a response window. Whether a game has one is decided by its game file — a rule that reads the state (creatures fight by damage and exhausted ones can't attack or block, costs are paid by exhausting lands, exhausted cards' ongoing abilities are off, Weapons and Facets exhaust) or a phase step that resets it (`renew`, `ready_permanents`, `ready_facets`); the engine contract lists them (`compiler/contract.ts`, CARD_STATES). Card text that sets or reads a state the game does not have — `Exhaust target unit.`, `This enters exhausted.`, an `Exhaust this:` cost, `target exhausted unit` in Three-Slot Duel, whose rules never mention exhaustion — would check and change nothing, so it is reported at those words. In a game with no response window (every spell resolves as it is played: `response_model = instant`), `Counter target spell` is reported the same way. Rephrase the effect in the game's own terms (in Duel, whose word for a tapped unit is one that attacked this turn: `Destroy target unit that attacked this turn.`), or, for a game of your own, add the rule to its game file.",
    example: "PLAY: Exhaust target unit.   (a Three-Slot Duel unit)",
    exampleArgs: {
      game: "Three-Slot Duel",
      state: "exhausted/ready state",
      words: "Exhaust",
      otherwise: "would change nothing: nothing in its rules reads or readies an exhausted card",
      rules: "a phase step `declare_attackers`, a phase step `renew`",
    },
  },
  CW6008: {
    severity: "warning",
    template: 'The cards of {game} have one stat ({stats}): "{words}" names two, and the engine would drop the second. Write the change with the stat\'s name ("{suggestion}").',
    explanation:
      "A stat pair (`+1/+1`, `a 1/3 token`) gives the game's first stat the first number and its second stat the second. In a game whose cards have a single stat (Three-Slot Duel's units have power only: no toughness or defense) the second number has nothing to go to, so the card would run without it — a unit meant to survive 3 damage would die to 1. Write the change with the stat's name (`+1 power`); a second number of 0 (`+2/+0`) changes nothing and is accepted.",
    example: "Target unit gets +1/+1 until end of turn.   (a Three-Slot Duel spell)",
    exampleArgs: { game: "Three-Slot Duel", stats: "power", words: "+1/+1", suggestion: "+1 power" },
  },
  CW6009: {
    severity: "error",
    template: "param combat_model = {model}: {detail}. Set `param combat_model` to the combat the phases run, or change the phases.",
    explanation:
      "`combat_model` chooses how creatures meet. `fight`: an attack is an action of the turn (`attack_targets`), settled at once by power (Three-Slot Duel). `damage`: a phase declares attackers and blockers and deals damage against a defense stat, in the steps `declare_attackers`, `declare_blockers`, `combat_damage` (CYBERVAMP's Battle, Chromatic's Combat), and the attack action is refused. A game file whose phases run the steps of one model while the param names the other would play both, or let no creature attack at all, so it is an error at the param line (or at the phase step when the line is absent: the default is `fight`).",
    example: "param combat_model = fight   (in a game file whose Battle phase runs declare_attackers)",
    exampleArgs: { model: "fight", detail: "phase Battle runs `declare_attackers`, a step of combat by damage (declared blockers, damage against a defense stat), while a fight is an attack action of its own: the game would play both" },
  },
  CW6010: {
    severity: "warning",
    template: '"{modifier}" ends a sentence whose parts joined by "and" share it, but the engine applies it to "{covered}" only: "{uncovered}" would last {otherwise}. Write it after each part ("{suggestion}").',
    explanation:
      "In card English a modifier at the end of a sentence — `until end of turn`, `this turn`, `until your next turn` — belongs to every verb of that sentence that shares its subject: `Creatures you control get +1/+0 and gain Haste until end of turn` gives both until end of turn. When the engine reads the modifier for the last part only, the first part would run with another duration (a +1/+0 for ever), which no other diagnostic shows; so it is reported at the modifier, with the part that would not get it. Write the modifier after each part, or make two sentences.",
    example: "Target creature gets +1/+1, gains Haste until end of turn.",
    exampleArgs: { modifier: "until end of turn", covered: "gains Haste until end of turn", uncovered: "Target creature gets +1/+1", otherwise: "for ever", suggestion: "Target creature gets +1/+1 until end of turn and gains Haste until end of turn" },
  },
  CW6011: {
    severity: "warning",
    template: 'In {game} the {zone} keeps no order, so "{words}" names no card or place: the engine cannot run it. Write "{suggestion}" (the player chooses the card), or name the card another way.',
    explanation:
      "\"Top\" and \"bottom\" mean something in a zone the game keeps in order (a deck: `zone Deck hidden ordered`). A zone declared without `ordered` — every bundled game's graveyard or discard pile is a face-up pile the rules never order — has no top card and no top to put a card on, so the engine has nothing to run for the phrase; guessing a card (or every card) would play another card than the designer meant. Say which card: \"a card from their graveyard\" lets the player choose one, a target lets the card's controller choose; a card put into such a zone is written \"into your graveyard\".",
    example: "Its controller erases the top card of their graveyard.   (a Three-Slot Duel unit's DEATH ability)",
    exampleArgs: { game: "Three-Slot Duel", zone: "Graveyard", words: "the top card of their graveyard", suggestion: "a card from their graveyard" },
  },
  CW6012: {
    severity: "warning",
    runsAsWritten: true,
    template: '"{words}": {game} calls its {role} the {zone}, and the engine reads it so. Write "{suggestion}".',
    explanation:
      "Card English borrows zone names from other games: \"graveyard\", \"discard pile\", \"library\", \"exile\", \"battlefield\". A game names its own zones in its game file (CYBERVAMP's destroyed cards go to the \"Discard Pile\", Three-Slot Duel's to the \"Graveyard\"). When the text names a zone the game does not have by another game's usual name for a zone it does have (its graveyard, deck, hand, battlefield or removed-cards zone), the engine reads that zone and says so here, so the card is read as printed only once it uses the game's word. Other games' verb for removing a card for good — \"Exile target unit\", \"Banish a card from your opponent's Graveyard\" — is read the same way: the card is put into the game's removed-cards zone (Three-Slot Duel's Oblivion, Chromatic Battlelines' Shatter Zone; nothing destroys it), and the warning names the game's words (\"Put target unit into its owner's Oblivion\").",
    example: "Return target creature card from your graveyard to your hand.   (a CYBERVAMP Spell)",
    exampleArgs: { words: "your graveyard", game: "CYBERVAMP", role: "graveyard", zone: "Discard Pile", suggestion: "your Discard Pile" },
  },
  CW6013: {
    severity: "error",
    template: "Param {name} is read only under {other} = {values}, and this game's {other} is {value}: changing it would change nothing.",
    explanation:
      "The engine reads some parameters only under one way of playing: a spell's timing (`spells_on_opponent_turn`, `spells_forbidden_in`) only where players get a window to respond (`response_model = stack` or `chain`). Under any other model the line is a rule the game does not switch on, so the file would say one thing while the game plays another. Write the reading as a `#` comment instead, or change the model it depends on.",
    example: "param spells_on_opponent_turn = true   (in a game file with response_model = instant)",
    exampleArgs: { name: "spells_on_opponent_turn", other: "response_model", value: "instant", values: "stack or chain" },
  },
  CW6014: {
    severity: "error",
    template: "The engine cannot check this condition, so the card is not played: {detail}.",
    explanation:
      "A condition (`If …`, `as long as …`, `while …`, `unless …`, a trigger's `if`, `Activate only if …`) decides whether the effects after it happen. When the engine cannot read it — or reads only part of it, a word of it left unread (`If your life is beneath 5`: \"beneath\" is no comparison the engine knows, and it would check \"exactly 5 life\"; a CW6005 warning until session 41) — it has no true answer to give, and running the effects as if the condition held (what it did until session 40, with a CW6001 warning saying \"treated as always true\") would play a card other than the one printed. So it is an error: `cardwright check` fails on it and `cardwright test` does not play the card (a scenario naming it fails, saying why). Rephrase the condition with a form the engine checks — a player's life, what a player controls or has in hand or in a zone, the cards played, attacked with, destroyed, discarded or drawn this turn, a card's kind, stats, counters or state (docs/language.md, \"A static ability says what it gives\", lists them) — and `cardwright explain` shows how it reads.",
    example: "If a creature died during your last turn, draw a card.   (a CYBERVAMP Spell)",
    exampleArgs: { detail: 'condition not understood by the engine: "a creature died during your last turn"' },
  },
  CW6020: {
    severity: "warning",
    template: 'This {type} has no {stat}: "{words}" reads this card\'s own {stat}, which the engine would take as 0. Compare with a number ("with {stat} 2 or less"), or read the stat of a card that has one ("target creature\'s {stat}").',
    explanation:
      "\"than this\", \"this creature's power\" and \"its power\" on the card itself read the card's own stat as the ability runs. A card whose type has no such stat — a Spell has no attack, a Chromatic Battlelines Weapon has attack and armor but no defense — has nothing there: the engine would read 0, so `Destroy target creature with less attack than this.` on a spell would match no creature (and the ability could never be chosen) and `with greater attack than this` would mean \"with attack 1 or more\". The card would check clean and play otherwise than printed, so it is reported at the words. Write the number itself (`with attack 2 or less`), or the stat of a card that has one.",
    example: "[Purple] Destroy target creature with less attack than this.   (a Chromatic Battlelines Spell)",
    exampleArgs: { type: "Spell", stat: "attack", words: "less attack than this" },
  },
  CW6021: {
    severity: "warning",
    template: '"{words}" names no amount: nothing before it in this ability measures one (damage, life, cards it acted on), and {event}. The engine would read 0. Write the number, or name the amount first ("Deal 2 damage to target creature, then gain that much life").',
    explanation:
      "\"That much\" and \"that many\" repeat an amount: the damage dealt (after prevention: what the damage step dealt) or life gained or lost that the same ability named before them (`Gain 3 life, then each opponent loses that much life.`: 3), else the amount its event carries — the damage of \"Whenever this deals damage\", the life of \"Whenever you gain life\" or \"If you would gain life, ... instead\" (a replacement keeps the event's amount), the cards of \"Discard your hand, then draw that many cards\". A spell, an activated ability or a trigger whose event has no amount (\"When this enters play\") has nothing there: the engine would read 0 and the card would check clean and play otherwise than printed, so it is reported at the words. Write the number itself, or name the amount before it in the same ability.",
    example: "[Green] Gain that much life.   (a Chromatic Battlelines Spell)",
    exampleArgs: { words: "that much life", event: "it follows no event" },
  },
  CW6022: {
    severity: "warning",
    template: '"{words}" does not say how an odd amount rounds. Write ", rounded up" or ", rounded down" after it ("{words}, rounded down"); until then the engine rounds down.',
    explanation:
      "Half of an odd amount is no whole number, and card English says which way it goes: `Each opponent loses half their life, rounded up.` The rules texts do not say it for a card, and either reading plays a different card (half of 5 life is 2 or 3), so a `half` with no rounding written is reported at the words; the engine rounds down until the text says. `, rounded up` / `, rounded down` belongs to the amount of its clause: `Gain life equal to half the number of cards in your hand, rounded up.`",
    example: "[Purple] Each opponent loses half their life.   (a Chromatic Battlelines Spell)",
    exampleArgs: { words: "half their life" },
  },
  CW6023: {
    severity: "warning",
    runsAsWritten: true,
    template: 'In {game} units fight by power, and a fight deals no damage: "{words}" happens only when an effect deals damage, never in a fight. For a fight write "{suggestion}".',
    explanation:
      "A game whose combat is a fight by power (`param combat_model = fight`, Three-Slot Duel: \"If your attacker's power is higher than the blocker's, the blocker is destroyed\") settles an attack between two units without damage: the loser is destroyed or weakened, nothing is dealt. A trigger on a card dealing or being dealt damage (`Whenever this deals damage to a unit`, `Whenever this is dealt damage`) then fires only on damage an effect deals (`Target unit you control deals damage equal to its power to target unit`), never when the unit fights — the card would check clean and its trigger sleep through every combat. The rules texts are silent on calling a fight damage, so the engine does not; the trigger runs as written for effects, and this warning names the fight triggers that run (`Whenever this fights`, `Whenever this wins a fight`, `Whenever this survives a fight`, `Whenever this destroys a unit`).",
    example: "Whenever this deals damage to a unit, gain 1 life.   (a Three-Slot Duel unit)",
    exampleArgs: { game: "Three-Slot Duel", words: "deals damage to a unit", suggestion: "Whenever this fights" },
  },
  CW6040: {
    severity: "info",
    template: 'The text in parentheses is not read: {reason}. The engine runs "{readsAs}".',
    explanation:
      "Reminder text — a keyword's or an ability's explanation in parentheses on its line, `Haste (This can attack the turn it enters.)` — is never run: the ability is. Where the game defines the keyword in card text (`keyword ability Bleed X = \"Whenever ...\"`), the compiler compares the reminder with that definition (CW6041 when it says something else). A keyword the game implements as an engine rule (`keyword ability Haste = rule ...`) has no card text to compare with, nor has a reminder the engine cannot read as card text, so it is only noted here, with how the engine reads the ability. Check that the reminder says what the rule does (docs/games/<game>.md describes each rule).",
    example: "Haste (This can attack the turn it enters.)   (a CYBERVAMP creature)",
    exampleArgs: { reason: "Haste is a rule of the engine, with no card text to compare it with", readsAs: "Haste." },
  },
  CW6041: {
    severity: "warning",
    runsAsWritten: true,
    template: 'The text in parentheses {says}: the engine runs "{readsAs}" and does not read the parentheses. Make the reminder say what the ability does, or write the rule as a sentence of its own.',
    explanation:
      "Reminder text is never run: the ability it follows is. The compiler reads the text in parentheses as card text and compares what it does (its trigger, its effects, their counters, stats and amounts — not the words naming who is affected) with the ability, a keyword's by its definition in the game file with its number filled in. A reminder that says something the ability does not do — another amount, another counter, an effect the keyword has not — would make the card promise what the engine will not play. Text in parentheses the engine cannot read as card text (`draw a card (then discard a card)`) is reported the same way: it may be a rule the engine would not play. A reminder that restates the ability is kept as written and shown by reads-as.",
    example: "Bleed 1 (Target player gains two Bleed counters.)   (a CYBERVAMP creature)",
    exampleArgs: { says: 'reads as "Put 2 Bleed counters on target player.", which is not what the ability does', readsAs: "Bleed 1." },
  },
  CW6042: {
    severity: "warning",
    template: '"{words}" could name {target} or the player the trigger is about, and the engine does not guess which. To mean {target}, let it be the subject the sentence goes on with ("Target player loses 1 life and draws a card."); to mean the trigger\'s player, write "that player" before {target} is named, or in a sentence of its own before it.',
    explanation:
      "In a triggered ability whose event has a player — the opponent who draws (`Whenever an opponent draws a card`), the controller of the creature destroyed — `they`, `their`, `them` and `that player` name that player. After a target player named in an earlier part of the ability they could as well name the target: `Whenever an opponent draws a card, deal 1 damage to target player and they draw a card.` reads both ways. Either reading would play a card the designer may not have meant, so it is this warning at the words, and the ability runs the trigger's player until the text says which. A pronoun that goes on with the target player's own subject is not ambiguous and gets no warning: `Target player loses 1 life and they draw a card.` reads as \"target player loses 1 life, then draws a card\".",
    example: "Whenever an opponent draws a card, deal 1 damage to target player and they draw a card.   (a CYBERVAMP creature)",
    exampleArgs: { words: "they", target: "target player" },
  },
  CW6050: {
    severity: "warning",
    runsAsWritten: true,
    template: '{game} turns a card\'s ongoing abilities off while it is exhausted, and attacking exhausts it: "{words}" would never apply to {card}, which attacks without it. Give the card a keyword that attacks without exhausting ({keywords}), or make it a triggered effect ("Whenever this attacks, it gets ... until end of turn.", "Whenever this attacks, it can\'t be blocked this turn.", "Whenever this attacks, if ..., it gains <keyword> until end of turn.").',
    explanation:
      "A static ability whose condition is its own card attacking (`This gets +2/+0 while attacking.`), or that gives its own card something that matters only as it attacks (`This can't be blocked.`, `This can't be blocked by creatures with power 2 or less.`, or under a condition a keyword that acts only as its card attacks: `As long as you have more life than each opponent, this has Breach.` — CYBERVAMP's Breach and Bleed X), does something only while the card attacks. In a game whose rules switch a card's ongoing abilities off while it is exhausted (CYBERVAMP: \"Only cards in a Renewed state have their ongoing abilities in effect\") and where attacking exhausts the attacker, the static is off exactly when it would matter — unless the card attacks without exhausting (a keyword whose rule is `attacks_without_exhausting`, CYBERVAMP's Tireless). The engine plays the rules as written; this warning says the text would do nothing on this card. A triggered ability is not an ongoing one: `Whenever this attacks, it can't be blocked this turn.` gives the attacker the restriction for the turn, and works (so does `Whenever this attacks, if you have more life than each opponent, it gains Breach until end of turn.`). A keyword the card has with no condition is printed, whatever the wording: `This has Breach.` is `Breach.`, on while the card attacks. Another card's static that gives it such a keyword would make it work: the warning looks at the card's own keywords only.",
    example: "This gets +2/+0 while attacking.   (a CYBERVAMP creature without Tireless)",
    exampleArgs: { game: "CYBERVAMP", words: "This gets +2/+0 while attacking.", card: "Frenzied Striker", keywords: "Tireless" },
  },
  CW6051: {
    severity: "warning",
    runsAsWritten: true,
    template: 'In {game} damage stays marked after the combat, and "{words}" holds only while a creature attacks or blocks: a creature it keeps alive through combat damage is destroyed as the combat ends, with its {stat} back. If the bonus should save it, give it until end of turn ("Whenever a creature you control blocks, it gets +0/+2 until end of turn.").',
    explanation:
      "A static ability that raises the toughness stat (Defense) of attacking or blocking creatures (`Blocking creatures you control get +0/+2.`, `Attacking creatures you control get +1/+1.`), or of its own card while it attacks or blocks (`This gets +0/+2 as long as it's blocking.`), holds through combat damage and the check that destroys a creature with damage at least its Defense. The combat then ends, and with it the attacking and blocking. In a game where damage stays marked until the end of the turn (Chromatic Battlelines: \"Damage remains marked until the End Phase. It is not removed after combat\"; CYBERVAMP, whose text is silent, likewise), the creature's Defense goes back down with that damage still on it, and the state check destroys it. The engine runs the text as written — this warning says what that means. A bonus that lasts until end of turn, given as the creature attacks or blocks, keeps it alive: `Whenever a creature you control blocks, it gets +0/+2 until end of turn.`",
    example: "Blocking creatures you control get +0/+2.   (a CYBERVAMP relic)",
    exampleArgs: { game: "CYBERVAMP", words: "Blocking creatures you control get +0/+2", stat: "defense" },
  },
  CW6060: {
    severity: "warning",
    template: '"{words}" uses X, and nothing on this card says what X is: the engine would run it with X = 0. Put an X in the cost (X is then what the player pays), or say it: ", where X is the number of cards in your hand".',
    explanation:
      "X is a number the card defines: an X in the card's cost or in the ability's own cost (`{R}{X}`, `Pay X life:`) is the amount the player chooses to pay, and `where X is <a number>` after the sentence gives it a value from the game (`Deal X damage to target creature, where X is the number of cards in your hand.`). An ability that uses X with neither would run with X = 0 — a card that checks clean and then does nothing of what it says. A keyword's own definition (`Bleed N`) gets its number where the keyword is printed and is not looked at.",
    example: "Deal X damage to target creature.   (a spell costing {R})",
    exampleArgs: { words: "Deal X damage to target creature." },
  },
  CW6070: {
    severity: "warning",
    runsAsWritten: true,
    template: '{game} turns a card\'s ongoing abilities off while it is exhausted: "{words}" asks for {card} to be exhausted, so it would never apply. Make it a triggered effect ("Whenever this becomes exhausted, ..."), or give the condition to another card ("as long as you control an exhausted creature").',
    explanation:
      "A static or replacement ability whose condition is its own card being exhausted (`As long as this is exhausted, other creatures you control get +0/+1.`) is on only while its card is exhausted. In a game whose rules switch a card's ongoing abilities off while it is exhausted (CYBERVAMP: \"Only cards in a Renewed state have their ongoing abilities in effect\"), it is off exactly then: the card checks clean and never does what it says. The engine plays the rules as written; this warning says the text would do nothing. A triggered ability is not an ongoing one (`Whenever this becomes exhausted, ...`, `At the end of your turn, if this is exhausted, ...` work), and a condition on another card is read whatever this card's state.",
    example: "As long as this is exhausted, other creatures you control get +0/+1.   (a CYBERVAMP creature)",
    exampleArgs: { game: "CYBERVAMP", words: "As long as this is exhausted, other creatures you control get +0/+1.", card: "Night Watchman" },
  },
  CW6080: {
    severity: "warning",
    template: '"{words}" could name this card or {other}, and the engine does not guess which: the trigger names both. Write "this {unit}" for this card, or "that {unit}" for {other}.',
    explanation:
      "A trigger written with this card as its object — `Whenever an enemy unit attacks this unit`, `Whenever a unit blocks this unit` — is the event seen from this card (`When this is attacked by a unit an opponent controls`), and the subject the designer wrote is the event's other card. A bare `it` after it could name either: English leans to the subject (the attacker), a card's own `it` to itself. Either reading would play a card the designer may not have meant, so it is this warning at the word; the ability runs the trigger's other card (the subject as written) until the text says which.",
    example: "Whenever an enemy unit attacks this unit, it gets -1 power until end of turn.   (a Three-Slot Duel unit)",
    exampleArgs: { words: "it", other: "the attacking unit", unit: "unit" },
  },
  CW6090: {
    severity: "warning",
    runsAsWritten: true,
    template: '"{words}" has no duration, after "{trigger}" on its line: the engine runs it as a change that ability makes once, which lasts as long as the card is in play. For this turn only, write "{words} until end of turn"; for good, put counters on the card ("put a +1/+1 counter on this creature"); for a bonus that holds while the condition does, put "As long as ..., {words}." on a line of its own.',
    explanation:
      "An `If ...` sentence on the line of a triggered or activated ability goes on with that ability: it runs when the trigger does, its `it` is what the trigger named. A change to a card in it with no duration written — `When this enters play, deal 2 damage to target creature. If it dies, this creature gets +1/+1.` — reads three ways in card English: for the rest of the turn (`until end of turn` left out), for good, or as a static bonus of the card while the condition holds. The rules texts do not say which. The engine runs the change once, as the trigger resolves, and a one-time change with no duration lasts (as `Whenever this attacks, this creature gets +1/+1.` does); this warning says so at the words, so that the card is never read another way in silence. Write the duration (`until end of turn`), or counters for a change for good (`put a +1/+1 counter on this creature`), or make it a static on a line of its own (`As long as you have 3 or less life, this creature gets +2/+2.`).",
    example: "When this enters play, deal 2 damage to target creature. If it dies, this creature gets +1/+1.   (a CYBERVAMP creature)",
    exampleArgs: { words: "this creature gets +1/+1", trigger: "When this enters play, deal 2 damage to target creature" },
  },
  // ---------------------------------------------------------------- CW7xxx: deck lists
  CW7001: {
    severity: "error",
    template: "Cannot read this deck line: {detail}.",
    explanation: 'A deck list (`.deck`) holds one `N Card Name` per line (`4x Card Name` too); `#` starts a comment and blank lines are ignored. See docs/language.md, "Deck lists".',
    example: "Scout   (in a .deck file)",
    exampleArgs: { detail: 'expected a count before the card name, as in "2 Scout"' },
  },
  CW7002: {
    severity: "error",
    template: "The count of a deck line must be between 1 and {max}, not {count}.",
    explanation: "Each line of a deck list names how many copies of the card the deck holds; a line with none is left out rather than written with 0.",
    example: "0 Scout   (in a .deck file)",
    exampleArgs: { max: 999, count: 0 },
  },
  CW7003: {
    severity: "error",
    template: 'Unknown card "{name}" in this deck list.',
    explanation: "No card of the deck's game (the game whose folder the deck sits in) has this name; the closest name is suggested when there is one.",
    example: "2 Stone Gaurd   (in cards/duel/decks/my.deck)",
    exampleArgs: { name: "Stone Gaurd" },
  },
  CW7004: {
    severity: "error",
    template: "This deck is not legal for {game}: {detail}.",
    explanation: "The deck breaks a construction rule of its game file (`deck min/max/copies`, rarity limits, tokens, a game's own deck parts): the engine's own deck check, every violation listed.",
    example: "3 Warlord of Cinders   (in a duel deck: Epic cards are limited to 1)",
    exampleArgs: { game: "duel", detail: '3 copies of "Warlord of Cinders": Epic cards are limited to 1' },
  },
  CW7005: {
    severity: "warning",
    template: "This deck list is not inside a game's folder, so its cards cannot be checked.",
    explanation: "A deck list belongs to the game whose `.game` file is in its folder or a folder above it (for example `cards/duel/decks/red.deck`).",
    example: "decks/red.deck   (no .game file above it)",
    exampleArgs: {},
  },
  // ---------------------------------------------------------------- CW7006-CW7019: scenario lines about what a game never has
  CW7006: {
    severity: "error",
    template: '{game} never marks damage on a card, so "{card}" damage is always 0 and this line could not tell anything: expect what the damage did (`expect event damage "{card}"`, the card\'s stat, or the zone it went to).',
    explanation:
      "A game marks damage on cards only when its game file names a toughness (`param toughness_stat` or `creature_damage_threshold`) or deals combat damage (`param combat_model = damage`). In any other game (Three-Slot Duel: a unit dealt damage is destroyed, or weakened until the end of the turn, at once) a card's damage is always 0: `expect \"Scout\" damage 0` would always hold and `expect not \"Scout\" damage 2` could never fail, and a setup line giving a card damage makes a board the game cannot reach.",
    example: 'expect "Scout" damage 2   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel", card: "Scout" },
  },
  CW7007: {
    severity: "error",
    template: "{game} resolves everything at once (`response_model = instant`): nothing ever waits on a stack, so this line could not tell anything; expect what resolved instead (`expect event resolve \"<card>\"` and its effects).",
    explanation:
      "`expect stack ...` reads the items waiting to resolve. Under the `instant` response model a spell or ability resolves as it is played or triggered and nothing waits, so `expect stack count 0` would always hold and `expect stack has ...` could never hold: the line is an error rather than an expectation that cannot fail.",
    example: 'expect stack: "Quick Bolt"   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel" },
  },
  CW7008: {
    severity: "error",
    template: "`refused` without a code passes for any refusal (a wrong phase, a missing payment, a choice still pending): name the refusal this line is about, `refused <code>` — `cardwright test` prints the code it gets.",
    explanation:
      "An action line ending in `refused <code>` passes when the engine refuses the action for that reason. Without the code (or with `refused any`) it would pass whatever the engine refused it for, so a line written to show that a unit cannot block also passes when the unit cannot act at all. The scenario runs and fails at this line, naming the refusal it got (`refused cannot_block: ...`), so the code can be copied into the line.",
    example: 'p2 defends with "Scout" refused',
    exampleArgs: {},
  },
  CW7009: {
    severity: "error",
    template: '{game} has no {state}: nothing in its rules exhausts, readies or reads a card that way, so {consequence}. The states a card has in {game}: {states}.',
    explanation:
      "A card's exhausted/ready state exists in a game only when its rules read or reset it (the engine contract, `compiler/contract.ts` CARD_STATES: exhausted creatures can't attack, costs paid by exhausting lands, a phase step `renew` or `ready_permanents`, ...); an Overexhausted state only with a `renew` step. Three-Slot Duel has neither: attacking does not exhaust a unit and nothing readies one, so `expect not \"Stone Guard\" is exhausted` would hold whatever the unit did, and `expect \"Stone Guard\" is exhausted` only repeats the setup. A setup line giving the state is the same error (session 41): `\"Stone Guard\" is exhausted` in a Duel setup was accepted and ignored, so a scenario written to show that an exhausted unit cannot attack passed its attack. The message lists the states a card does have in the game (in Three-Slot Duel: `is defender`, its counters).",
    example: 'expect not "Stone Guard" is exhausted   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel", state: "exhausted/ready state", consequence: '"Stone Guard" is always as the setup left it and this line could not tell anything; expect what the card did instead (`expect event attack "Stone Guard"`, a stat, the zone it is in)', states: "`is defender`, `power counters N`" },
  },
  CW7010: {
    severity: "error",
    template: '"{card}" is a card whose type never stays in play in {game} (it resolves, then leaves), so no game reaches a board with it in {zone}: set it up where it can be — a hand, a deck, the graveyard — and play it from there.',
    explanation:
      "A game file says which card types stay in play (`cardtype Unit permanent`); a card of any other type (a Spell) is played, resolves and goes to the graveyard. Set up in the zone of play it would be a board no game can reach: the engine would keep it there as if it were a unit, its abilities would be read as a permanent's, and expectations about the board would be about a game that cannot happen. Put it in a hand (to play it), or in the zone a resolved card goes to. Other zones are not checked: a game may put any card in a resource zone (Chromatic Battlelines' Facet Zone holds spells).",
    example: 'p1 field: "Quick Bolt"   (in a Three-Slot Duel setup: Quick Bolt is a Spell)',
    exampleArgs: { card: "Quick Bolt", game: "Three-Slot Duel", zone: "Field" },
  },
  // ---------------------------------------------------------------- CW7020-CW7024: scenario lines (the mutation engineer's range)
  CW7011: {
    severity: "error",
    template: '{game} has no defenders: nothing in its rules makes a card one, so "{card}" is never a defender and this line could not tell anything; expect what the card did instead (`expect event block "{card}"`, the zone it is in).',
    explanation:
      "A card is a defender only in a game whose rules make one (Three-Slot Duel: \"Drag your unit down to make it a defender\", `param defender_walls` or `param defenders = true`). In CYBERVAMP and Chromatic Battlelines creatures block as they are declared, and no card is ever a defender: `expect not \"Seer\" is defender` would hold whatever happened, and `expect \"Seer\" is defender` could never hold.",
    example: 'expect not "Blood Broker" is defender   (in a CYBERVAMP scenario)',
    exampleArgs: { game: "CYBERVAMP", card: "Blood Broker" },
  },
  CW7012: {
    severity: "error",
    template: "{player}'s {zone} never holds more than {slots} cards, so a line about {count} there could not tell anything: it could never hold, and negated it would hold whatever happened.",
    explanation:
      "A zone with `slots N` in the game file (Three-Slot Duel's Field: \"3 unit slots per player\"), a Facet zone under `param max_facets` (Chromatic Battlelines: \"A player may have a maximum of 5 Facets at any time\"), and a hand under `param max_hand` (Three-Slot Duel: \"6 in hand maximum.\", unless `draw_at_max_hand = draw` or `hand_overflow = keep` let it grow, or a card the scenario names raises it: \"Your maximum hand size is increased by 2.\") never holds more cards than that; the engine keeps it so, and a setup cannot put more there (CW5014). `expect p1 field count 4`, or a zone line naming more cards than fit, could never hold, and `expect not p1 field count 4` could never fail.",
    example: "expect not p1 field count 4   (in a Three-Slot Duel scenario)",
    exampleArgs: { player: "p1", zone: "Field", slots: 3, count: 4 },
  },
  CW7013: {
    severity: "error",
    template: "{game} never holds {what}: {why}, so this line could not tell anything about {player} — it reads nothing the game keeps (negated, it would hold whatever happened); {instead}.",
    explanation:
      "A player's pool is read only where the game keeps one. Temporary resources exist only under the Facet mechanic (`param max_facets`: Chromatic Battlelines' temporary Facets); in CYBERVAMP (`param costs_paid_by = exhausting_lands`: \"You pay costs by exhausting your lands\", no floating resources) a cost is paid by exhausting lands as it is paid, so no Gold is ever in a pool: `expect p1 Gold 0` with two untapped Gold lands would hold, and `expect not p1 temporary Red 1` in Three-Slot Duel could never fail. A capacity exists only for a resource run as one (`param mana_resource`, `<resource>_model = capacity`): Chromatic Battlelines' Armor has none, and `p1 Armor capacity 2` would read back the setup's amount. The line is an error, in setup as in an expectation, with what says it instead.",
    example: "expect p1 Gold 2   (in a CYBERVAMP scenario)",
    exampleArgs: {
      game: "CYBERVAMP",
      what: "Gold in a pool",
      why: "costs are paid by exhausting lands as they are paid (`param costs_paid_by = exhausting_lands`)",
      player: "p1",
      instead: 'expect the lands that pay it (`expect "Gold Exchange" is ready`, `expect p1 Battlefield has "Gold Exchange"`) or what was paid (`expect event cost p1`)',
    },
  },
  CW7014: {
    severity: "error",
    template: "{game} runs `response_model = {model}`, under which the engine never emits a `{kind}` event (only {models} emits it), so this line could not tell anything: it could never hold, and negated it would hold whatever happened; {instead}.",
    explanation:
      "Some trace events belong to one way of responding (`param response_model`; compiler/engine-words.ts MODEL_ONLY_KINDS): `priority` and the trigger chains' `chain_start`, `chain_end`, `fire`, `suppressed` and `appended` are emitted only under `chain` (Chromatic Battlelines' priority passing and trigger chains), `pop` (an item taken off the stack to resolve) only under `stack` and `chain`. In a game run under another model no such event ever happens: in Three-Slot Duel (`instant`) `expect no event priority p2` would hold whatever a spell did, and in CYBERVAMP (`stack`, whose triggered abilities go on the stack, not into chains) `expect event fire \"Blood Broker\"` could never hold. The line is an error, with what says it in this game.",
    example: "expect no event priority p2   (in a Three-Slot Duel scenario)",
    exampleArgs: { game: "Three-Slot Duel", kind: "priority", model: "instant", models: "`response_model = chain`", instead: "expect who acts next (`expect p2 to act`)" },
  },
  CW7015: {
    severity: "error",
    template: "A `{kind}` event never names a player, so `{kind} {player}` matches no event: this line could never hold, and negated it would hold whatever happened; write {instead}.",
    explanation:
      "An event's player is the one it is about, per kind (docs/language.md 3.3's table; compiler/engine-words.ts EVENT_PLAYER): an attack's is the attacking player, a breach's the player hit, a destroyed card's its owner. A few kinds never name one: `fight` (it names the two cards that fight), `setup`, `chain_end`. `expect no event fight p2`, meant as \"p2's creature did not fight\", held when p2's creature blocked and fought. The line is an error, with what says it.",
    example: "expect no event fight p2",
    exampleArgs: { kind: "fight", player: "p2", instead: '`expect event fight "X"` (either fighter: the attacker, or the card it fights)' },
  },
  CW7016: {
    severity: "error",
    template: "In {game} nothing ever fights: combat deals damage (`combat_model = damage`) and no Weapon attacks, so the engine never emits a `fight` event and this line could not tell anything (negated it would hold whatever happened in combat); expect the combat itself: `expect event attack \"X\"`, `block \"Y\"`, `damage \"Y\" by \"X\"`, `destroyed \"Y\"`.",
    explanation:
      "A `fight` event is emitted where units fight by power (`param combat_model = fight`, the default: Three-Slot Duel's \"If your attacker's power is higher than the blocker's...\") and where a Weapon attacks (`param max_weapons`: Chromatic Battlelines). Under `combat_model = damage` without Weapons (CYBERVAMP) attackers and blockers deal damage to each other and nothing fights: `expect no event fight \"Street Samurai\"` held after Street Samurai blocked and traded. The line is an error, with what says it.",
    example: 'expect no event fight "Street Samurai"   (in a CYBERVAMP scenario)',
    exampleArgs: { game: "CYBERVAMP" },
  },
  CW7017: {
    severity: "error",
    template: "In {game} \"{card}\" never fights here: {why}. No `fight` event can name it, so this line could not tell anything (negated it would hold whatever happened); expect what it does instead: `expect event block \"{card}\"`, `damage \"{card}\"`, `damage \"X\" by \"{card}\"`, `destroyed \"{card}\"`.",
    explanation:
      "A `fight` event names the two cards of a fight: under `param combat_model = fight` (Three-Slot Duel) any card that stays in play — it attacks, is attacked, or walls an attack — and where a Weapon attacks (`param max_weapons`: Chromatic Battlelines) the Weapon and the creature it attacks (16.1: \"The Main Phase Weapon attack is the only way a player fights a creature\"). A card of any other type (a Spell, an Enchantment) never fights, and in Chromatic Battlelines a creature fights only when a Weapon attacks it: combat between attackers and blockers deals damage and is no fight. `expect no event fight \"Seer\"` held after Seer blocked a creature, whatever the designer meant by it. With no Weapon in the scenario's setup (and no Weapon a card could make), such a line is an error, with the combat events to expect instead.",
    example: 'expect no event fight "Seer"   (in a Chromatic Battlelines scenario with no Weapon)',
    exampleArgs: {
      game: "Chromatic Battlelines",
      card: "Seer",
      why: "a Weapon fights as it attacks, and a Creature only when a Weapon attacks it, and no Weapon is in this scenario's setup: the combat of attackers and blockers deals damage and is no fight",
    },
  },
  CW7018: {
    severity: "error",
    template: "In {game} the engine never emits a `breach` event: combat deals damage (`combat_model = damage`), and an unblocked attacker's hit on a player is a `damage` event, so this line could not tell anything (negated it would hold whatever happened in combat); say it with the `damage` event in its place: {instead}.",
    explanation:
      "A `breach` event is the unblocked hit of a game whose units fight by power (`param combat_model = fight`: Three-Slot Duel's \"BREACH\", an attack on the player that no defender walls). Under `combat_model = damage` (CYBERVAMP, Chromatic Battlelines) an unblocked attacker deals its damage to the defending player as any damage is dealt, and no `breach` event is emitted: `expect no event breach p2` held after an unblocked Chronicler hit p2 for 1. The line is an error, with the `damage` line that says it (`by` names the attacker).",
    example: "expect no event breach p2   (in a Chromatic Battlelines scenario)",
    exampleArgs: { game: "Chromatic Battlelines", instead: '`expect event damage p2 by "Chronicler"`' },
  },
  CW7019: {
    severity: "error",
    template: '{game} has no Newly Turned state (CYBERVAMP\'s word for a creature that entered play since its controller\'s turn began), so this line about "{card}" could not tell anything; a card that cannot attack yet is said by its refusal: `p1 attack p2 with "{card}" refused summoning_sick`.',
    explanation:
      "`expect \"X\" is newly turned` reads CYBERVAMP's Newly Turned (`param newly_turned_types`: the creature entered play since the start of its controller's most recent turn and has no Haste; it cannot attack or activate abilities). A game without the param has no such state, and `expect not \"Scout\" is newly turned` would hold whatever happened; a unit or creature played this turn is shown by what it cannot do (`refused summoning_sick`).",
    example: 'expect "Scout" is newly turned   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel", card: "Scout" },
  },
  CW7020: {
    severity: "error",
    template: "Unknown cost symbol {word}; {game} declares {list}.",
    explanation:
      "`expect \"<card>\" cost ...` is written as a card's `cost:` line, with the symbols the game file declares (`color Red symbol {R}`, `symbol {G} = Gold`, `symbol {N} = generic` for `{1}`, `{2}`, ...). A symbol the game does not declare is no part of any cost, so the line could never hold: it is an error, with the closest symbol.",
    example: 'expect "Blood Rite" cost {Q}{1}   (in a CYBERVAMP scenario)',
    exampleArgs: { word: "{Q}", game: "CYBERVAMP", list: "{R}, {W}, {B}, {P}, {G}, {1}, {2}, ..., {X}" },
  },
  // ---------------------------------------------------------------- CW7025-CW7029: session 16 (scenarios engineer)
  CW7021: {
    severity: "error",
    template: '"{card}" is a {type}: only a card of a type with one active ability of several ({types} in {game}) has one, so this line could not tell anything; expect what its abilities do, or `has <keyword>`.',
    explanation:
      "`expect \"X\" active <Colour>` reads which of an Enchantment's five colour abilities is the active one (Chromatic Battlelines 15.2: \"the ability matching its color identity is active\", switched by `p1 switches \"X\" to Blue`): a card type whose game file says `abilities facet 5 one_active`. Any other card has every ability it has on, and `expect not \"Seer\" active Red` would hold whatever happened.",
    example: 'expect "Seer" active Red   (Seer is a Creature)',
    exampleArgs: { card: "Seer", type: "Creature", types: "Enchantment", game: "Chromatic Battlelines" },
  },
  CW7025: {
    severity: "error",
    template: "Nothing in {game} pays the cost symbol {words}: the card would be played without paying it. {instead}. (The engine pays cost symbols where the game file has {rules}.)",
    explanation:
      "A cost symbol (`{1}`, `{R}`, `{X}`) is paid by a mechanic of the game: CYBERVAMP exhausts lands for them (`param costs_paid_by = exhausting_lands`, the engine contract's COST_SYMBOLS_PAID_BY). A game without such a rule pays its costs otherwise — Chromatic Battlelines with Mana (5: \"Mana is used to pay the cost of playing cards\", written `cost: 2`), Three-Slot Duel by colour (Crystals, discards, erasing, life) — so nothing would pay the symbol: a card with `cost: {1}` would be played free, `{1}, Exhaust:` would cost only the exhaust, and `Spells you cast cost {1} less.` would reduce nothing. Write the cost in the game's own terms: a number alone is that many of the game's first resource.",
    example: "cost: {1}   (a card of a Chromatic Battlelines set)",
    exampleArgs: { game: "Chromatic Battlelines", words: "{1}", instead: 'Write it as this game\'s costs are written: a number alone is that many Mana (`cost: 2`, "cost 1 less"), or name what pays it ("2 Mana", "2 life")', rules: "`param costs_paid_by = exhausting_lands`" },
  },
  // ---------------------------------------------------------------- session 17 (scenarios engineer)
  CW7026: {
    severity: "error",
    template: "No such mode: {problem}.",
    explanation:
      "A play or activate line of a scenario chooses a mode of the card's \"Choose one —\" ability by its number, counted from 1 as the card lists them (`mode 2`), or by its text (`mode \"Draw a card\"`, any letter case, a final period or not). A number past the card's modes or a text none of them has would name no mode the card has, so the line would play another mode than the one meant, or be refused for a reason the writer did not intend. `cardwright check` and the studio say it at the line, with the card's modes and the closest text; `cardwright test` fails the scenario with the same message. So is a `chooses mode \"...\"` line right after the play line of a spell whose abilities are selected by colour (Chromatic Battlelines' Arc Bolt: `p1 chooses mode \"Redd\"`) when no selection of its colours reads so (the colours of a selection in any order: `\"Blue + Red\"` is `\"Red + Blue\"`).",
    example: 'p1 play "Field Kit" mode "Draw a crad"',
    exampleArgs: { problem: '"Field Kit" has no mode "Draw a crad" (did you mean mode 2 "Draw a card"?); its modes are 1 "Gain life equal to the number of units you control", 2 "Draw a card"' },
  },
  // ---------------------------------------------------------------- session 36 (rules engineer)
  CW7027: {
    severity: "error",
    template: '{game} marks damage against {toughness}: what is left after damage is `expect "{card}" remaining {toughness} N`, and "remaining {stat}" names no number a rule reads.',
    explanation:
      "`expect \"X\" remaining <stat> N` reads a card's stat less the damage marked on it: what is left of its toughness, the number the game compares damage with (Chromatic Battlelines 21's \"remaining Defense\"; the game file's `param toughness_stat` / `creature_damage_threshold`). Of any other stat that difference is no number of the game — power less damage does not say how hard a creature hits nor how much more it can take — so the line is an error naming the stat damage is marked against. `expect \"X\" defense N` reads the stat itself, and `expect \"X\" damage N` the damage. A game that marks no damage on cards (Three-Slot Duel) has no remaining anything: CW7006.",
    example: 'expect "Veil Drone" remaining power 1   (in a CYBERVAMP scenario)',
    exampleArgs: { game: "CYBERVAMP", toughness: "defense", card: "Veil Drone", stat: "power" },
  },
  // ---------------------------------------------------------------- session 44 (rules engineer)
  CW7028: {
    severity: "error",
    template: 'In {game} "{card}" never waits to resolve, so no `{kind}` event ever names it: {why}. This line could never hold, and negated it would hold whatever happened; {instead} says it happened.',
    explanation:
      "A `push` event is something put on the stack (or waiting for priority) to resolve later, a `pop` the same item taken off to resolve; what each game puts there is its response model's (`param response_model`, runtime/models): under `instant` (Three-Slot Duel) only a triggered ability — a spell resolves and a unit enters the moment it is played; under `stack` (CYBERVAMP) spells, activated and triggered abilities — a Creature or Relic enters as it is played; under `chain` (Chromatic Battlelines) what is played or activated and listed in `param priority_actions` — triggered abilities fire in their chains. A `push` or `pop` line naming a card that is none of these (a Duel spell, a CYBERVAMP creature with no triggered or activated ability) could never hold, and `expect no event push \"Quick Bolt\"` held after the bolt was played (probe s43 S11/MD7). The line is an error, with the event that says it: `resolve` for a spell, `enter` for a permanent.",
    example: 'expect no event push "Quick Bolt"   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel", card: "Quick Bolt", kind: "push", why: "a Spell resolves as it is played, and only a triggered ability waits to resolve (and this card has none)", instead: '`expect event resolve "Quick Bolt"`' },
  },
  // ---------------------------------------------------------------- session 45 (rules engineer)
  CW7029: {
    severity: "error",
    template: 'In {game} no `{kind}` event can name "{card}" in this scenario: {why}. This line could never hold, and negated it would hold whatever happened; {instead} says what the card did.',
    explanation:
      "An `enter` event is a card put into play — never a card of a type that does not stay in play (a Spell), unless an effect of a card of the scenario puts cards onto the battlefield. A `trigger` event is a triggered ability noted (or a delayed trigger coming due), a `delay` one a delayed trigger set up (\"at the start of your next turn, ...\"), a `fizzle` one a spell or ability that lost its targets, was countered, or — where a spell's Facet abilities are chosen as it is cast — had none to select. The checker reads the card's abilities as the engine runs them: its own, those its keyword abilities are defined by (`keyword ability Bleed X = \"Whenever this deals combat damage to a player, ...\"`; a `rule` keyword such as Multi-block never triggers), and those of every keyword a card of the scenario's setup may give it (`gains Lifelink`, a static, a token made with one; any card of the workspace in a `new game`). When none of them can make the event — a spell with no triggered ability never triggers, a unit played with no target never fizzles, a card with no delayed step never delays — the line is an error: `expect no event trigger \"Quick Bolt\"` passed whatever the bolt did (rules session 44's mistaken scenarios). What the card did is said with `resolve` (a spell) or `enter` (a permanent), or with the event of what its effect did.",
    example: 'expect no event trigger "Quick Bolt"   (in a Three-Slot Duel scenario)',
    exampleArgs: { game: "Three-Slot Duel", card: "Quick Bolt", kind: "trigger", why: "it has no triggered ability (none printed, none from a keyword it has, and no card of this scenario gives it a keyword) and no delayed one", instead: '`expect event resolve "Quick Bolt"`' },
  },
} as const satisfies Record<string, MessageDefinition>;

export type MessageCode = keyof typeof MESSAGES;

/** The `{holes}` of a template, as a union of their names. */
type Holes<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Holes<Rest> : never;

/** The arguments a code's template needs, checked at compile time. */
export type MessageArgs<C extends MessageCode> = { [K in Holes<(typeof MESSAGES)[C]["template"]>]: string | number };

export function messageText<C extends MessageCode>(code: C, args: MessageArgs<C>): string {
  const values = args as Record<string, string | number>;
  return MESSAGES[code].template.replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}

/** Builds a Diagnostic from the table; the only way phases should create one. */
export function diagnostic<C extends MessageCode>(
  code: C,
  file: string,
  range: Range,
  args: MessageArgs<C>,
  options: { suggestion?: string; severity?: Severity; fix?: DiagnosticFix } = {},
): Diagnostic {
  const result: Diagnostic = {
    file,
    // A tree's compact range becomes plain data here: a diagnostic crosses to the studio's page by structured clone.
    range: range instanceof SourceRange ? plainRange(range) : range,
    severity: options.severity ?? MESSAGES[code].severity,
    code,
    message: messageText(code, args),
  };
  if (options.suggestion !== undefined) result.suggestion = options.suggestion;
  if (options.fix) result.fix = options.fix.range instanceof SourceRange ? { ...options.fix, range: plainRange(options.fix.range) } : options.fix;
  return result;
}

/** Diagnostics that only summarise others (`N more ... not shown`): not problems of their own, so never counted as one. */
export const SUMMARY_CODES: ReadonlySet<string> = new Set<MessageCode>(["CW1009", "CW3008"]);

export function isMessageCode(code: string): code is MessageCode {
  return Object.prototype.hasOwnProperty.call(MESSAGES, code);
}

const CATEGORY_TITLES: Record<string, string> = {
  "1": "CW1xxx — syntax (lexer and parser)",
  "2": "CW2xxx — binding and checking against the game's vocabulary",
  "3": "CW3xxx — workspace and files",
  "4": "CW4xxx — export",
  "5": "CW5xxx — scenarios",
  "6": "CW6xxx — compiling for the engine",
  "7": "CW7xxx — deck lists",
};

/** docs/diagnostics.md, generated from the table (a test keeps the file in step). */
export function renderDiagnosticsMarkdown(): string {
  const lines: string[] = [
    "# Diagnostics",
    "",
    "<!-- Generated from compiler/messages.ts by `CW_UPDATE_DOCS=1 npx vitest run test/compiler/messages.test.ts`; do not edit by hand. -->",
    "",
    "Every problem Cardwright reports has a stable code, a severity, a file and a range.",
    "The CLI prints them as `file:line:col: severity CODE: message`, with `(did you mean \"...\"?)`",
    "when the game's vocabulary holds a close spelling; `cardwright check --json` prints the same",
    "diagnostics as JSON objects (see `compiler/diagnostics.ts`).",
    "",
    "Every CW2xxx code has a fixture (a test enforces it): `test/fixtures/diagnostics/` holds card and",
    "game files with the expected diagnostics marked inline, and one runner (`test/compiler/fixtures.test.ts`)",
    "checks that each file reports exactly those. CW3xxx codes are tested in `test/compiler/robustness.test.ts`",
    "and `test/compiler/cli.test.ts`.",
    "A marker is a comment line of carets under the offending text, the code, and the expected",
    "suggestion if there is one; `# expect: CODE at LINE:COL` marks text that starts in column 1:",
    "",
    "```",
    "  type: Unitt — Knight",
    "#       ^^^^^ CW2003 -> Unit",
    "```",
    "",
  ];
  let category = "";
  for (const [code, definition] of Object.entries(MESSAGES) as [MessageCode, MessageDefinition][]) {
    const group = code.charAt(2);
    if (group !== category) {
      category = group;
      lines.push(`## ${CATEGORY_TITLES[group] ?? `CW${group}xxx`}`, "");
    }
    const rendered = messageText(code, definition.exampleArgs as never);
    lines.push(`### ${code} (${definition.severity})${definition.retired ? " — retired" : ""}`, "");
    lines.push(`> ${rendered}`, "");
    lines.push(definition.explanation, "");
    lines.push("Example:", "", "```", definition.example, "```", "");
  }
  return lines.join("\n");
}

/** Is a code a lint about text the engine runs exactly as written (MessageDefinition.runsAsWritten)? */
export function runsAsWritten(code: string): boolean {
  return (MESSAGES as Record<string, MessageDefinition>)[code]?.runsAsWritten === true;
}
