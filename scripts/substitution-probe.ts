/**
 * A probe for silent misreadings (issue 11): every clean sentence of the corpus (test/fixtures/corpus) with one word
 * replaced by a word of other meaning ("your" → "an opponent's", "and" → "or", "two" → "three", "gains" → "loses", …).
 * A variant that still checks clean AND compiles to the same IR read the new word as the old one — the engine would run
 * it as something other than its text. Each candidate is printed for a person to judge: many are nonsense the parser
 * tolerates ("Draw each card."), some are real (session 36: "you have five cards in your opponent's graveyard" counted
 * your own graveyard; "gains Haste or Tireless" gave both; "gains two or more Bleed counters" fired on one).
 *
 *   npx tsx scripts/substitution-probe.ts [duel|cybervamp|chromatic] > candidates.tsv
 *   npx tsx scripts/substitution-probe.ts --insert [--seed N] [game] > candidates.tsv
 *
 * `--insert` adds a word instead of replacing one: a qualifier before a card noun ("a damaged creature", "each Red
 * card") and a tail before a comma or a period ("... this turn.", "..., twice,"), one of each list per place, turned by
 * `--seed` (session 36 found "two or more Vampire cards in your hand" read as the hand's size this way).
 *
 * Columns: game, the change, the variant, the corpus sentence. A few minutes per game on a quiet machine; the variants
 * are lowered in workspaces of 400 cards (one workspace of 10,000 was many times slower).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { irShape, parseCorpus, probeCards } from "../test/compiler/probe.ts";

const dir = path.join(import.meta.dirname, "..", "test/fixtures/corpus");

/** Each word and the words of other meaning put in its place (the first letter's case follows the sentence). */
const SUBSTITUTES: Record<string, string[]> = {
  your: ["their", "an opponent's", "each player's", "target player's"],
  their: ["your"],
  you: ["each opponent", "target player", "each player"],
  opponent: ["player"],
  opponents: ["players"],
  player: ["opponent"],
  players: ["opponents"],
  each: ["target", "another", "a"],
  target: ["each", "another target", "a"],
  a: ["each", "target"],
  an: ["each", "target"],
  another: ["a", "each"],
  other: ["enemy", "allied", "exhausted"],
  gain: ["lose"],
  gains: ["loses"],
  lose: ["gain"],
  loses: ["gains"],
  draw: ["discard"],
  draws: ["discards"],
  discard: ["draw"],
  discards: ["draws"],
  attacks: ["blocks", "dies"],
  blocks: ["attacks"],
  attack: ["block"],
  block: ["attack"],
  enters: ["leaves"],
  dies: ["attacks"],
  destroyed: ["exhausted", "returned to its owner's hand"],
  start: ["end"],
  end: ["start"],
  beginning: ["end"],
  more: ["less", "fewer"],
  less: ["more"],
  fewer: ["more"],
  most: ["least"],
  least: ["most"],
  greatest: ["least"],
  highest: ["lowest"],
  lowest: ["highest"],
  exhausted: ["ready"],
  ready: ["exhausted"],
  exhaust: ["ready"],
  "can't": ["can"],
  cannot: ["can"],
  hand: ["deck", "graveyard", "discard pile"],
  graveyard: ["hand", "deck"],
  deck: ["hand"],
  power: ["life"],
  life: ["power"],
  enemy: ["allied"],
  allied: ["enemy"],
  control: ["own"],
  controls: ["owns"],
  first: ["second", "last"],
  next: ["last"],
  "+1": ["-1", "+2"],
  "-1": ["+1"],
  "1": ["2", "3"],
  "2": ["1", "3"],
  "3": ["2", "4"],
  "4": ["3"],
  "5": ["4"],
  one: ["two"],
  two: ["three", "one"],
  three: ["two"],
  all: ["any"],
  any: ["all"],
  only: ["also"],
  and: ["or"],
  or: ["and"],
  if: ["unless"],
  unless: ["if"],
};

