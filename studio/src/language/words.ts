/**
 * The card language's fixed words, from docs/language.md: what the Monarch colouring and
 * the completions offer before (and beside) the game's own vocabulary. The game's names
 * (colours, zones, keywords, markers...) come from the checked game file, never from here.
 */

/** Words that start a statement in a game, set or scenario file. */
export const STATEMENT_WORDS = [
  "game", "set", "for", "card", "param", "resource", "color", "symbol", "zone", "cardtype", "stat", "rarity",
  "deck", "phase", "marker", "keyword", "ability", "action", "counter", "rule", "scenario", "setup", "expect",
  "start", "gain", "per", "turn", "max", "min", "copies", "pays", "hidden", "private", "public", "ordered",
  "slots", "shared", "permanent", "token", "requires", "abilities", "auto", "static", "on", "player",
] as const;

/** Card header fields the language knows; a game may require others through `cardtype ... requires`. */
export const CARD_FIELDS = ["type", "color", "faction", "cost", "rarity", "tribe", "stats", "power", "attack", "defense", "armor", "text", "unique", "token"] as const;

/** Trigger, effect, selector and number words of ability text. */
export const TEXT_WORDS = [
  "when", "whenever", "at", "if", "then", "and", "or", "you", "may", "this", "it", "its", "that", "target", "any",
  "each", "all", "another", "other", "a", "an", "up", "to", "from", "into", "onto", "with", "where", "is", "are",
  "the", "of", "equal", "number", "your", "their", "opponent", "opponents", "owner", "owner's", "controller",
  "control", "controls", "enters", "play", "leaves", "dies", "destroyed", "attacks", "blocks", "blocked", "deals",
  "deal", "dealt", "damage", "combat", "draw", "draws", "discard", "discards", "gain", "gains", "lose", "loses", "life",
  "gets", "get", "have", "has", "until", "end", "beginning", "next", "destroy", "sacrifice", "return", "put",
  "remove", "summon", "reanimate", "create", "search", "reveal", "shuffle", "exhaust", "renew", "ready", "counter",
  "counters", "choose", "one", "two", "three", "instead", "would", "first", "time", "random", "can't", "cannot",
  "enemy", "friendly", "ally", "allies", "nontoken", "token", "tokens", "spell", "pay", "add", "twice", "less",
  "more", "or", "X",
] as const;

/** A new card, as a Monaco snippet; the game's required fields are added by the completion provider when known. */
export const NEW_CARD_SNIPPET = [
  'card "${1:Card Name}" {',
  "  type: ${2:Type}",
  "  color: ${3:Color}",
  "  cost: ${4:1}",
  "  rarity: ${5:Common}",
  "  text:",
  "    ${6:Draw a card.}",
  "}",
].join("\n");
