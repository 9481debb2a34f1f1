/**
 * Scenario files: set up a board, act, expect. Tokenised with the shared lexer (grammar/lexer.ts);
 * statements are line-based (a line, or `;`-separated parts of a line), which keeps the format
 * readable for designers and lets every failure point at its line. A file may hold several
 * scenarios, each starting with `scenario "<name>" for <game>`. The full grammar is in
 * docs/language.md, section 3. Parsing never throws: problems come back as syntax errors, and a
 * line that cannot be read is also kept on its scenario (`unreadable`), so that scenario fails.
 *
 * This is syntax only: every name a line uses (cards, zones, stats, event kinds, ...) is listed in
 * `Scenario.names` with its role and range, and resolved against the game by the compiler's
 * scenario checker (compiler/scenario.ts), which `check`, the studio and the runner all call.
 */
import type { IToken } from "chevrotain";
import { tokenize } from "./lexer.ts";
import { LineMap, type Range } from "./source.ts";

/** `refused` with no code (or `refused any`): any refusal would meet it, so the checker refuses the line (CW7008). */
export const ANY_REFUSAL = "any";

export interface CardList {
  /** Card names with repeats expanded (`"Scout" x3` → three entries). */
  names: string[];
  range: Range;
}

/**
 * One card, named: `"Scout"`; `p2's "Scout"` (the one p2 controls); `"Seer" copy 2` (the second
 * card of that name, counting the setup's zone lines in the order written, top of a zone first,
 * then the cards made during the game in the order they are made).
 */
export interface CardRef {
  card: string;
  controller?: string;
  copy?: number;
  /**
   * `expect "A" power counters 0 in Discard Pile`: the zone the card is read in, said by an expectation of a card's
   * state (stat, damage, counters, exhausted, defender) about a card out of play — only there is it written.
   */
  zone?: string;
}

/**
 * A cost as a card's `cost:` line writes it: `free`, cost symbols (`{R}{R}{1}`), `N` (the game's first resource),
 * `N <resource>`, `N life`, `discard N`, `erase N` — in any order, several together (`1 life, 1 Crystal`).
 */
export interface CostWords {
  symbols: string[];
  /** `N` (no resource: the game's first), `N Crystals`; `X Crystals` (`x`: the amount the player chooses, as on a card's `cost:` line). */
  resources: { amount: number; x?: true; resource?: string }[];
  life?: number;
  /** `X life`. */
  xLife?: true;
  discard?: number;
  erase?: number;
}

/** A card (see CardRef) or a player. */
export type TargetRef = CardRef | { player: string };

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
  /** `p1 Crystal 2` (a resource, capacity and available alike) or `p1 Bleed 3` (a player counter). */
  amounts: { player: string; name: string; value: number; range: Range }[];
  /** `p1 Mana capacity 4`: a resource's capacity alone (its available amount is set by `p1 Mana N`). */
  capacities: { player: string; name: string; value: number; range: Range }[];
  /** `p1 field: "Scout", "Stone Guard" x2` */
  zones: { player: string; zone: string; cards: CardList; range: Range }[];
  /**
   * The state of a card set up, in the words of an expectation: `"Stone Guard" power counters 2`,
   * `p2's "Scout" is exhausted`, `"Scout" damage 1`, `"Seer" copy 2 is exhausted`.
   */
  cards: CardSetup[];
  range: Range;
}

export interface CardSetup extends CardRef {
  counters?: { name: string; value: number };
  exhausted?: boolean;
  overexhausted?: boolean;
  /** `"Stone Guard" is defender` (Three-Slot Duel): a unit made a defender before the board's moment, as `defend` makes one. */
  defender?: boolean;
  damage?: number;
  range: Range;
}

interface Payment {
  /** `mode 2` / `mode "Draw a card"`: the mode of a "Choose one —" chosen as it is cast (a number counts from 1). */
  mode?: number;
  modeText?: string;
  targets: TargetRef[];
  discard: string[];
  erase: string[];
  sacrifice: string[];
  x?: number;
  lands?: string[];
}

export type ScenarioAction =
  | ({ kind: "play"; player: string; card: CardRef } & Payment)
  | ({ kind: "activate"; player: string; card: CardRef; ability: number } & Payment)
  | { kind: "attack"; player: string; attacker: CardRef; target: TargetRef }
  | { kind: "defend"; player: string; card: CardRef }
  /** `p2 block "Neon Ripper" with "Chrome Sentinel"[, "X"]`: part of a blockers declaration (consecutive block lines are one declaration). */
  | { kind: "block"; player: string; attacker: CardRef; blockers: CardRef[] }
  /** A move of a game mechanic: `p1 harvests "Seer" [replacing "Insight"]`, `p1 shatters "Seer"`, `p1 switches "Ember Aura" to Blue`. */
  | { kind: "move"; player: string; move: string; card: CardRef; other?: CardRef; color?: string }
  /** `order "X" ability N`: which of X's noted triggers, by its place among X's printed triggered abilities (1-based). */
  /** `amount`: an answer to a choice of an amount (`p1 chooses 2`: how much damage to a blocker, how many cards of "up to"), the number itself. */
  /** `declares`: the line was written as a declaration of no attackers or blockers (`p1 attacks with nothing`, `p2 blocks nothing`), not `choose nothing`. */
  | { kind: "choose"; player: string; cards?: string[]; target?: TargetRef; yes?: boolean; mode?: number; modeText?: string; trigger?: CardRef; ability?: number; refs?: CardRef[]; amount?: number; declares?: "attackers" | "blockers" }
  | { kind: "pass"; player: string }
  /** `p1 end turn` / `end phase` / `end`: the player ends the current phase; `turn` is kept to hold the line to it (runtime/scenario.ts). */
  | { kind: "end"; player: string; turn?: boolean };

/**
 * A trace event an expectation looks for: its kind, and the card or player it is about — of `damage`, the card or
 * player dealt it — and, of damage to a player, the card that dealt it (`damage p2 by "Blood Broker"`).
 */
export interface EventPattern {
  event: string;
  card?: CardRef;
  player?: string;
  by?: CardRef;
  /** Of `damage`, the damage that one event dealt (`damage p2 3`). */
  amount?: number;
}

/** A stack item an expectation looks for: its card, who controls it, what it targets. */
export interface StackPattern {
  card: string;
  by?: string;
  targets?: TargetRef[];
}

export type Expectation =
  | { kind: "life"; player: string; value: number }
  /** `p1 Crystal 2` · `p2 Bleed 3` · `p1 Mana capacity 4` (capacity, not what is available) · `p1 temporary Red 1`. */
  | { kind: "amount"; player: string; name: string; value: number; capacity?: boolean; temporary?: boolean }
  | { kind: "zone"; player: string; zone: string; cards: string[]; mode: "exactly" | "has" | "lacks" }
  | { kind: "zone_count"; player: string; zone: string; value: number }
  /** `remaining`: the stat less the damage marked on the card (`expect "X" remaining defense 1`: what is left of its Defense). */
  | { kind: "stat"; card: CardRef; stat: string; value: number; remaining?: true }
  /** `"Scout" damage 2`: the damage marked on a card (the setup form's twin). */
  | { kind: "damage"; card: CardRef; value: number }
  | { kind: "counters"; card: CardRef; counter: string; value: number }
  /**
   * `expect "Quick Bolt" cost 1` · `cost {R}{1}` · `cost 2 Crystals` · `cost free`: what playing the card from its owner's
   * hand costs now (its printed cost changed by the cost statics in effect), written as a card's `cost:` line.
   */
  | { kind: "cost"; card: CardRef; cost: CostWords }
  | { kind: "event"; pattern: EventPattern; times?: number }
  | { kind: "order"; items: EventPattern[] }
  /** `one event: damage p1, destroyed "Ember Blade"`: all of these happen together, nothing resolving, firing or being decided between them. */
  | { kind: "one_event"; items: EventPattern[] }
  | { kind: "winner"; player: string | "none" | "draw" }
  | { kind: "turn"; value: number }
  | { kind: "phase"; value: string }
  | { kind: "active"; player: string }
  /** `p2 to act`: the player the game waits for now — the one a pending choice asks, else the one holding priority in a response window, else the active player. */
  | { kind: "to_act"; player: string }
  | { kind: "defender"; card: CardRef }
  /**
   * `"Seer" has Flying` · `"Seer" has no Taunt` · `"Seer" lacks Taunt` · `"Night Stalker" has Bleed 2`: a keyword ability
   * the card has now (printed or granted, and not lost); with an amount, that amount of it (every instance added up).
   */
  | { kind: "keyword"; card: CardRef; keyword: string; amount?: number }
  /** `"Sparkmage" is exhausted` (value true) / `is ready` (false) / `is overexhausted` (over); in any zone (a Facet card, a creature). */
  | { kind: "exhausted"; card: CardRef; value: boolean; over?: boolean }
  /** `"Neon Ripper" is newly turned` (CYBERVAMP: it entered play since its controller's turn began, and has no Haste). */
  | { kind: "newly_turned"; card: CardRef }
  /** `"Ember Aura" active Red` · `active ability Blue`: which of an enchantment's colour abilities is the active one (Chromatic Battlelines 15.2). */
  | { kind: "active_ability"; card: CardRef; color: string }
  | { kind: "deck_violations"; codes: string[] }
  /** `stack: "Drain", "Blood Rite", rule`: the items waiting to resolve, top first; `rule` is an item of the game's own rules (a phase ending, a rule trigger), which has no card. */
  | { kind: "stack"; items: (string | { rule: true })[] }
  | { kind: "stack_count"; value: number }
  /** `stack top "Drain" by p2 targeting p1's "Neon Ripper"` · `stack has "Blood Rite" by p1`. */
  | { kind: "stack_item"; top: boolean; item: StackPattern };

export type ScenarioStep =
  | { kind: "action"; action: ScenarioAction; refused?: string; range: Range; line: number }
  /** `negate`: `expect not ...` (and the sugar `no event`, `is not`): the expectation must not hold. */
  | { kind: "expect"; expect: Expectation; negate: boolean; range: Range; line: number };