/** Words put before a card noun, and the nouns they go before. */
const QUALIFIERS = ["damaged", "exhausted", "non-token", "attacking", "Red", "untapped", "blocking", "other", "legendary", "enchanted", "face-down"];
const CARD_NOUN = /^(cards?|creatures?|units?|spells?|permanents?|Vampires?|relics?|tokens?)$/i;
/** Tails put before a comma or a period. */
const TAILS = ["this turn", "twice", "at random", "if able", "during your turn", "until end of turn", "for each creature you control", "instead", "again", "unless you pay 2 life", "in combat", "from your hand"];

const args = process.argv.slice(2);
const insert = args.includes("--insert");
const seedAt = args.indexOf("--seed");
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 0;
const gameArg = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--seed");
const games = gameArg ? [gameArg] : ["duel", "cybervamp", "chromatic"];

/** The sentence with one word replaced (`SUBSTITUTES`), each way. */
function substitutions(sentence: string): { text: string; change: string }[] {
  const out: { text: string; change: string }[] = [];
  const words = sentence.split(" ");
  words.forEach((word, j) => {
    const [, bare, punctuation] = /^(.*?)([.,:;]?)$/.exec(word)!;
    for (const other of SUBSTITUTES[bare!.toLowerCase()] ?? []) {
      const capital = bare![0] !== bare![0]!.toLowerCase();
      const next = [...words];
      next[j] = (capital ? other[0]!.toUpperCase() + other.slice(1) : other) + punctuation;
      out.push({ text: next.join(" "), change: `${bare} → ${other}` });
    }
  });
  return out;
}

/** The sentence with one qualifier or tail added, one per place, chosen by the place and the seed. */
function insertions(sentence: string): { text: string; change: string }[] {
  const out: { text: string; change: string }[] = [];
  const words = sentence.split(" ");
  words.forEach((word, j) => {
    const [, bare, punctuation] = /^(.*?)([.,:;]?)$/.exec(word)!;
    if (CARD_NOUN.test(bare!) && j > 0) {
      const q = QUALIFIERS[(j + seed) % QUALIFIERS.length]!;
      const next = [...words];
      next[j] = `${q} ${word}`;
      out.push({ text: next.join(" "), change: `+${q}` });
    }
    if (punctuation === "." || punctuation === ",") {
      const t = TAILS[(j + seed) % TAILS.length]!;
      const next = [...words];
      next[j] = `${bare} ${t}${punctuation}`;
      out.push({ text: next.join(" "), change: `+${t}` });
    }
  });
  return out;
}

/** probeCards over workspaces of at most 400 cards. */
function probeInChunks(game: string, cards: { kind: string; text: string }[]): ReturnType<typeof probeCards> {
  const out: ReturnType<typeof probeCards> = [];
  for (let i = 0; i < cards.length; i += 400) out.push(...probeCards(game, cards.slice(i, i + 400)));
  return out;
}
for (const file of readdirSync(dir).filter((f) => f.endsWith(".corpus")).sort()) {
  const game = file.split(".")[0]!;
  if (!games.includes(game)) continue;
  const entries = parseCorpus(readFileSync(path.join(dir, file), "utf8"), file).filter((e) => !e.problems.length && !e.sentence.includes("\n"));
  const original = probeInChunks(game, entries.map((e) => ({ kind: e.kind, text: e.sentence })));
  const variants: { kind: string; text: string; of: number; change: string }[] = [];
  entries.forEach((entry, i) => {
    if (original[i]!.problems.length) return;
    for (const v of (insert ? insertions : substitutions)(entry.sentence)) variants.push({ kind: entry.kind, text: v.text, of: i, change: v.change });
  });
  const probes = probeInChunks(game, variants);
  variants.forEach((v, k) => {
    const p = probes[k]!;
    if (p.problems.length || !p.abilities.length) return;
    if (JSON.stringify(irShape(p.abilities)) === JSON.stringify(irShape(original[v.of]!.abilities))) console.log([game, v.change, v.text, entries[v.of]!.sentence].join("\t"));
  });
  console.error(`${file}: ${entries.length} sentences, ${variants.length} variants`);
}
