/**
 * Scenario files: set up a board, act, expect. Tokenised with the shared lexer (grammar/lexer.ts);
 * statements are line-based (a line, or `;`-separated parts of a line), which keeps the format
 * readable for designers and lets every failure point at its line. A file may hold several
 * scenarios, each starting with `scenario "<name>" for <game>`. The full grammar is in
 * docs/language.md, section 3. Parsing never throws: problems come back as diagnostics.
 */
import type { IToken } from "chevrotain";
import { tokenize } from "./lexer.ts";
import { LineMap, type Diagnostic, type Range } from "../compiler/diagnostics.ts";
import { diagnostic } from "../compiler/messages.ts";

export interface CardList {
  /** Card names with repeats expanded (`"Scout" x3` → three entries). */
  names: string[];
  range: Range;
}

export interface SetupSpec {
  turn?: number;
  active?: string;
  phase?: string;
  /** The line that names the phase (`turn 3 p1 phase Renew`), for errors about it. */
  phaseLine?: number;
  seed?: number;
  /** `new game`: start from the game's own opening (shuffle, opening hands, turn 1) with the decks given. */
  newGame?: boolean;
  /** `p1 life 10` */
  life: { player: string; value: number; range: Range }[];
  /** `p1 Crystal 2` (a resource) or `p1 Bleed 3` (a player counter). */
  amounts: { player: string; name: string; value: number; range: Range }[];
  /** `p1 field: "Scout", "Stone Guard" x2` */
  zones: { player: string; zone: string; cards: CardList; range: Range }[];
  /**
   * The state of a card set up in play, in the words of an expectation:
   * `"Stone Guard" power counters 2`, `p2's "Scout" is exhausted`, `"Scout" damage 1`.
   */
  cards: CardSetup[];
  range: Range;
}

export interface CardSetup {
  card: string;
  /** `p2's "Scout"`: the one p2 controls. */
  controller?: string;
  counters?: { name: string; value: number };
  exhausted?: boolean;
  overexhausted?: boolean;
  damage?: number;
  range: Range;
}

/** A card by name (`"Scout"`, or `p2's "Scout"`: the one p2 controls), or a player. */
export type TargetRef = { card: string; controller?: string } | { player: string };

export type ScenarioAction =
  | { kind: "play"; player: string; card: string; targets: TargetRef[]; discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] }
  | { kind: "activate"; player: string; card: string; ability: number; targets: TargetRef[]; discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] }
  | { kind: "attack"; player: string; attacker: string; target: TargetRef }
  | { kind: "defend"; player: string; card: string }
  /** A move of a game mechanic: `p1 harvests "Seer" [replacing "Insight"]`, `p1 shatters "Seer"`, `p1 switches "Ember Aura" to Blue`. */
  | { kind: "move"; player: string; move: string; card: string; other?: string; color?: string }
  | { kind: "choose"; player: string; cards?: string[]; target?: TargetRef; yes?: boolean; mode?: number; modeText?: string; trigger?: string }
  | { kind: "pass"; player: string }
  | { kind: "end"; player: string };

export type Expectation =
  | { kind: "life"; player: string; value: number }
  | { kind: "amount"; player: string; name: string; value: number }
  | { kind: "zone"; player: string; zone: string; cards: string[]; mode: "exactly" | "has" | "lacks" }
  | { kind: "zone_count"; player: string; zone: string; value: number }
  | { kind: "stat"; card: string; stat: string; value: number }
  | { kind: "counters"; card: string; counter: string; value: number }
  | { kind: "event"; event: string; card?: string; times?: number; negate: boolean }
  | { kind: "order"; items: { event: string; card?: string }[] }
  | { kind: "winner"; player: string | "none" | "draw" }
  | { kind: "turn"; value: number }
  | { kind: "phase"; value: string }
  | { kind: "active"; player: string }
  | { kind: "defender"; card: string; negate: boolean }
  /** `expect "Sparkmage" is exhausted` / `is ready` (in any zone: a Facet card, a creature). */
  | { kind: "exhausted"; card: string; value: boolean; over?: boolean }
  | { kind: "deck_violations"; codes: string[] };