/** The role of a name in a scenario line: what the checker looks it up as. */
export type NameRole =
  | "card"
  | "player"
  | "zone"
  /** A player amount: a resource or a player counter. */
  | "amount"
  /** A resource alone (`p1 Mana capacity 4`). */
  | "resource"
  /** What a temporary pool holds (`temporary Red`): a colour or a resource. */
  | "temporary"
  | "stat"
  /** A keyword ability of the game file (`keyword Flying`), as a card has it. */
  | "keyword"
  | "counter"
  | "event"
  | "phase"
  | "color"
  /** A cost symbol without its braces (`R` of `{R}`): one the game file declares, or a generic amount (`{2}`). */
  | "symbol"
  | "deck_code"
  | "refusal";

export interface NameUse {
  role: NameRole;
  text: string;
  range: Range;
  line: number;
}

export interface Scenario {
  name: string;
  game: string;
  gameRange: Range;
  file: string;
  range: Range;
  line: number;
  setup: SetupSpec;
  steps: ScenarioStep[];
  /** `deck: "A" x3, ...` lines checked against deck construction (`expect deck ok` / `expect deck violations ...`). */
  deck?: CardList;
  /** `covers: 16.1b, 5e, 17.1a-17.1f`: the rules-text clauses this scenario exercises (docs/games/<game>-coverage.md). */
  covers: { id: string; range: Range }[];
  /** Every name its lines use, in order, for the checker. */
  names: NameUse[];
  /** Lines of this scenario that could not be read: the scenario fails with them. */
  unreadable: { line: number; range: Range; detail: string; found?: string; options?: readonly string[]; suggestion?: string }[];
}

export interface ScenarioSyntaxError {
  /** `characters`: text that starts no token; `line`: a line that is no form of section 3. */
  kind: "characters" | "line";
  range: Range;
  /** The characters, or what was expected. */
  text: string;
  /** The word found where one of `options` was expected (the compiler suggests the closest). */
  found?: string;
  options?: readonly string[];
  /** What was meant, when the grammar knows it (`"Seer" exhausted` → `is exhausted`). */
  suggestion?: string;
}