export type ScenarioStep =
  | { kind: "action"; action: ScenarioAction; refused?: string; range: Range; line: number }
  | { kind: "expect"; expect: Expectation; range: Range; line: number };

export interface Scenario {
  name: string;
  game: string;
  file: string;
  range: Range;
  line: number;
  setup: SetupSpec;
  steps: ScenarioStep[];
  /** `deck: "A" x3, ...` lines checked against deck construction (`expect deck ok` / `expect deck violations ...`). */
  deck?: CardList;
}

export interface ScenarioFile {
  file: string;
  scenarios: Scenario[];
  diagnostics: Diagnostic[];
}

interface Line {
  tokens: IToken[];
  range: Range;
  line: number;
}

const lowerImage = (t: IToken | undefined) => (t ? t.image.toLowerCase() : "");
const isString = (t: IToken | undefined) => t?.tokenType.name === "StringLiteral";
const unquote = (image: string) => image.slice(1, -1).replace(/\\(.)/g, "$1");
const isPlayer = (t: IToken | undefined) => /^p\d+$/i.test(t?.image ?? "");
const isNumber = (t: IToken | undefined) => t?.tokenType.name === "NumberLiteral";

/** The most cards one scenario list may name (`"Arc Bolt" x999999999` is refused, not built), and the most repeats of a step. */
export const MAX_LISTED_COPIES = 1000;

class ParseError extends Error {
  constructor(
    message: string,
    readonly token?: IToken,
  ) {
    super(message);
  }
}

/** Reads tokens of one statement left to right. */
class Cursor {
  i = 0;
  constructor(readonly tokens: IToken[]) {}
  peek(offset = 0): IToken | undefined {
    return this.tokens[this.i + offset];
  }
  next(): IToken | undefined {
    return this.tokens[this.i++];
  }
  done(): boolean {
    return this.i >= this.tokens.length;
  }
  word(...words: string[]): boolean {
    if (words.includes(lowerImage(this.peek()))) {
      this.i++;
      return true;
    }
    return false;
  }
  expectWord(...words: string[]): string {
    const t = this.next();
    if (!t || !words.includes(lowerImage(t))) throw new ParseError(`expected ${words.map((w) => `"${w}"`).join(" or ")}${t ? `, found "${t.image}"` : " at the end of the line"}`, t);
    return lowerImage(t);
  }
  player(): string {
    const t = this.next();
    if (!isPlayer(t)) throw new ParseError(`expected a player (p1, p2)${t ? `, found "${t.image}"` : ""}`, t);
    return lowerImage(t);
  }
  number(): number {
    const t = this.next();
    if (!isNumber(t)) {
      const words: Record<string, number> = { once: 1, twice: 2, one: 1, two: 2, three: 3, four: 4, five: 5, zero: 0, no: 0 };
      if (t && words[lowerImage(t)] !== undefined) return words[lowerImage(t)]!;
      throw new ParseError(`expected a number${t ? `, found "${t.image}"` : ""}`, t);
    }
    return Number(t!.image);
  }
  string(what = "a card name in quotes"): string {
    const t = this.next();
    if (!isString(t)) throw new ParseError(`expected ${what}${t ? `, found "${t.image}"` : ""}`, t);
    return unquote(t!.image);
  }
  /** `"A", "B" x2` */
  cardList(): string[] {
    const names: string[] = [];
    while (isString(this.peek())) {
      const name = this.string();
      let times = 1;
      const t = this.peek();
      if (t && /^x\d+$/i.test(t.image)) {
        times = Number(t.image.slice(1));
        this.i++;
      } else if (lowerImage(t) === "x" && isNumber(this.peek(1))) {
        this.i++;
        times = this.number();
      }
      // A count is data: bounded before any list of that length is built.
      if (!Number.isSafeInteger(times) || times < 0 || names.length + times > MAX_LISTED_COPIES) throw new ParseError(`at most ${MAX_LISTED_COPIES} cards in one list; this one asks for ${names.length + times}`, t);
      for (let k = 0; k < times; k++) names.push(name);
      if (lowerImage(this.peek()) === ",") this.i++;
      else break;
    }
    return names;
  }
  target(): TargetRef {
    const owned = /^(p\d+)'s$/i.exec(this.peek()?.image ?? "");
    if (owned) {
      this.i++;
      return { card: this.string("a card name after the player's"), controller: owned[1]!.toLowerCase() };
    }
    if (isPlayer(this.peek())) return { player: this.player() };
    return { card: this.string("a card name or a player") };
  }
  rest(): string {
    return this.tokens.slice(this.i).map((t) => t.image).join(" ");
  }
}

export function parseScenarioFile(text: string, file: string): ScenarioFile {
  const diagnostics: Diagnostic[] = [];
  const lines = new LineMap(text);
  const lexed = tokenize(text);
  for (const e of lexed.errors) diagnostics.push(diagnostic("CW5001", file, lines.range(e.offset, e.offset + e.length), { text: text.slice(e.offset, e.offset + e.length) }));
  // Group into lines, then split at `;`.
  const statements: Line[] = [];
  let current: IToken[] = [];
  let currentLine = -1;
  const flush = () => {
    if (current.length) {
      const first = current[0]!;
      const last = current[current.length - 1]!;
      statements.push({ tokens: current, range: lines.range(first.startOffset, last.startOffset + last.image.length), line: lines.position(first.startOffset).line });
    }
    current = [];
  };
  for (const token of lexed.tokens) {
    const line = lines.position(token.startOffset).line;
    if (line !== currentLine) {
      flush();
      currentLine = line;
    }
    if (token.tokenType.name === "Semicolon") flush();
    else current.push(token);
  }
  flush();

  const scenarios: Scenario[] = [];
  let scenario: Scenario | undefined;
  let inSetup = false;
  const rangeOf = (t: IToken | undefined, fallback: Range) => (t && t.startOffset >= 0 ? lines.range(t.startOffset, t.startOffset + t.image.length) : fallback);
  for (const st of statements) {
    const c = new Cursor(st.tokens);
    try {
      const head = lowerImage(c.peek());
      if (head === "scenario") {
        c.next();
        const name = c.string("the scenario's name in quotes");
        c.expectWord("for");
        const game = lowerImage(c.next());
        scenario = { name, game, file, range: st.range, line: st.line, setup: { life: [], amounts: [], zones: [], cards: [], range: st.range }, steps: [] };
        scenarios.push(scenario);
        inSetup = false;
        continue;
      }
      if (!scenario) throw new ParseError(`a scenario file starts with: scenario "<name>" for <game>`, c.peek());
      if (head === "setup") {
        c.next();
        if (lowerImage(c.peek()) === "{") c.next();
        inSetup = true;
        scenario.setup.range = st.range;
        if (c.done()) continue;
      }
      if (inSetup) {
        if (lowerImage(c.peek()) === "}") {
          inSetup = false;
          c.next();
          if (!c.done()) throw new ParseError(`unexpected "${c.rest()}" after the end of setup`, c.peek());
          continue;
        }
        parseSetupStatement(c, scenario, st.range);
        if (lowerImage(c.peek()) === "}") {
          inSetup = false;
          c.next();
        }
        if (!c.done()) throw new ParseError(`unexpected "${c.rest()}"`, c.peek());
        continue;
      }
      if (head === "deck") {
        c.next();
        if (lowerImage(c.peek()) === ":") c.next();
        scenario.deck = { names: c.cardList(), range: st.range };
        continue;
      }
      if (head === "expect") {
        c.next();
        scenario.steps.push({ kind: "expect", expect: parseExpectation(c), range: st.range, line: st.line });
      } else {
        const action = parseAction(c);
        let refused: string | undefined;
        if (c.word("refused")) refused = lowerImage(c.next()) || "any";
        scenario.steps.push({ kind: "action", action, ...(refused ? { refused } : {}), range: st.range, line: st.line });
      }
      if (!c.done()) throw new ParseError(`unexpected "${c.rest()}"`, c.peek());
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      diagnostics.push(diagnostic("CW5002", file, rangeOf(error.token, st.range), { detail: error.message }));
    }
  }
  if (scenarios.length === 0 && diagnostics.length === 0) diagnostics.push(diagnostic("CW5002", file, lines.range(0, 0), { detail: 'a scenario file starts with: scenario "<name>" for <game>' }));
  // Like the checker, keep a file's report readable: the first problems, then a count of the rest.
  if (diagnostics.length > MAX_DIAGNOSTICS) {
    const rest = diagnostics.length - MAX_DIAGNOSTICS;
    const last = diagnostics[MAX_DIAGNOSTICS - 1]!;
    diagnostics.length = MAX_DIAGNOSTICS;
    diagnostics.push(diagnostic("CW5002", file, last.range, { detail: `${rest} more problems in this file are not shown` }));
  }
  return { file, scenarios, diagnostics };
}