export interface ParsedScenarios {
  file: string;
  scenarios: Scenario[];
  errors: ScenarioSyntaxError[];
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
const POSSESSIVE = /^(p\d+)['’]s$/i;

/** The most cards one scenario list may name (`"Arc Bolt" x999999999` is refused, not built), and the most repeats of a step. */
export const MAX_LISTED_COPIES = 1000;

class ParseError extends Error {
  constructor(
    message: string,
    readonly token?: IToken,
    /** The words that would have been read here (for "did you mean"). */
    readonly options?: readonly string[],
    /** What was meant, when it is known outright. */
    readonly suggestion?: string,
  ) {
    super(message);
  }
}

/** Reads tokens of one statement left to right, noting every name it reads. */
class Cursor {
  i = 0;
  constructor(
    readonly tokens: IToken[],
    readonly lines: LineMap,
    readonly line: number,
    readonly names: NameUse[],
  ) {}
  peek(offset = 0): IToken | undefined {
    return this.tokens[this.i + offset];
  }
  next(): IToken | undefined {
    return this.tokens[this.i++];
  }
  done(): boolean {
    return this.i >= this.tokens.length;
  }
  range(first: IToken, last: IToken = first): Range {
    return this.lines.range(first.startOffset, last.startOffset + last.image.length);
  }
  note(role: NameRole, text: string, first: IToken, last: IToken = first): void {
    this.names.push({ role, text, range: this.range(first, last), line: this.line });
  }
  /** The words tried at each position and not found there: what a line could have said where it went wrong (did you mean). */
  private readonly tried = new Map<number, string[]>();
  word(...words: string[]): boolean {
    if (words.includes(lowerImage(this.peek()))) {
      this.i++;
      return true;
    }
    if (this.peek()) this.tried.set(this.i, [...(this.tried.get(this.i) ?? []), ...words]);
    return false;
  }
  /** The rest of the line could not be read: said with the words that could have come here, for a "did you mean". */
  unexpected(after = ""): ParseError {
    // Words only, for a word: a number or a sign is no misspelling of `,` or `x`.
    const isWord = (w: string) => /^[a-z][a-z_-]+$/i.test(w);
    const options = isWord(this.peek()?.image ?? "") ? (this.tried.get(this.i) ?? []).filter(isWord) : [];
    return new ParseError(`unexpected "${this.rest()}"${after}`, this.peek(), options);
  }
  expectWord(...words: string[]): string {
    return this.expectOneOf(words.map((w) => `"${w}"`).join(" or "), words);
  }
  /** One of `words`, described as `what` when it is missing. */
  expectOneOf(what: string, words: readonly string[]): string {
    const t = this.next();
    if (!t || !words.includes(lowerImage(t))) throw new ParseError(`expected ${what}${t ? `, found "${t.image}"` : " at the end of the line"}`, t, words);
    return lowerImage(t);
  }
  player(): string {
    const t = this.next();
    if (!isPlayer(t)) throw new ParseError(`expected a player (p1, p2)${t ? `, found "${t.image}"` : ""}`, t);
    this.note("player", lowerImage(t), t!);
    return lowerImage(t);
  }
  number(): number {
    const t = this.next();
    // `power +2`, `life +4`: a signed amount is a change, and every number of a scenario line is a value (what the game
    // shows now, or how many). Read as 2 it would hold where the writer meant "2 more".
    if (isNumber(t) && t!.image.startsWith("+")) throw new ParseError(`"${t!.image}" reads as a change; this line states a value (what the game shows, or how many): write the number itself, ${t!.image.slice(1)}`, t);
    if (!isNumber(t)) {
      const words: Record<string, number> = { once: 1, twice: 2, one: 1, two: 2, three: 3, four: 4, five: 5, zero: 0, no: 0 };
      if (t && words[lowerImage(t)] !== undefined) return words[lowerImage(t)]!;
      throw new ParseError(`expected a number${t ? `, found "${t.image}"` : " at the end of the line"}`, t);
    }
    // A number token is read only as a numeral: a token the card language joins into a count (`at least 5`, one token of
    // its own there) would read as NaN, and a negated line about NaN holds whatever happened.
    const value = Number(t!.image);
    if (!Number.isFinite(value)) throw new ParseError(`expected a number, found "${t!.image}"`, t);
    return value;
  }
  /**
   * How many of something, or the how-manieth: cards in a zone, counters, a resource, damage, a turn, a mode. Below
   * `least` it is nothing the game can show, so the line could never hold — and negated it would hold whatever happened
   * (`expect not p1 hand count -1`).
   */
  count(least: 0 | 1, what: string): number {
    const t = this.peek();
    const n = this.number();
    if (n < least) throw new ParseError(`${what} ${least === 0 ? "is never negative" : "are counted from 1"}: ${n} is nothing the game can show`, t);
    return n;
  }
  /** A quoted card name; noted as a card unless `role` is null (a scenario's title, a mode's text). */
  string(what = "a card name in quotes", role: NameRole | null = "card"): string {
    const t = this.next();
    if (!isString(t)) throw new ParseError(`expected ${what}${t ? `, found "${t.image}"` : " at the end of the line"}`, t);
    const text = unquote(t!.image);
    if (role) this.note(role, text, t!);
    return text;
  }
  /** One word naming something of the game (a phase, a colour, an event kind, a code). */
  name(role: NameRole, what: string): string {
    const t = this.next();
    if (!t || isString(t) || isNumber(t) || [",", ":", ";"].includes(t.image)) throw new ParseError(`expected ${what}${t ? `, found "${t.image}"` : " at the end of the line"}`, t);
    this.note(role, t.image, t);
    return t.image;
  }
  /**
   * A phase name, of all the words left (`Post-Battle`; `Post Battle` is read whole, so the checker says "did you mean
   * Post-Battle" — session 34's probe got "unexpected "Battle"" and an unknown phase "Post").
   */
  phaseName(what: string): string {
    const stop = (t: IToken | undefined) => !t || isString(t) || isNumber(t) || [",", ":", ";"].includes(t.image);
    if (stop(this.peek())) return this.name("phase", what);
    const words: IToken[] = [];
    while (!stop(this.peek())) words.push(this.next()!);
    const text = words.map((t) => t.image).join(" ");
    this.note("phase", text, words[0]!, words[words.length - 1]!);
    return text;
  }
  /** Several words up to one of `stops` (or a number): a zone or an amount ("Facet Zone", "Land Deck"). */
  words(stops: string[]): IToken[] {
    const out: IToken[] = [];
    while (!this.done() && !stops.includes(lowerImage(this.peek())) && !isNumber(this.peek()) && !isString(this.peek())) out.push(this.next()!);
    return out;
  }
  /**
   * The copies after a card in a list (`x2`, `x 2`; 1 when none is written), for a list holding `listed` cards so far. A
   * count is data: bounded before any list of that length is built.
   */
  copies(listed: number): number {
    let times = 1;
    const t = this.peek();
    if (t && /^x\d+$/i.test(t.image)) {
      times = Number(t.image.slice(1));
      this.i++;
    } else if (lowerImage(t) === "x" && isNumber(this.peek(1))) {
      this.i++;
      times = this.number();
    }
    if (!Number.isSafeInteger(times) || times < 0 || listed + times > MAX_LISTED_COPIES) throw new ParseError(`at most ${MAX_LISTED_COPIES} cards in one list; this one asks for ${listed + times}`, t);
    return times;
  }
  /** `"A", "B" x2` */
  cardList(): string[] {
    const names: string[] = [];
    while (isString(this.peek())) {
      const name = this.string();
      const times = this.copies(names.length);
      for (let k = 0; k < times; k++) names.push(name);
      if (lowerImage(this.peek()) === ",") this.i++;
      else break;
    }
    return names;
  }
  /** A zone line's cards: a card list, or `none` / `empty` / `nothing` — no card, as the line with nothing after its colon. */
  zoneCards(): string[] {
    return this.word("none", "empty", "nothing") ? [] : this.cardList();
  }
  atCard(): boolean {
    return isString(this.peek()) || POSSESSIVE.test(this.peek()?.image ?? "");
  }
  /** `"Scout"` · `p2's "Scout"` · `"Seer" copy 2` */
  card(what = "a card name in quotes"): CardRef {
    const owned = POSSESSIVE.exec(this.peek()?.image ?? "");
    let controller: string | undefined;
    if (owned) {
      const t = this.next()!;
      controller = owned[1]!.toLowerCase();
      this.names.push({ role: "player", text: controller, range: this.lines.range(t.startOffset, t.startOffset + owned[1]!.length), line: this.line });
    }
    const card = this.string(owned ? "a card name after the player's" : what);
    let copy: number | undefined;
    if (lowerImage(this.peek()) === "copy" && isNumber(this.peek(1))) {
      this.i++;
      const t = this.peek();
      copy = this.count(1, "copies");
    }
    return { card, ...(controller ? { controller } : {}), ...(copy !== undefined ? { copy } : {}) };
  }
  target(): TargetRef {
    if (isPlayer(this.peek())) return { player: this.player() };
    return this.card("a card name or a player");
  }
  rest(): string {
    return this.tokens.slice(this.i).map((t) => t.image).join(" ");
  }
}

/** A clause id of a rules text (`16.1b`, `5e`, `17.1aa`), or a range of them in the text's order (`17.1a-17.1f`): see docs/games/README.md. */
export const CLAUSE_ID = /^\d+(?:\.\d+)*[a-z]+(?:-\d+(?:\.\d+)*[a-z]+)?$/;
/** A section's number alone (`7.4`, `16`): no clause, but read so that the checker can name the section's clauses. */
export const SECTION_ID = /^\d+(?:\.\d+)*$/;

export function parseScenarios(text: string, file: string): ParsedScenarios {
  const errors: ScenarioSyntaxError[] = [];
  const lines = new LineMap(text);
  const lexed = tokenize(text);
  for (const e of lexed.errors) errors.push({ kind: "characters", range: lines.range(e.offset, e.offset + e.length), text: text.slice(e.offset, e.offset + e.length) });
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
  /** A line before the first `scenario` header was said (once: the lines after it belong to no scenario either). */
  let headless = false;
  let inSetup = false;
  /** The line of the current scenario's `setup`, once it has one. */
  let setupLine: number | undefined;
  /** What the current setup has said, each with its value and line: a second value for the same thing is an error. */
  let said = new Map<string, { value: string; line: number }>();
  /** Where the lines of a second `setup` go: read (their names are checked) but never set up. */
  let discarded: Scenario | undefined;
  const rangeOf = (t: IToken | undefined, fallback: Range) => (t && t.startOffset >= 0 ? lines.range(t.startOffset, t.startOffset + t.image.length) : fallback);
  const scratch: NameUse[] = [];
  for (const st of statements) {
    const c = new Cursor(st.tokens, lines, st.line, scenario?.names ?? scratch);
    try {
      const head = lowerImage(c.peek());
      if (head === "scenario") {
        c.next();
        const name = c.string("the scenario's name in quotes", null);
        c.expectWord("for");
        const gameToken = c.next();
        if (!gameToken) throw new ParseError("expected the game's id after `for`", gameToken);
        scenario = {
          name,
          game: lowerImage(gameToken),
          gameRange: c.range(gameToken),
          file,
          range: st.range,
          line: st.line,
          setup: { life: [], amounts: [], capacities: [], zones: [], cards: [], range: st.range },
          steps: [],
          covers: [],
          names: [],
          unreadable: [],
        };
        scenarios.push(scenario);
        inSetup = false;
        setupLine = undefined;
        said = new Map();
        discarded = undefined;
        if (!c.done()) throw c.unexpected();
        continue;
      }
      if (!scenario) {
        // Said once, at the first line: the lines after it, up to the first header, belong to no scenario.
        if (headless) continue;
        headless = true;
        throw new ParseError(`a scenario file starts with: scenario "<name>" for <game>; the lines up to the first such line belong to no scenario and are not read`, c.peek(), ["scenario"]);
      }
      if (head === "setup") {
        const word = c.next();
        if (lowerImage(c.peek()) === "{") c.next();
        inSetup = true;
        if (setupLine === undefined) {
          setupLine = st.line;
          discarded = undefined;
          scenario.setup.range = st.range;
        } else {
          // A second setup, after steps or not, would set the board before the first step, not where it stands:
          // `p1 attack ...` then `setup { p2 life 3 }` would attack a player who had 3 life all along.
          const range = rangeOf(word, st.range);
          const detail = `a scenario has one setup (line ${setupLine}), and the board it sets is the one the first step plays on: a second setup would not happen here. Put its lines in the first setup, or start a new scenario for the later board`;
          errors.push({ kind: "line", range, text: detail });
          scenario.unreadable.push({ line: st.line, range, detail });
          discarded = { ...scenario, setup: { life: [], amounts: [], capacities: [], zones: [], cards: [], range: st.range } };
        }
        if (c.done()) continue;
      }
      if (inSetup && startsStep(st.tokens)) {
        // An expectation or an action inside `setup {`: the setup's `}` is missing. Said at this line, and the
        // line read as the step it is (not as a setup amount named "attack p2 with").
        inSetup = false;
        const range = rangeOf(st.tokens[0], st.range);
        const detail = 'the setup is not closed: a line with "}" is missing before this line (actions and expectations come after the setup)';
        errors.push({ kind: "line", range, text: detail });
        scenario.unreadable.push({ line: st.line, range, detail });
      }
      if (inSetup) {
        if (lowerImage(c.peek()) === "}") {
          inSetup = false;
          c.next();
          if (!c.done()) throw c.unexpected(" after the end of setup");
          continue;
        }
        parseSetupStatement(c, discarded ?? scenario, st.range, discarded ? new Map() : said);
        if (lowerImage(c.peek()) === "}") {
          inSetup = false;
          c.next();
        }
        if (!c.done()) throw c.unexpected();
        continue;
      }
      if (head === "covers") {
        c.next();
        c.word(":");
        parseCovers(c, text, scenario);
        continue;
      }
      if (head === "deck") {
        c.next();
        if (lowerImage(c.peek()) === ":") c.next();
        scenario.deck = { names: c.cardList(), range: st.range };
        if (!c.done()) throw c.unexpected();
        continue;
      }
      if (head === "expect") {
        c.next();
        // `expect not <expectation>` negates any form.
        let negate = c.word("not");
        const expect = parseExpectation(c, (n) => (negate = negate !== n));
        scenario.steps.push({ kind: "expect", expect, negate, range: st.range, line: st.line });
      } else {
        // Not a player: a line's first word misspelt (`expcet`, `senario`, `setpu`) is said as such, with the closest.
        const first = c.peek();
        if (first && !isPlayer(first)) throw new ParseError(`expected an action (p1 ..., p2 ...) or a line starting with ${LINE_HEADS.join(", ")}, found "${first.image}"`, first, LINE_HEADS);
        const actions = parseActions(c);
        let refused: string | undefined;
        const refusedAt = c.peek();
        if (c.word("refused")) refused = c.done() ? ANY_REFUSAL : c.name("refusal", "a refusal code").toLowerCase();
        if (refused && actions.length > 1) throw new ParseError("a refused line names one attacker: a line of its own for the attack that is refused", refusedAt);
        for (const action of actions) scenario.steps.push({ kind: "action", action, ...(refused ? { refused } : {}), range: st.range, line: st.line });
      }
      if (!c.done()) throw c.unexpected();
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      const range = rangeOf(error.token, st.range);
      const meant = { ...(error.options && error.token ? { found: error.token.image, options: error.options } : {}), ...(error.suggestion ? { suggestion: error.suggestion } : {}) };
      errors.push({ kind: "line", range, text: error.message, ...meant });
      scenario?.unreadable.push({ line: st.line, range, detail: error.message, ...meant });
    }
  }
  if (scenarios.length === 0 && errors.length === 0) errors.push({ kind: "line", range: lines.range(0, 0), text: 'a scenario file starts with: scenario "<name>" for <game>' });
  // Characters that start no token (`life 30%`, `life >= 5`) are dropped by the lexer: the rest of the line would be
  // read without them (`life 30`). The line is not read as written, so its scenario fails with it.
  for (const e of errors) {
    if (e.kind !== "characters") continue;
    const line = e.range.start.line;
    const owner = scenarios.filter((s) => s.line <= line).pop();
    if (!owner || owner.unreadable.some((u) => u.line === line)) continue;
    owner.unreadable.push({ line, range: e.range, detail: `unexpected character(s) "${e.text}": the line is not read as written` });
  }
  return { file, scenarios, errors };
}

/** `covers: 16.1b, 5e 5f` — ids as the rules text's clause table numbers them (their existence is checked against the text by the coverage table). */
function parseCovers(c: Cursor, text: string, scenario: Scenario): void {
  const first = c.peek();
  const last = c.tokens[c.tokens.length - 1];
  if (!first || !last) throw new ParseError("expected the clause ids this scenario covers (covers: 16.1b, 5e)", first);
  // Ids are read from the raw text (the lexer splits `16.1b` into a number, a period and a word).
  const start = first.startOffset;
  const raw = text.slice(start, last.startOffset + last.image.length);
  const pattern = /[^\s,]+/g;
  for (let m = pattern.exec(raw); m; m = pattern.exec(raw)) {
    const id = m[0].toLowerCase();
    const range = c.lines.range(start + m.index, start + m.index + m[0].length);
    // A bare section number (`covers: 7.4`) is read, and said by the checker with the section's clauses (CW5021): the
    // parse error named no clause of it (session 37's probe wrote 12 such lines).
    if (!CLAUSE_ID.test(id) && !SECTION_ID.test(id)) {
      const token = c.tokens.find((t) => t.startOffset >= start + m!.index) ?? first;
      throw new ParseError(`"${m[0]}" is not a clause id (a section number, then letters for its sentences: 16.1b, 5e; or a range: 17.1a-17.1f)`, token);
    }
    scenario.covers.push({ id, range });
  }
  c.i = c.tokens.length;
}

/**
 * A setup says each thing once: `p2 life 5` and later `p2 life 7` (or two `turn` lines) would keep one value and drop
 * the other unsaid. The same value said again is only repeated, and read.
 */
function sayOnce(said: Map<string, { value: string; line: number }>, what: string, value: string | number, token: IToken | undefined, line: number): void {
  const before = said.get(what.toLowerCase());
  const text = String(value);
  if (before && before.value.toLowerCase() !== text.toLowerCase()) throw new ParseError(`${what} is already set to ${before.value} at line ${before.line}: a setup says each thing once, so one of the two would be dropped`, token);
  said.set(what.toLowerCase(), { value: text, line });
}

function parseSetupStatement(c: Cursor, scenario: Scenario, range: Range, said: Map<string, { value: string; line: number }>): void {
  const setup = scenario.setup;
  const line = range.start.line;
  const setPhase = () => {
    const token = c.peek();
    setup.phase = c.phaseName("a phase name");
    sayOnce(said, "the phase", setup.phase, token, line);
    setup.phaseLine = line;
  };
  if (c.word("turn")) {
    let token = c.peek();
    setup.turn = c.count(1, "turns");
    sayOnce(said, "the turn", setup.turn, token, line);
    token = c.peek();
    if (isPlayer(token)) {
      setup.active = c.player();
      sayOnce(said, "the active player", setup.active, token, line);
    }
    if (c.word("phase")) setPhase();
    return;
  }
  if (c.word("seed")) {
    const token = c.peek();
    setup.seed = c.number();
    sayOnce(said, "the seed", setup.seed, token, line);
    return;
  }
  if (c.word("new")) {
    // `new game`: shuffle the decks set up below, deal opening hands and start turn 1 as a real game does.
    c.expectWord("game");
    setup.newGame = true;
    return;
  }
  if (c.word("phase")) {
    setPhase();
    return;
  }
  if (c.atCard()) {
    const card = parseCardSetup(c, range);
    const which = `${card.controller ? `${card.controller}'s ` : ""}"${card.card}"${card.copy !== undefined ? ` copy ${card.copy}` : ""}`;
    if (card.damage !== undefined) sayOnce(said, `${which} damage`, card.damage, undefined, line);
    if (card.counters) sayOnce(said, `${which} ${card.counters.name} counters`, card.counters.value, undefined, line);
    setup.cards.push(card);
    return;
  }
  const player = c.player();
  if (c.word("life")) {
    const token = c.peek();
    const value = c.number();
    sayOnce(said, `${player} life`, value, token, line);
    setup.life.push({ player, value, range });
    return;
  }
  // `p1 field: ...` (colon) is a zone; `p1 Crystal 2` is an amount; `p1 Mana capacity 4` a capacity.
  const words = c.words([":"]);
  if (words.length === 0) throw new ParseError(misplacedName(c, player) ?? "expected a zone (p1 hand: ...), life, or a resource/counter amount", c.peek());
  if (c.word(":")) {
    c.note("zone", words.map((t) => t.image).join(" "), words[0]!, words[words.length - 1]!);
    setup.zones.push({ player, zone: words.map((t) => t.image).join(" "), cards: { names: c.zoneCards(), range }, range });
    return;
  }
  const capacity = words.length > 1 && lowerImage(words[words.length - 1]) === "capacity";
  const nameTokens = capacity ? words.slice(0, -1) : words;
  const name = nameTokens.map((t) => t.image).join(" ");
  c.note(capacity ? "resource" : "amount", name, nameTokens[0]!, nameTokens[nameTokens.length - 1]!);
  const token = c.peek();
  const value = c.count(0, capacity ? "a capacity" : "an amount");
  sayOnce(said, `${player} ${name}${capacity ? " capacity" : ""}`, value, token, line);
  (capacity ? setup.capacities : setup.amounts).push({ player, name, value, range });
}

/** `"Stone Guard" power counters 2` · `p2's "Scout" is exhausted` · `"Scout" is overexhausted` · `"Stone Guard" is defender` · `"Scout" damage 1` */
function parseCardSetup(c: Cursor, range: Range): CardSetup {
  const out: CardSetup = { ...c.card(), range };
  if (c.word("is")) {
    // `"Thorn Wall" is defender` (session 36's Duel probe: an outsider sets up a defender in the words an expectation reads
    // it with, and was told "expected exhausted or overexhausted").
    c.word("a");
    const word = c.expectOneOf("exhausted, overexhausted or defender", ["exhausted", "overexhausted", "defender"]);
    if (word === "exhausted") out.exhausted = true;
    else if (word === "overexhausted") out.overexhausted = true;
    else out.defender = true;
    return out;
  }
  if (c.word("damage")) {
    out.damage = c.count(0, "damage");
    return out;
  }
  const name = c.next();
  if (!name || !c.word("counters", "counter")) throw new ParseError(`expected: "<card>" <counter> counters <n>, "<card>" is exhausted, or "<card>" damage <n>`, name);
  c.note("counter", name.image, name);
  out.counters = { name: name.image, value: c.count(0, "a number of counters") };
  return out;
}

/**
 * The cards of one payment (`erasing "Scout", "Stone Guard"`). Written with `and` (`erasing "Scout" and "Stone Guard"`) the
 * line said only 'unexpected "and ..."': it says the comma form (session 32's Duel probe).
 */
function paymentCards(c: Cursor): string[] {
  const verb = c.peek(-1)!.image;
  const cards = c.cardList();
  if (lowerImage(c.peek()) === "and" && isString(c.peek(1))) {
    const more: string[] = [];
    for (let k = 1; isString(c.peek(k)); k += 2) {
      more.push(c.peek(k)!.image);
      if (![",", "and"].includes(lowerImage(c.peek(k + 1)))) break;
    }
    throw new ParseError(`the cards of one payment are listed with commas: \`${verb} ${[...cards.map((n) => `"${n}"`), ...more].join(", ")}\``, c.peek());
  }
  return cards;
}

function parsePayment(c: Cursor, out: Payment): void {
  for (;;) {
    if (c.word("target", "targets", "targeting")) {
      out.targets.push(c.target());
      while (lowerImage(c.peek()) === "," || lowerImage(c.peek()) === "and") {
        c.next();
        out.targets.push(c.target());
      }
    } else if (c.word("discard", "discarding")) out.discard.push(...paymentCards(c));
    else if (c.word("erase", "erasing")) out.erase.push(...paymentCards(c));
    else if (c.word("sacrifice", "sacrificing")) out.sacrifice.push(...paymentCards(c));
    // `exhausting "Gold Exchange", "Crimson Substation"`: the lands that pay the cost's symbols.
    else if (c.word("exhausting")) (out.lands ??= []).push(...paymentCards(c));
    else if (c.word("x")) {
      c.word("=");
      out.x = c.count(0, "X");
    } else if (c.word("mode")) {
      if (isString(c.peek())) out.modeText = c.string("the mode's text in quotes", null);
      // Any number: the mode is judged with the card's modes listed (runtime/scenario.ts namedMode).
      else out.mode = c.number();
    } else if (c.word("paying", "with", "choosing")) continue;
    else if (["on", "at", "against"].includes(lowerImage(c.peek())) && (isString(c.peek(1)) || isPlayer(c.peek(1)))) {
      // `p1 plays "Quick Bolt" on p2` · `at "Scout"` (session 34's probe: 'unexpected "on p2"').
      throw new ParseError(`a target is written with "target": \`... target ${c.peek(1)!.image}\``, c.peek());
    } else return;
  }
}

/**
 * `p2 "Discard Pile": ...`: a zone quoted as the game file writes it (`zone "Discard Pile" public`). Quotes in a scenario
 * are card names, so the line is not read; said with the unquoted form.
 */
function quotedZone(c: Cursor, player: string): string | undefined {
  const t = c.peek();
  const after = lowerImage(c.peek(1));
  if (!isString(t) || ![":", "has", "lacks", "count"].includes(after)) return undefined;
  return `a zone is named without quotes (quotes are card names): ${player} ${unquote(t!.image)}${after === ":" ? ":" : ` ${after}`} ...`;
}

/**
 * A quoted name right after a player: a zone quoted as the game file writes it (above), or a card said after its
 * player (`expect p1 "Stone Guard" power 3`), which is written with the player's possessive: `p1's "Stone Guard"`.
 */
function misplacedName(c: Cursor, player: string): string | undefined {
  const quoted = quotedZone(c, player);
  if (quoted || !isString(c.peek())) return quoted;
  return `a player's card is written with 's: ${player}'s ${c.rest()}`;
}

/** The words a line of a scenario file starts with, other than a player's action. */
const LINE_HEADS = ["expect", "setup", "scenario", "covers", "deck"];

const VERBS = ["play", "plays", "attack", "attacks", "block", "blocks", "defend", "defends", "activate", "activates", "choose", "chooses", "pass", "passes", "end", "ends", "target", "targets", "order", "orders", "harvest", "harvests", "shatter", "shatters", "switch", "switches", "assign", "assigns"];

/** A statement that can only be a step: `expect ...`, or `pX <verb> ...` not followed by a number (`p1 Play 3` could be a counter named Play). */
function startsStep(tokens: IToken[]): boolean {
  if (lowerImage(tokens[0]) === "expect") return true;
  return isPlayer(tokens[0]) && VERBS.includes(lowerImage(tokens[1])) && !isNumber(tokens[2]) && lowerImage(tokens[2]) !== ":" && lowerImage(tokens[2]) !== "capacity" && !namesZone(tokens);
}

/**
 * `p1 Shatter Zone: "Seer"`: a zone whose name starts with a verb's word (Chromatic's Shatter Zone), its words then a
 * colon before any card name — a zone line, not an action (session 40's probe, chromatic-1: the setup line was read as
 * `p1 shatter …` and every message pointed at a form that failed).
 */
function namesZone(tokens: IToken[]): boolean {
  for (let i = 2; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (lowerImage(t) === ":") return i > 2;
    if (isString(t) || isNumber(t) || !/^[A-Za-z][A-Za-z'-]*$/.test(t.image)) return false;
  }
  return false;
}

/**
 * The actions of an action line: one, but `p1 attack p2 with "A", "B"` / `with "A" and "B"` — several attackers, as a
 * block line lists several blockers — is one attack per attacker, as consecutive attack lines are (one declaration of
 * attackers where the game declares them together).
 */
function parseActions(c: Cursor): ScenarioAction[] {
  const first = parseAction(c);
  if (first.kind !== "attack") return [first];
  const out = [first];
  while (c.word(",", "and")) out.push({ ...first, attacker: c.card("the attacking card's name") });
  return out;
}

/**
 * Verbs the rules texts use for a scenario's actions, and the action they are written as: `p1 casts "Arc Bolt"` (Chromatic
 * 17: "casting a spell") said only 'expected an action (...), found "casts"' (session 33's Chromatic probe).
 */
const VERB_SAID_AS: Record<string, string> = {
  cast: "play", casts: "play", use: "activate", uses: "activate", change: "switch", changes: "switch",
  chose: "choose", picks: "choose", pick: "choose", selects: "choose", select: "choose",
};

function parseAction(c: Cursor): ScenarioAction {
  const player = c.player();
  // `p1 discards "X"` · `p1 draws a card`: not a player's move — a card or rule makes them (session 34's probe).
  const happening = { discard: "discard", discards: "discard", draw: "draw", draws: "draw", sacrifice: "sacrifice", sacrifices: "sacrifice" }[lowerImage(c.peek())];
  if (happening) {
    throw new ParseError(
      happening === "draw"
        ? `a player draws only as a rule or an effect draws (the start of a turn, "Draw a card"): no line makes a draw — write the line that causes it (\`${player} end turn\`, \`${player} play "<card>"\`), then \`expect event draw ${player}\``
        : `a player ${happening}s only as a cost or an effect asks: a cost's cards go on the play line (\`${player} play "<card>" ${happening} "<card>"\`), an effect's choice is answered with \`${player} chooses "<card>"\``,
      c.peek(),
    );
  }
  // `p1 enhances "Ember Blade" with Purple` (session 35's Chromatic probe): an enhancement is no move of its own but the
  // engine's question as the card enters (Chromatic 7.4, 13), one Facet ability at a time.
  if (["enhance", "enhances"].includes(lowerImage(c.peek()))) {
    throw new ParseError(`an enhancement is bought as the card enters, after its play resolves: the engine asks for each Facet ability ${player} can pay, in the card's order, and each is answered \`${player} chooses yes\` or \`${player} chooses no\``, c.peek());
  }
  const said = VERB_SAID_AS[lowerImage(c.peek())];
  if (said && !VERBS.includes(lowerImage(c.peek()))) {
    const rest = [] as string[];
    for (let k = 1; c.peek(k); k++) rest.push(c.peek(k)!.image);
    throw new ParseError(`"${c.peek()!.image}" is written with the action's own verb: \`${player} ${said}${rest.length ? ` ${rest.join(" ")}` : ""}\``, c.peek());
  }
  const verb = c.expectOneOf(`an action (${VERBS.filter((v) => !v.endsWith("s") || v === "pass").join(", ")})`, VERBS);
  const payment = (): Payment => ({ targets: [], discard: [], erase: [], sacrifice: [] });
  switch (verb) {
    case "play":
    case "plays": {
      const card = c.card();
      const out = payment();
      parsePayment(c, out);
      return { kind: "play", player, card, ...out };
    }
    case "activate":
    case "activates": {
      const card = c.card();
      let ability = 1;
      if (c.word("ability")) ability = c.count(1, "abilities");
      const out = payment();
      parsePayment(c, out);
      return { kind: "activate", player, card, ability, ...out };
    }
    case "attack":
    case "attacks": {
      // `p1 attacks with nothing` / `p1 attacks nothing`: the declaration of no attackers, as `p1 choose nothing`.
      if (declaresNothing(c)) return { kind: "choose", player, cards: [], declares: "attackers" };
      // `p1 attacks with "X"`, `p1 attack opponent with "X"`, `p1 attacks p2`: what is attacked comes first, as a player
      // (p1/p2) or a card, then `with` and the attacker — said with the line to write, not "expected a card name or a
      // player" (session 32's Duel probe).
      const opponent = player === "p1" ? "p2" : "p1";
      const attackerAfter = (k: number) => (isString(c.peek(k)) ? c.peek(k)!.image : '"<card>"');
      if (lowerImage(c.peek()) === "with") throw new ParseError(`an attack line names what is attacked, then the attacker: \`${player} attack ${opponent} with ${attackerAfter(1)}\` (a player, or a card: \`${player} attack "<card>" with ${attackerAfter(1)}\`)`, c.peek());
      const named = ["the", "an", "your", "my"].includes(lowerImage(c.peek())) ? 1 : 0;
      if (["opponent", "opponents", "opponent's", "player", "enemy", "them", "defender"].includes(lowerImage(c.peek(named)))) {
        const withAt = lowerImage(c.peek(named + 1)) === "with" ? named + 2 : -1;
        throw new ParseError(`a player is written p1 or p2: \`${player} attack ${opponent} with ${withAt > 0 ? attackerAfter(withAt) : '"<card>"'}\``, c.peek());
      }
      const target = c.target();
      if (c.done()) throw new ParseError(`an attack line names its attacker after "with": \`${player} attack ${"player" in target ? target.player : `"${target.card}"`} with "<card>"\``, c.peek(-1));
      c.expectWord("with");
      const attacker = c.card("the attacking card's name");
      return { kind: "attack", player, attacker, target };
    }
    case "block":
    case "blocks": {
      // `p2 blocks nothing` / `p2 blocks with nothing`: the declaration of no blockers, as `p2 choose nothing`.
      if (declaresNothing(c)) return { kind: "choose", player, cards: [], declares: "blockers" };
      const attacker = c.card("the blocked attacker's name");
      c.expectWord("with");
      const blockers = [c.card("the blocking card's name")];
      while (c.word(",", "and")) blockers.push(c.card("the blocking card's name"));
      return { kind: "block", player, attacker, blockers };
    }
    case "defend":
    case "defends":
      c.word("with");
      return { kind: "defend", player, card: c.card() };
    case "harvest":
    case "harvests": {
      const card = c.card();
      return c.word("replacing") ? { kind: "move", player, move: "harvest", card, other: c.card("the replaced Facet card's name") } : { kind: "move", player, move: "harvest", card };
    }
    case "shatter":
    case "shatters":
      return { kind: "move", player, move: "shatter", card: c.card() };
    case "switch":
    case "switches": {
      const card = c.card();
      c.word("to");
      return { kind: "move", player, move: "switch", card, color: c.name("color", "the colour to switch to") };
    }
    case "assign":
    case "assigns": {
      // `p1 assigns 3 damage to "Seer"`: the attacker's division of damage among its blockers, in the rules' own word
      // (Chromatic 21: "They could assign: 3 damage to the 3/3"), is the answer the engine offers as "3 damage to Seer".
      const amount = c.count(0, "an amount of damage");
      c.word("damage");
      c.expectWord("to");
      const card = c.card("the blocker's name");
      return { kind: "choose", player, modeText: `${amount} damage to ${card.card}` };
    }
    case "pass":
    case "passes":
      return { kind: "pass", player };
    case "end":
    case "ends":
      // `end`, `end turn`, `end phase`, `ends the phase`: any other word is a mistake, not part of the action.
      const what = c.word("the") ? c.expectOneOf('"turn" or "phase" after "the"', ["turn", "phase"]) : !c.done() ? c.expectOneOf('"turn" or "phase" after end', ["turn", "phase"]) : undefined;
      return { kind: "end", player, ...(what === "turn" ? { turn: true } : {}) };
    case "target":
    case "targets":
      return { kind: "choose", player, target: c.target() };
    case "order":
    case "orders": {
      const trigger = c.card();
      return c.word("ability") ? { kind: "choose", player, trigger, ability: c.count(1, "abilities") } : { kind: "choose", player, trigger };
    }
    default: {
      if (c.word("yes")) return { kind: "choose", player, yes: true };
      if (c.word("no")) return { kind: "choose", player, yes: false };
      if (c.word("mode")) return isString(c.peek()) ? { kind: "choose", player, modeText: c.string("the mode's text in quotes", null) } : { kind: "choose", player, mode: c.count(1, "modes") };
      if (c.word("target")) return { kind: "choose", player, target: c.target() };
      if (c.word("nothing")) return { kind: "choose", player, cards: [] };
      // `p1 chooses 2`: an amount the choice asks for (damage assigned to a blocker, divided damage, "up to" how many).
      if (isNumber(c.peek())) return { kind: "choose", player, amount: c.count(0, "an amount") };
      if (!isString(c.peek()) && !POSSESSIVE.test(c.peek()?.image ?? "")) throw new ParseError(`expected what ${player} chooses (cards in quotes, nothing, yes, no, mode N, an amount, target ...)${c.peek() ? `, found "${c.peek()!.image}"` : ""}`, c.peek(), ["nothing", "yes", "no", "mode", "target"]);
      // Cards chosen, each maybe with its controller or copy (`p1 choose p2's "Scout"`, `"Seer" copy 2`): `refs` keeps them.
      const refs: CardRef[] = [];
      while (isString(c.peek()) || POSSESSIVE.test(c.peek()?.image ?? "")) {
        const ref = c.card();
        const times = c.copies(refs.length);
        for (let k = 0; k < times; k++) refs.push(ref);
        if (!c.word(",")) break;
      }
      const cards = refs.map((r) => r.card);
      return refs.some((r) => r.controller || r.copy !== undefined) ? { kind: "choose", player, cards, refs } : { kind: "choose", player, cards };
    }
  }
}

/** `nothing`, `none`, `with nothing`, `with none` ending an attack or block line: a declaration of none. */
function declaresNothing(c: Cursor): boolean {
  const at = lowerImage(c.peek()) === "with" ? 1 : 0;
  if (!["nothing", "none"].includes(lowerImage(c.peek(at))) || (c.peek(at + 1) && lowerImage(c.peek(at + 1)) !== "refused")) return false;
  if (at) c.next();
  c.next();
  return true;
}

function parseTimes(c: Cursor): number | undefined {
  if (c.word("once")) return 1;
  if (c.word("twice")) return 2;
  if (isNumber(c.peek()) && ["times", "time"].includes(lowerImage(c.peek(1)))) {
    const at = c.peek();
    const n = c.count(0, "a number of times");
    if (!Number.isSafeInteger(n) || n > MAX_LISTED_COPIES) throw new ParseError(`repeat a step at most ${MAX_LISTED_COPIES} times`, at);
    c.next();
    return n;
  }
  return undefined;
}

/**
 * `<kind> ["Card" | p2's "Card" | "Card" copy 2 | pX]`, and `damage [pX | "Card"] by "Card"`. Of `damage`, the card or
 * player named is the one dealt the damage (`damage "Scout"`: Scout was dealt damage); the card that dealt it is named
 * with `by` (`damage p2 by "Blood Broker"`, `damage "Scout" by "Quick Bolt"`, `damage by "Quick Bolt"`: to anything).
 */
function parseEventPattern(c: Cursor): EventPattern {
  const event = c.name("event", "an event kind (destroyed, damage, draw, ...)").toLowerCase();
  const out: EventPattern = { event };
  eventAmount(c, out);
  if (c.atCard()) out.card = c.card();
  else if (isPlayer(c.peek())) out.player = c.player();
  eventAmount(c, out);
  const byWord = c.peek();
  if (byWord && lowerImage(byWord) === "by") {
    if (event !== "damage") throw new ParseError(`"by" names the card that dealt damage (\`damage p2 by "Blood Broker"\`, \`damage "Scout" by "Quick Bolt"\`); a ${event} event is named by its own card or player`, byWord);
    c.next();
    out.by = c.card();
    eventAmount(c, out);
  }
  return out;
}

/**
 * The damage one `damage` event dealt, a number after the event's kind, card or player, or its `by` card: `damage p2 3`,
 * `damage "Chrome Sentinel" 3 by "Nightclub Thrall"` (a number followed by `times` is how many times, not an amount).
 * Another kind's number is refused, naming what to write: session 33's and 34's probes wrote `expect event damage p2 3`
 * (unreadable then: "unexpected "3"") and `expect event life p1 1`.
 */
function eventAmount(c: Cursor, out: EventPattern): void {
  const at = c.peek();
  if (out.amount !== undefined || !isNumber(at) || ["times", "time"].includes(lowerImage(c.peek(1)))) return;
  if (out.event !== "damage") {
    throw new ParseError(
      `a number after the event is read only of damage, as what one damage event dealt (\`expect event damage p2 3\`); a ${out.event} event's amount is not: for a total, expect the state (\`expect p1 life 17\`, \`expect p2 Bleed 2\`, \`expect p1 hand count 3\`), for how many times, \`once\`, \`twice\` or \`N times\``,
      at,
    );
  }
  out.amount = c.count(1, "damage amounts");
}

function parseStackPattern(c: Cursor): StackPattern {
  const card = c.string("the stack item's card name in quotes");
  const out: StackPattern = { card };
  for (;;) {
    if (c.word("by")) out.by = c.player();
    else if (c.word("targeting", "targets")) {
      const targets = [c.target()];
      while (c.word(",", "and")) targets.push(c.target());
      out.targets = targets;
    } else return out;
  }
}

/** Words for a card's state, and the form that says it (`tapped` is CYBERVAMP's and Chromatic's `exhausted`). */
const CARD_STATE_WORDS: Record<string, string> = {
  exhausted: "exhausted",
  ready: "ready",
  renewed: "renewed",
  overexhausted: "overexhausted",
  defender: "defender",
  defending: "defender",
  tapped: "exhausted",
  untapped: "ready",
};

/** A card reference as a line writes it: `p2's "Scout"`, `"Scout" copy 2`. */
const refText = (card: CardRef): string => `${card.controller ? `${card.controller}'s ` : ""}"${card.card}"${card.copy !== undefined ? ` copy ${card.copy}` : ""}`;

/** Words saying a card left play, and the event that says it happened. */
const GONE_WORDS: Record<string, string> = { destroyed: "destroyed", dead: "destroyed", killed: "destroyed", discarded: "discard", sacrificed: "destroyed" };

/**
 * `"Stone Guard" is destroyed` · `"Quick Bolt" in p1 graveyard` · `"Quick Bolt" is in p1 graveyard`: where a card went,
 * or what happened to it, is said of a zone or of an event — a card's own line reads its state in play. The error names
 * the forms that say it (the session 32 probe's lines were "expected exhausted, ready, ...", and "Unknown stat "in"").
 */
function whereGone(c: Cursor, card: CardRef): ParseError | undefined {
  const t = c.peek();
  const word = lowerImage(t);
  const ref = refText(card);
  if (word === "in" && c.peek(1)) {
    c.next();
    const rest = isPlayer(c.peek()) ? [c.next()!.image, ...c.words([]).map((x) => x.image)] : [];
    const where = rest.length > 1 ? rest.join(" ") : "<player> <zone>";
    return new ParseError(`which zone holds a card is said of the zone: \`expect ${where} has ${ref}\``, t);
  }
  const event = GONE_WORDS[word];
  if (event) return new ParseError(`that a card was ${word} is an event, and where it went a zone: \`expect event ${event} ${ref}\`, or \`expect <player> <zone> has ${ref}\` (\`is\` reads a card's state in play: exhausted, ready, defender)`, t);
  return undefined;
}

/** A card's state in an expectation: `is [not] exhausted|ready|renewed|overexhausted|newly turned|defender`, `damage N`, `has [no] <keyword>`, `<counter> counters N`, `<stat> N`. */
function cardState(c: Cursor, card: CardRef, flip: (negated: boolean) => void): Expectation {
  // `"Scout" to be in p2 graveyard` · `"Seer" to be exhausted` (session 34's probe: 'Unknown stat "to"').
  if (lowerImage(c.peek()) === "to" && lowerImage(c.peek(1)) === "be") {
    const at = c.next()!;
    c.next();
    const gone = whereGone(c, card);
    if (gone) throw gone;
    const rest: string[] = [];
    while (!c.done()) rest.push(c.next()!.image);
    throw new ParseError(`a card's state is written with "is": \`expect ${refText(card)} is ${rest.join(" ") || "..."}\``, at);
  }
  if (c.word("is")) {
    if (c.word("not")) flip(true);
    if (c.word("exhausted")) return { kind: "exhausted", card, value: true };
    if (c.word("ready", "renewed")) return { kind: "exhausted", card, value: false };
    if (c.word("overexhausted")) return { kind: "exhausted", card, value: true, over: true };
    // CYBERVAMP's "Newly Turned" (session 34's probe: `expect "Neon Ripper" is newly turned` was unreadable).
    if (lowerImage(c.peek()) === "newly") {
      c.next();
      c.expectWord("turned");
      return { kind: "newly_turned", card };
    }
    const gone = whereGone(c, card);
    if (gone) throw gone;
    const other = c.peek() && CARD_STATE_WORDS[lowerImage(c.peek())];
    if (other && other !== "defender") throw new ParseError(`expected exhausted, ready, renewed, overexhausted, newly turned or defender, found "${c.peek()!.image}"`, c.peek(), undefined, other);
    c.expectOneOf('exhausted, ready, renewed, overexhausted, newly turned or defender', ["defender", "defending", "a", "exhausted", "ready", "renewed", "overexhausted", "newly"]);
    c.word("defender");
    return { kind: "defender", card };
  }
  if (c.word("damage")) return { kind: "damage", card, value: c.count(0, "damage") };
  // Chromatic Battlelines 15.2: "the ability of that color becomes the active effect" (session 33's probe had no form).
  if (c.word("active")) {
    c.word("ability");
    c.word("is");
    return { kind: "active_ability", card, color: c.name("color", "the colour of the active ability (Red, Blue, ...)") };
  }
  if (c.word("cost", "costs")) return { kind: "cost", card, cost: parseCostWords(c) };
  if (c.word("has", "lacks")) {
    if (lowerImage(c.peek(-1)) === "lacks" || c.word("no")) flip(true);
    // `"Scrap Runner" has 1 power counter` · `"Stone Guard" has 3 power`: counters and stats are written name first.
    if (isNumber(c.peek())) {
      const n = c.next()!;
      const named = c.words([]).map((t) => t.image);
      const counters = named.length > 1 && /^counters?$/i.test(named[named.length - 1]!);
      const form = counters ? `${refText(card)} ${named.slice(0, -1).join(" ")} counters ${n.image}` : named.length ? `${refText(card)} ${named.join(" ")} ${n.image}` : undefined;
      throw new ParseError(
        form ? `${counters ? "counters on a card are" : "a card's stat is"} written name first, then the number: \`expect ${form}\`` : `expected a keyword after "has" ("Seer" has Flying, "Seer" has no Taunt), found "${n.image}"`,
        n,
      );
    }
    const words = c.words(["in"]);
    if (words.length === 0) throw new ParseError(`expected a keyword after "${c.peek(-1)?.image ?? "has"}" ("Seer" has Flying, "Seer" has no Taunt)${c.peek() ? `, found "${c.peek()!.image}"` : ""}`, c.peek());
    const keyword = words.map((t) => t.image).join(" ");
    c.note("keyword", keyword, words[0]!, words[words.length - 1]!);
    const amount = isNumber(c.peek()) ? c.count(0, "a keyword's amount") : undefined;
    return { kind: "keyword", card, keyword, ...(amount !== undefined ? { amount } : {}) };
  }
  // What is left of a creature's toughness after the damage marked on it (Chromatic 21's "remaining Defense"; session 34's
  // and 36's probes had no form: `expect "Veil Drone" defense 1` after 3 damage on a 0/4 reads its Defense, 4).
  if (c.word("remaining")) {
    const s = c.next();
    if (!s || isNumber(s) || isString(s)) throw new ParseError(`expected the stat after "remaining": \`expect ${refText(card)} remaining defense 1\` (its defense less the damage marked on it)${s ? `, found "${s.image}"` : ""}`, s ?? c.peek(-1));
    c.note("stat", s.image, s);
    return { kind: "stat", card, stat: s.image.toLowerCase(), value: c.number(), remaining: true };
  }
  const gone = whereGone(c, card);
  if (gone) throw gone;
  const t = c.next();
  if (!t || isNumber(t) || isString(t)) throw new ParseError(`expected a stat, "damage", "<counter> counters" or "is ..." after the card${t ? `, found "${t.image}"` : ""}`, t);
  // `"Seer" exhausted` · `"Seer" tapped`: a card's state, said without its "is" (not a stat named so, read as 0).
  const state = CARD_STATE_WORDS[lowerImage(t)];
  if (state !== undefined && c.done()) throw new ParseError(`a card's state is written with "is": ${card.controller ? `${card.controller}'s ` : ""}"${card.card}"${card.copy !== undefined ? ` copy ${card.copy}` : ""} is ${state}`, t, undefined, `is ${state}`);
  if (c.word("counters", "counter")) {
    c.note("counter", t.image, t);
    return { kind: "counters", card, counter: t.image.toLowerCase(), value: c.count(0, "a number of counters") };
  }
  c.note("stat", t.image, t);
  // `"Stone Guard" power is 2` · `power: 2` (session 34's probe: 'expected a number, found "is"').
  if ((["is", "equals", "of"].includes(lowerImage(c.peek())) || c.peek()?.image === ":") && isNumber(c.peek(1))) throw new ParseError(`the number comes right after the stat, with no "${c.peek()!.image}": \`expect ${refText(card)} ${t.image} ${c.peek(1)!.image}\``, c.peek());
  return { kind: "stat", card, stat: t.image.toLowerCase(), value: c.number() };
}

const isCostSymbol = (t: IToken | undefined) => t?.tokenType.name === "CostSymbol";

/** A cost written as a card's `cost:` line (CostWords), up to the end of the line or an `in <zone>`. */
function parseCostWords(c: Cursor): CostWords {
  const out: CostWords = { symbols: [], resources: [] };
  const once = (field: "life" | "discard" | "erase", amount: number, at: IToken | undefined) => {
    if (out[field] !== undefined) throw new ParseError(`the cost names ${field} twice`, at);
    out[field] = amount;
  };
  if (c.word("free")) return out;
  let read = 0;
  while (!c.done() && lowerImage(c.peek()) !== "in") {
    const at = c.peek();
    // `1 life, 1 Crystal` · `discard 1 and 1 Crystal`: parts may be separated.
    if (read > 0 && c.word(",", "and")) continue;
    if (isCostSymbol(at)) {
      c.next();
      c.note("symbol", at!.image.slice(1, -1), at!);
      out.symbols.push(at!.image.slice(1, -1));
    } else if (lowerImage(at) === "x" && c.peek(1) && !isNumber(c.peek(1)) && !isString(c.peek(1))) {
      // `X Crystals` · `X life`: the amount the player chooses as the card is played (Crystal Lance's `cost: X Crystals`).
      c.next();
      if (c.word("life")) {
        if (out.xLife || out.life !== undefined) throw new ParseError("the cost names life twice", at);
        out.xLife = true;
      } else {
        const words: IToken[] = [];
        while (!c.done() && !isNumber(c.peek()) && !isString(c.peek()) && !isCostSymbol(c.peek()) && ![",", "and", "in", "discard", "erase"].includes(lowerImage(c.peek()))) words.push(c.next()!);
        if (!words.length) throw new ParseError('expected what X pays after it ("X Crystals", "X life")', c.peek());
        c.note("resource", words.map((t) => t.image).join(" "), words[0]!, words[words.length - 1]!);
        out.resources.push({ amount: 1, x: true, resource: words.map((t) => t.image).join(" ") });
      }
    } else if (c.word("discard")) once("discard", c.count(0, "a number of cards"), at);
    else if (c.word("erase")) once("erase", c.count(0, "a number of cards"), at);
    else if (isNumber(at)) {
      const amount = c.count(0, "a cost");
      if (c.word("life")) once("life", amount, at);
      else {
        const words: IToken[] = [];
        while (!c.done() && !isNumber(c.peek()) && !isString(c.peek()) && !isCostSymbol(c.peek()) && !["in", "discard", "erase"].includes(lowerImage(c.peek()))) words.push(c.next()!);
        if (words.length) c.note("resource", words.map((t) => t.image).join(" "), words[0]!, words[words.length - 1]!);
        out.resources.push({ amount, ...(words.length ? { resource: words.map((t) => t.image).join(" ") } : {}) });
      }
    } else throw new ParseError(`expected a cost as a card's "cost:" line writes it ({R}{1}, 2, 2 Crystals, X Crystals, 1 life, discard 1, free), found "${at!.image}"`, at);
    read++;
  }
  if (read === 0) throw new ParseError('expected a cost after "cost" ({R}{1}, 2, 2 Crystals, 1 life, discard 1, free)', c.peek());
  return out;
}

/** `flip(n)` toggles the expectation's negation (the sugar `no event ...`, `"X" is not ...`). */
/**
 * A zone's contents said in other words (session 34's probe): `p1 field contains "X"` (→ has), `p1 field does not have
 * "X"` (→ lacks), `p2 hand is empty` (→ `p2 hand: none`), `p1 cards in hand 2` / `p1 hand size 2` (→ count).
 */
function zoneSaidOtherwise(c: Cursor, player: string, words: readonly IToken[]): void {
  // Word tokens may hold two words ("does not" is one): the phrase is matched on the words' text.
  const said = words.map((t) => t.image).join(" ").split(/\s+/);
  const lower = said.map((w) => w.toLowerCase());
  const zoneOf = (n: number) => said.slice(0, said.length - n).join(" ");
  const cards = () => {
    const out: string[] = [];
    for (let k = 0; c.peek(k); k++) out.push(c.peek(k)!.image);
    return out.join(" ") || '"<card>"';
  };
  const at = words[words.length - 1];
  const ends = (...tail: string[]) => lower.length > tail.length && tail.every((w, k) => lower[lower.length - tail.length + k] === w);
  if ((ends("contains") || ends("holds") || ends("includes")) && isString(c.peek())) throw new ParseError(`a zone holding a card is said with "has": \`expect ${player} ${zoneOf(1)} has ${cards()}\``, at);
  for (const tail of [["does", "not", "have"], ["does", "not", "contain"], ["does", "not", "hold"], ["doesn't", "have"], ["doesn't", "contain"], ["is", "missing"]]) {
    if (ends(...tail) && isString(c.peek())) throw new ParseError(`a zone without a card is said with "lacks": \`expect ${player} ${zoneOf(tail.length)} lacks ${cards()}\``, at);
  }
  if ((ends("is", "empty") || ends("empty")) && c.done()) throw new ParseError(`an empty zone is written \`expect ${player} ${zoneOf(ends("is", "empty") ? 2 : 1)}: none\``, at);
  if (ends("size") && isNumber(c.peek())) throw new ParseError(`a zone's size is said with "count": \`expect ${player} ${zoneOf(1)} count ${c.peek()!.image}\``, at);
  if (lower.length > 2 && lower[0] === "cards" && lower[1] === "in" && isNumber(c.peek())) throw new ParseError(`a zone's size is said of the zone, with "count": \`expect ${player} ${said.slice(2).join(" ")} count ${c.peek()!.image}\``, words[0]);
}

/** `p2 life is 20` · `p2 life = 20`: refused naming the form (session 34's probe: "expected a number, found "is""). */
function verbBeforeNumber(c: Cursor, said: string): void {
  const t = c.peek();
  // Not "=": the lexer drops the ">" of `life >= 5` (a comparison, which no form says), leaving "=" before the number.
  if (!t || !["is", "equals", "of"].includes(lowerImage(t)) || !isNumber(c.peek(1))) return;
  throw new ParseError(`the number comes right after "${said.split(" ").pop()}", with no "${t.image}": \`expect ${said} ${c.peek(1)!.image}\``, t);
}

function parseExpectation(c: Cursor, flip: (negated: boolean) => void): Expectation {
  if (c.word("no")) {
    c.expectWord("event", "events");
    flip(true);
    const pattern = parseEventPattern(c);
    // `expect no event life p1 twice` (session 33's and 34's probes): "no event" says it never happened, and a count
    // after it could mean "not exactly twice" or "fewer than twice" — refused, naming the form for each.
    const count = c.peek();
    if (count && (["once", "twice"].includes(lowerImage(count)) || (isNumber(count) && ["times", "time"].includes(lowerImage(c.peek(1)))))) {
      const said = `${pattern.event}${pattern.card ? ` ${refText(pattern.card)}` : ""}${pattern.player ? ` ${pattern.player}` : ""}${pattern.amount !== undefined ? ` ${pattern.amount}` : ""}${pattern.by ? ` by ${refText(pattern.by)}` : ""}`;
      const times = lowerImage(count) === "once" || lowerImage(count) === "twice" ? lowerImage(count) : `${count.image} times`;
      throw new ParseError(`"no event" says the event never happened and takes no count: write \`expect not event ${said} ${times}\` (it did not happen exactly ${times}), or the count it did happen (\`expect event ${said} once\`)`, count);
    }
    return { kind: "event", pattern };
  }
  if (c.word("event", "events")) {
    const pattern = parseEventPattern(c);
    const times = parseTimes(c);
    // A word left after the event is a count mistyped (`twise`), never silently "any number of times".
    if (times === undefined && !c.done() && !isNumber(c.peek())) c.expectOneOf('once, twice or "N times" after the event', ["once", "twice", "times"]);
    return { kind: "event", pattern, ...(times !== undefined ? { times } : {}) };
  }
  if (c.word("order")) {
    c.word(":");
    const items: EventPattern[] = [];
    do {
      items.push(parseEventPattern(c));
    } while (c.word(",", "then"));
    return { kind: "order", items };
  }
  if (c.word("one")) {
    c.expectWord("event");
    c.word(":");
    const items: EventPattern[] = [];
    do {
      items.push(parseEventPattern(c));
    } while (c.word(",", "and"));
    return { kind: "one_event", items };
  }
  if (c.word("stack")) {
    // `expect stack empty` · `expect stack: none`: nothing waits (as a zone is `empty`; session 34's probe).
    if (["empty", "none", "nothing"].includes(lowerImage(c.peek())) && !c.peek(1)) {
      c.next();
      return { kind: "stack", items: [] };
    }
    if (c.word(":")) {
      if (["empty", "none", "nothing"].includes(lowerImage(c.peek())) && !c.peek(1)) {
        c.next();
        return { kind: "stack", items: [] };
      }
      const items: (string | { rule: true })[] = [];
      while (!c.done()) {
        if (c.word("rule")) items.push({ rule: true });
        else items.push(c.string("a card name in quotes, or rule"));
        if (!c.word(",")) break;
      }
      return { kind: "stack", items };
    }
    if (c.word("count")) return { kind: "stack_count", value: c.count(0, "a count") };
    if (c.word("top")) return { kind: "stack_item", top: true, item: parseStackPattern(c) };
    if (c.word("has")) return { kind: "stack_item", top: false, item: parseStackPattern(c) };
    throw new ParseError('expected "stack:", "stack count N", "stack top ..." or "stack has ..."', c.peek());
  }
  if (c.word("winner")) {
    if (c.word("none")) return { kind: "winner", player: "none" };
    if (c.word("draw")) return { kind: "winner", player: "draw" };
    return { kind: "winner", player: c.player() };
  }
  if (c.word("turn")) return { kind: "turn", value: c.count(1, "turns") };
  if (c.word("phase")) return { kind: "phase", value: c.phaseName("a phase name") };
  if (c.word("active")) {
    // `expect active player p2` (session 35's probe: "expected a player, found player").
    c.word("player");
    return { kind: "active", player: c.player() };
  }
  if (c.word("deck")) {
    if (c.word("ok", "legal")) return { kind: "deck_violations", codes: [] };
    c.expectWord("violations", "violation");
    c.word(":");
    const codes: string[] = [];
    while (!c.done()) {
      codes.push(c.name("deck_code", "a deck violation code").toLowerCase());
      c.word(",");
    }
    return { kind: "deck_violations", codes };
  }
  if (c.atCard()) {
    const card = c.card();
    // `expect "A" and "B" are exhausted`: one card per line (session 34's probe: "expected a number, found "B"").
    if ((lowerImage(c.peek()) === "and" || c.peek()?.image === ",") && isString(c.peek(1))) {
      const at = c.peek();
      const cards = [refText(card)];
      while ((lowerImage(c.peek()) === "and" || c.peek()?.image === ",") && isString(c.peek(1))) {
        c.next();
        cards.push(refText(c.card()));
      }
      const rest: string[] = [];
      while (!c.done()) rest.push(c.next()!.image);
      const verb: Record<string, string> = { are: "is", have: "has", lack: "lacks" };
      if (rest.length && verb[rest[0]!.toLowerCase()]) rest[0] = verb[rest[0]!.toLowerCase()]!;
      throw new ParseError(`an expectation is about one card: write a line for each — ${cards.map((x) => `\`expect ${x}${rest.length ? ` ${rest.join(" ")}` : " ..."}\``).join(", ")}`, at);
    }
    const state = cardState(c, card, flip);
    // `... in Discard Pile`: the writer says the card is read out of play (runtime/scenario.ts outOfPlay).
    if (c.word("in")) {
      const words = c.words([]);
      if (words.length === 0) throw new ParseError("expected a zone name after \"in\"", c.peek());
      c.note("zone", words.map((t) => t.image).join(" "), words[0]!, words[words.length - 1]!);
      card.zone = words.map((t) => t.image).join(" ");
    }
    return state;
  }
  // `expect game over` · `expect the game ends` (session 34's probe): the result is the winner line.
  if (lowerImage(c.peek()) === "game" || (lowerImage(c.peek()) === "the" && lowerImage(c.peek(1)) === "game")) throw new ParseError("the game's end is said by its result: `expect winner p1` (or `p2`), `expect winner draw` (every player lost at once), `expect winner none` (it goes on)", c.peek());
  // `expect life p2 20` · `expect Bleed p2 2`: the player comes first (session 34's probe: "expected a player, found life").
  if (!isPlayer(c.peek()) && isPlayer(c.peek(1)) && !isString(c.peek()) && !isNumber(c.peek())) {
    const rest: string[] = [];
    for (let k = 2; c.peek(k); k++) rest.push(c.peek(k)!.image);
    throw new ParseError(`a player's life, resource, counter or zone is written after the player: \`expect ${c.peek(1)!.image} ${c.peek()!.image}${rest.length ? ` ${rest.join(" ")}` : ""}\``, c.peek());
  }
  const player = c.player();
  // `expect p1 wins` · `expect p2 loses` (session 34's probe: read as an amount "wins", then "expected a number").
  const result = lowerImage(c.peek());
  if (["wins", "won", "win", "loses", "lost", "lose"].includes(result)) {
    const winner = result.startsWith("w") ? player : player === "p1" ? "p2" : "p1";
    throw new ParseError(`the game's result is said of its winner: \`expect winner ${winner}\``, c.peek());
  }
  if (c.word("life")) {
    verbBeforeNumber(c, `${player} life`);
    return { kind: "life", player, value: c.number() };
  }
  if (c.word("to")) {
    c.expectWord("act");
    return { kind: "to_act", player };
  }
  const words = c.words([":", "has", "lacks", "count"]);
  const zone = () => {
    if (words.length === 0) throw new ParseError("expected a zone name", c.peek());
    c.note("zone", words.map((t) => t.image).join(" "), words[0]!, words[words.length - 1]!);
    return words.map((t) => t.image).join(" ");
  };
  // `p1 temporary Facets: Green` (session 35's Chromatic probe: "Unknown zone"): a temporary Facet is no card in a zone
  // but a resource kept for the turn, counted by its colour.
  if (lowerImage(words[0]) === "temporary" && lowerImage(c.peek()) === ":") {
    const kind = c.peek(1) && !isString(c.peek(1)) && !isNumber(c.peek(1)) ? c.peek(1)!.image : "<colour>";
    throw new ParseError(`a temporary resource is no zone of cards: it is counted by its kind, \`expect ${player} temporary ${kind} 1\``, words[0]);
  }
  if (c.word(":")) return { kind: "zone", player, zone: zone(), cards: c.zoneCards(), mode: "exactly" };
  // `p1 hand has 1 card` · `p1 hand has 2 cards`: a zone's size is its count (a card list follows `has`).
  const sizeSaidWithHas = () => {
    if (!isNumber(c.peek())) return;
    const n = c.peek()!.image;
    // `p1 has 3 Armor` · `p2 has 27 life` · `p1 has 2 cards in hand`: no zone before `has` — an amount of the player,
    // written after the player (`expect p1 Armor 3`), or a zone's count. Read as a zone with no name it said
    // `expect p1  count 3` (session 33's Chromatic probe).
    if (words.length === 0) {
      const rest: string[] = [];
      for (let k = 1; c.peek(k); k++) rest.push(c.peek(k)!.image);
      const lower = rest.map((w) => w.toLowerCase());
      const inAt = lower.indexOf("in");
      if (/^cards?$/.test(lower[0] ?? "") && inAt === 1 && rest.length > 2) {
        const zoneWords = rest.slice(2).filter((w, k) => !(k === 0 && /^(their|his|her|the|its|your)$/i.test(w)));
        throw new ParseError(`a zone's size is said of the zone, with "count": \`expect ${player} ${zoneWords.join(" ")} count ${n}\``, c.peek());
      }
      const what = rest.join(" ") || "<resource or counter>";
      throw new ParseError(`a player's life, resource or counter is written after the player, then the number, with no "has": \`expect ${player} ${what} ${n}\``, c.peek());
    }
    const where = `${player} ${words.map((t) => t.image).join(" ")}`;
    throw new ParseError(`a zone's size is said with "count": \`expect ${lowerImage(c.peek(-1)) === "lacks" ? "not " : ""}${where} count ${n}\` (\`has\` names the cards it holds: \`expect ${where} has "<card>"\`)`, c.peek());
  };
  if (c.word("has")) {
    // `p2 has no cards in hand` (session 34's probe: "expected a zone name"): an empty zone.
    if (words.length === 0 && lowerImage(c.peek()) === "no") {
      const rest: string[] = [];
      for (let k = 1; c.peek(k); k++) rest.push(c.peek(k)!.image);
      const inAt = rest.findIndex((w) => w.toLowerCase() === "in");
      const zoneWords = inAt >= 0 ? rest.slice(inAt + 1).filter((w, k) => !(k === 0 && /^(their|his|her|the|its|your)$/i.test(w))) : [];
      throw new ParseError(`an empty zone is written \`expect ${player} ${zoneWords.join(" ") || "<zone>"}: none\``, c.peek());
    }
    sizeSaidWithHas();
    return { kind: "zone", player, zone: zone(), cards: c.cardList(), mode: "has" };
  }
  if (c.word("lacks")) {
    sizeSaidWithHas();
    return { kind: "zone", player, zone: zone(), cards: c.cardList(), mode: "lacks" };
  }
  if (c.word("count")) return { kind: "zone_count", player, zone: zone(), value: c.count(0, "a count") };
  zoneSaidOtherwise(c, player, words);
  if (words.length === 0) throw new ParseError(misplacedName(c, player) ?? `expected life, a zone, a resource or a counter after ${player}`, c.peek());
  // `p1 temporary Red 1` · `p1 Mana capacity 4` · `p1 Crystal 2` · `p2 Bleed 3`
  const temporary = words.length > 1 && lowerImage(words[0]) === "temporary";
  const capacity = !temporary && words.length > 1 && lowerImage(words[words.length - 1]) === "capacity";
  const nameTokens = words.slice(temporary ? 1 : 0, capacity ? -1 : undefined);
  // `p2 Bleed is 2` · `p2 Bleed = 2` (the words read "Bleed is"): the number comes right after the name.
  const verb = nameTokens.length > 1 && ["is", "equals", "of", "are"].includes(lowerImage(nameTokens[nameTokens.length - 1])) && isNumber(c.peek());
  if (verb) {
    const named = nameTokens.slice(0, -1).map((t) => t.image).join(" ");
    throw new ParseError(`the number comes right after the name, with no "${nameTokens[nameTokens.length - 1]!.image}": \`expect ${player} ${temporary ? "temporary " : ""}${named}${capacity ? " capacity" : ""} ${c.peek()!.image}\``, nameTokens[nameTokens.length - 1]);
  }
  // `p2 damage 3`: a player keeps no damage — damage to a player is life lost, and each hit an event (session 34's probe).
  if (nameTokens.length === 1 && lowerImage(nameTokens[0]) === "damage") throw new ParseError(`damage dealt to a player is not kept on the player: it is life lost — \`expect ${player} life N\` — and each hit is an event, \`expect event damage ${player}${isNumber(c.peek()) ? ` ${c.peek()!.image}` : ""}\``, nameTokens[0]);
  const name = nameTokens.map((t) => t.image).join(" ");
  c.note(temporary ? "temporary" : capacity ? "resource" : "amount", name, nameTokens[0]!, nameTokens[nameTokens.length - 1]!);
  return { kind: "amount", player, name, value: c.count(0, capacity ? "a capacity" : "an amount"), ...(capacity ? { capacity } : {}), ...(temporary ? { temporary } : {}) };
}