const MAX_DIAGNOSTICS = 200;

function parseSetupStatement(c: Cursor, scenario: Scenario, range: Range): void {
  const setup = scenario.setup;
  if (c.word("turn")) {
    setup.turn = c.number();
    if (isPlayer(c.peek())) setup.active = c.player();
    if (c.word("phase")) {
      setup.phase = c.next()?.image;
      setup.phaseLine = range.start.line;
    }
    return;
  }
  if (c.word("seed")) {
    setup.seed = c.number();
    return;
  }
  if (c.word("new")) {
    // `new game`: shuffle the decks set up below, deal opening hands and start turn 1 as a real game does.
    c.expectWord("game");
    setup.newGame = true;
    return;
  }
  if (c.word("phase")) {
    setup.phase = c.next()?.image;
    setup.phaseLine = range.start.line;
    return;
  }
  if (isString(c.peek()) || /^p\d+'s$/i.test(c.peek()?.image ?? "")) {
    setup.cards.push(parseCardSetup(c, range));
    return;
  }
  const player = c.player();
  if (c.word("life")) {
    setup.life.push({ player, value: c.number(), range });
    return;
  }
  // `p1 field: ...` (colon) is a zone; `p1 Crystal 2` is an amount.
  const nameTokens: IToken[] = [];
  while (!c.done() && lowerImage(c.peek()) !== ":" && !isNumber(c.peek())) nameTokens.push(c.next()!);
  const name = nameTokens.map((t) => t.image).join(" ");
  if (!name) throw new ParseError("expected a zone (p1 hand: ...), life, or a resource/counter amount", c.peek());
  if (c.word(":")) {
    setup.zones.push({ player, zone: name, cards: { names: c.cardList(), range }, range });
    return;
  }
  setup.amounts.push({ player, name, value: c.number(), range });
}

/** `"Stone Guard" power counters 2` · `p2's "Scout" is exhausted` · `"Scout" is overexhausted` · `"Scout" damage 1` */
function parseCardSetup(c: Cursor, range: Range): CardSetup {
  const ref = c.target();
  if (!("card" in ref)) throw new ParseError("expected a card name in quotes", c.peek());
  const out: CardSetup = { card: ref.card, ...(ref.controller ? { controller: ref.controller } : {}), range };
  if (c.word("is")) {
    if (c.word("exhausted")) out.exhausted = true;
    else if (c.word("overexhausted")) out.overexhausted = true;
    else throw new ParseError("expected exhausted or overexhausted", c.peek());
    return out;
  }
  if (c.word("damage")) {
    out.damage = c.number();
    return out;
  }
  const name = c.next();
  if (!name || !c.word("counters", "counter")) throw new ParseError(`expected: "<card>" <counter> counters <n>, "<card>" is exhausted, or "<card>" damage <n>`, name);
  out.counters = { name: name.image, value: c.number() };
  return out;
}

function parsePayment(c: Cursor, out: { targets: TargetRef[]; discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] }): void {
  for (;;) {
    if (c.word("target", "targets", "targeting")) {
      out.targets.push(c.target());
      while (lowerImage(c.peek()) === "," || lowerImage(c.peek()) === "and") {
        c.next();
        out.targets.push(c.target());
      }
    } else if (c.word("discard", "discarding")) out.discard.push(...c.cardList());
    else if (c.word("erase", "erasing")) out.erase.push(...c.cardList());
    else if (c.word("sacrifice", "sacrificing")) out.sacrifice.push(...c.cardList());
    // `exhausting "Gold Exchange", "Crimson Substation"`: the lands that pay the cost's symbols.
    else if (c.word("exhausting")) (out.lands ??= []).push(...c.cardList());
    else if (c.word("x")) {
      c.word("=");
      out.x = c.number();
    } else if (c.word("paying", "with")) continue;
    else return;
  }
}

function parseAction(c: Cursor): ScenarioAction {
  const player = c.player();
  const verb = c.expectWord("play", "plays", "attack", "attacks", "defend", "defends", "activate", "activates", "choose", "chooses", "pass", "passes", "end", "ends", "target", "targets", "order", "orders", "harvest", "harvests", "shatter", "shatters", "switch", "switches");
  switch (verb) {
    case "play":
    case "plays": {
      const card = c.string();
      const out = { targets: [] as TargetRef[], discard: [] as string[], erase: [] as string[], sacrifice: [] as string[] } as { targets: TargetRef[]; discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] };
      parsePayment(c, out);
      return { kind: "play", player, card, ...out };
    }
    case "activate":
    case "activates": {
      const card = c.string();
      let ability = 1;
      if (c.word("ability")) ability = c.number();
      const out = { targets: [] as TargetRef[], discard: [] as string[], erase: [] as string[], sacrifice: [] as string[] } as { targets: TargetRef[]; discard: string[]; erase: string[]; sacrifice: string[]; x?: number; lands?: string[] };
      parsePayment(c, out);
      return { kind: "activate", player, card, ability, ...out };
    }
    case "attack":
    case "attacks": {
      const target = c.target();
      c.expectWord("with");
      const attacker = c.string("the attacking card's name");
      return { kind: "attack", player, attacker, target };
    }
    case "defend":
    case "defends":
      c.word("with");
      return { kind: "defend", player, card: c.string() };
    case "harvest":
    case "harvests": {
      const card = c.string();
      return c.word("replacing") ? { kind: "move", player, move: "harvest", card, other: c.string("the replaced Facet card's name") } : { kind: "move", player, move: "harvest", card };
    }
    case "shatter":
    case "shatters":
      return { kind: "move", player, move: "shatter", card: c.string() };
    case "switch":
    case "switches": {
      const card = c.string();
      c.word("to");
      const color = c.next()?.image;
      if (!color) throw new ParseError("expected the colour to switch to", c.peek());
      return { kind: "move", player, move: "switch", card, color };
    }
    case "pass":
    case "passes":
      return { kind: "pass", player };
    case "end":
    case "ends":
      c.word("turn", "phase", "the");
      c.word("turn", "phase");
      return { kind: "end", player };
    case "target":
    case "targets":
      return { kind: "choose", player, target: c.target() };
    case "order":
    case "orders":
      return { kind: "choose", player, trigger: c.string() };
    default: {
      if (c.word("yes")) return { kind: "choose", player, yes: true };
      if (c.word("no")) return { kind: "choose", player, yes: false };
      if (c.word("mode")) return isString(c.peek()) ? { kind: "choose", player, modeText: c.string("the mode's text in quotes") } : { kind: "choose", player, mode: c.number() };
      if (c.word("target")) return { kind: "choose", player, target: c.target() };
      if (c.word("nothing")) return { kind: "choose", player, cards: [] };
      return { kind: "choose", player, cards: c.cardList() };
    }
  }
}

function parseTimes(c: Cursor): number | undefined {
  if (c.word("once")) return 1;
  if (c.word("twice")) return 2;
  if (isNumber(c.peek()) && ["times", "time"].includes(lowerImage(c.peek(1)))) {
    const at = c.peek();
    const n = c.number();
    if (!Number.isSafeInteger(n) || n < 0 || n > MAX_LISTED_COPIES) throw new ParseError(`repeat a step at most ${MAX_LISTED_COPIES} times`, at);
    c.next();
    return n;
  }
  return undefined;
}

function parseExpectation(c: Cursor): Expectation {
  if (c.word("no")) {
    c.expectWord("event", "events");
    const event = lowerImage(c.next());
    const card = isString(c.peek()) ? c.string() : undefined;
    return { kind: "event", event, ...(card ? { card } : {}), negate: true };
  }
  if (c.word("event")) {
    const event = lowerImage(c.next());
    const card = isString(c.peek()) ? c.string() : undefined;
    const times = parseTimes(c);
    return { kind: "event", event, ...(card ? { card } : {}), ...(times !== undefined ? { times } : {}), negate: false };
  }
  if (c.word("order")) {
    c.word(":");
    const items: { event: string; card?: string }[] = [];
    while (!c.done()) {
      const event = lowerImage(c.next());
      const card = isString(c.peek()) ? c.string() : undefined;
      items.push({ event, ...(card ? { card } : {}) });
      if (!c.word(",", "then")) break;
    }
    return { kind: "order", items };
  }
  if (c.word("winner")) {
    if (c.word("none")) return { kind: "winner", player: "none" };
    if (c.word("draw")) return { kind: "winner", player: "draw" };
    return { kind: "winner", player: c.player() };
  }
  if (c.word("turn")) return { kind: "turn", value: c.number() };
  if (c.word("phase")) return { kind: "phase", value: c.next()?.image ?? "" };
  if (c.word("active")) return { kind: "active", player: c.player() };
  if (c.word("deck")) {
    if (c.word("ok", "legal")) return { kind: "deck_violations", codes: [] };
    c.expectWord("violations", "violation");
    c.word(":");
    const codes: string[] = [];
    while (!c.done()) {
      codes.push(lowerImage(c.next()));
      c.word(",");
    }
    return { kind: "deck_violations", codes };
  }
  if (isString(c.peek())) {
    const card = c.string();
    if (c.word("is")) {
      const negate = c.word("not");
      if (c.word("exhausted")) return { kind: "exhausted", card, value: !negate };
      if (c.word("ready", "renewed")) return { kind: "exhausted", card, value: negate };
      if (c.word("overexhausted")) return { kind: "exhausted", card, value: !negate, over: true };
      c.expectWord("defender", "defending", "a");
      c.word("defender");
      return { kind: "defender", card, negate };
    }
    const name = lowerImage(c.next());
    if (c.word("counters", "counter")) return { kind: "counters", card, counter: name, value: c.number() };
    return { kind: "stat", card, stat: name, value: c.number() };
  }
  const player = c.player();
  if (c.word("life")) return { kind: "life", player, value: c.number() };
  const nameTokens: IToken[] = [];
  while (!c.done() && ![":", "has", "lacks", "count"].includes(lowerImage(c.peek())) && !isNumber(c.peek())) nameTokens.push(c.next()!);
  const name = nameTokens.map((t) => t.image).join(" ");
  if (c.word(":")) return { kind: "zone", player, zone: name, cards: c.cardList(), mode: "exactly" };
  if (c.word("has")) return { kind: "zone", player, zone: name, cards: c.cardList(), mode: "has" };
  if (c.word("lacks")) return { kind: "zone", player, zone: name, cards: c.cardList(), mode: "lacks" };
  if (c.word("count")) return { kind: "zone_count", player, zone: name, value: c.number() };
  return { kind: "amount", player, name, value: c.number() };
}
