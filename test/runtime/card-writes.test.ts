// Every change to a card instance in runtime/ goes through runtime/core/cards.ts (`writeCard`,
// `insertCard`, `removeCard`), which note the card in the action's write log (`Ctx.written`): the
// simulator's invariant check re-checks only the cards an action wrote, so a write that bypasses
// the log would go unchecked. Read with TypeScript's type checker: a write is an assignment, a
// `delete`, `++`/`--`, a mutating array method or Object.assign whose target lies in (or is) a value
// of type CardInstance; the card it lands in must come straight from `writeCard(...)` (or a const
// initialised by it). An alias of a card's inner object (`const bag = card.counters`) must come from
// such a card too, since the writes through it are not visible as card writes.
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { readdirSync } from "node:fs";
import path from "node:path";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { checkInvariants, gameRandomDeck } from "../../runtime/simulate.ts";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { gameSources } from "./game-sources.ts";

const WRITERS = new Set(["writeCard"]);
/** cards.ts holds the write functions; bots/ changes only states of its own (a sampled hidden hand), outside any action. */
const exempt = (file: string) => file === "runtime/core/cards.ts" || file.startsWith("runtime/bots/");
const MUTATORS = new Set(["push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin"]);

function runtimeFiles(dir = "runtime"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? runtimeFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

function program(files: string[]): ts.Program {
  const config = ts.readConfigFile("tsconfig.json", ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, process.cwd());
  return ts.createProgram(files, { ...parsed.options, noEmit: true });
}

const unwrap = (node: ts.Expression): ts.Expression => {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n)) n = n.expression;
  return n;
};

/** The problems of one program's runtime files: "file:line: what". */
export function directCardWrites(files: string[]): string[] {
  const prog = program(files);
  const checker = prog.getTypeChecker();
  const stateFile = prog.getSourceFile(path.resolve("runtime/state/state.ts"))!;
  let cardSymbol: ts.Symbol | undefined;
  ts.forEachChild(stateFile, (n) => {
    if (ts.isInterfaceDeclaration(n) && n.name.text === "CardInstance") cardSymbol = checker.getSymbolAtLocation(n.name);
  });
  if (!cardSymbol) throw new Error("CardInstance not found in runtime/state/state.ts");
  const isCard = (node: ts.Expression): boolean => {
    const type = checker.getNonNullableType(checker.getTypeAtLocation(node));
    const parts = type.isUnion() ? type.types : [type];
    return parts.some((t) => t.getSymbol() === cardSymbol);
  };
  /** Does this expression give a card taken for writing (`writeCard(...)`, or a const initialised by it)? */
  const writable = (node: ts.Expression): boolean => {
    const n = unwrap(node);
    if (ts.isCallExpression(n)) return ts.isIdentifier(n.expression) && WRITERS.has(n.expression.text);
    if (!ts.isIdentifier(n)) return false;
    const declaration = checker.getSymbolAtLocation(n)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
    const list = declaration.parent;
    return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 && writable(declaration.initializer);
  };
  /** The card a write to `target` lands in: the first value of type CardInstance down its access chain (null: none). */
  const cardUnder = (target: ts.Expression): ts.Expression | null => {
    let n: ts.Expression = target;
    for (;;) {
      const u = unwrap(n);
      if (isCard(u)) return u;
      if (ts.isPropertyAccessExpression(u) || ts.isElementAccessExpression(u)) n = u.expression;
      else return null;
    }
  };
  /** The expressions a value may come from (both sides of `??`/`||`, both branches of `?:`). */
  const sources = (node: ts.Expression): ts.Expression[] => {
    const n = unwrap(node);
    if (ts.isConditionalExpression(n)) return [...sources(n.whenTrue), ...sources(n.whenFalse)];
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(n.operatorToken.kind)) return [...sources(n.left), ...sources(n.right)];
    return [n];
  };
  const problems: string[] = [];
  for (const file of files) {
    if (exempt(file)) continue;
    const source = prog.getSourceFile(path.resolve(file))!;
    const report = (node: ts.Node, what: string) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      problems.push(`${file}:${line + 1}: ${what}: ${node.getText(source).slice(0, 80)}`);
    };
    /** A write to `target`: fine unless it lands in a card not taken by writeCard. */
    const write = (node: ts.Node, target: ts.Expression) => {
      const t = unwrap(target);
      if (!ts.isPropertyAccessExpression(t) && !ts.isElementAccessExpression(t)) return;
      // The target itself a card (`state.cards[id] = …`, `delete state.cards[id]`): the table changes.
      if (isCard(t)) return report(node, "a card put into or taken out of the card table without insertCard/removeCard");
      const card = cardUnder(t);
      if (card && !writable(card)) report(node, "a card written without writeCard");
    };
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) write(node, node.left);
      else if (ts.isDeleteExpression(node)) write(node, node.expression);
      else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) write(node, node.operand);
      else if (ts.isCallExpression(node)) {
        const callee = unwrap(node.expression);
        if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text)) {
          const card = cardUnder(callee.expression);
          if (card && !writable(card)) report(node, "a card's array changed without writeCard");
        }
        if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(source) === "Object" && callee.name.text === "assign" && node.arguments[0]) {
          const card = cardUnder(node.arguments[0]);
          if (card && !writable(card)) report(node, "a card changed by Object.assign without writeCard");
        }
      } else if (ts.isVariableDeclaration(node) && node.initializer) {
        // An alias of a card's inner object (counters, marks, active abilities) from a card not taken for writing.
        for (const from of sources(node.initializer)) {
          const f = unwrap(from);
          if (!(ts.isPropertyAccessExpression(f) || ts.isElementAccessExpression(f)) || isCard(f)) continue;
          const type = checker.getNonNullableType(checker.getTypeAtLocation(f));
          if (!(type.flags & ts.TypeFlags.Object)) continue;
          const card = cardUnder(f);
          if (card && !writable(card)) report(node, "an alias of a card's inner object from a card not taken by writeCard");
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

describe("card writes in runtime/", () => {
  it("go through writeCard / insertCard / removeCard, so the simulator's write log misses none", () => {
    expect(directCardWrites(runtimeFiles())).toEqual([]);
  }, 300_000);

  it("finds a direct write, a table insertion, a deletion, an alias and an array change (the checker itself)", () => {
    const probe = "runtime/core/__card-writes-probe.ts";
    const text = [
      'import type { Ctx } from "./cards.ts";',
      'import { writeCard } from "./cards.ts";',
      "export function probe(ctx: Ctx, id: string): void {",
      "  const card = ctx.state.cards[id]!;",
      "  card.exhausted = true;",
      "  ctx.state.cards[id]!.damage += 1;",
      "  delete card.damagedBy;",
      "  ctx.state.cards[id] = card;",
      "  const bag = ctx.state.cards[id]?.counters;",
      "  card.active?.push(id);",
      "  const fine = writeCard(ctx, id)!;",
      "  fine.exhausted = true;",
      "  fine.counters[id] = 1;",
      "  writeCard(ctx, id)!.damage++;",
      "  const ok = fine.counters;",
      "  void bag; void ok;",
      "}",
    ].join("\n");
    const host = ts.sys.readFile;
    ts.sys.readFile = (file, encoding) => (path.resolve(file) === path.resolve(probe) ? text : host(file, encoding));
    const exists = ts.sys.fileExists;
    ts.sys.fileExists = (file) => path.resolve(file) === path.resolve(probe) || exists(file);
    try {
      const found = directCardWrites([probe]).map((p) => p.split(": ")[0]!.split(":")[1]);
      expect(found).toEqual(["5", "6", "7", "8", "9", "10"]);
    } finally {
      ts.sys.readFile = host;
      ts.sys.fileExists = exists;
    }
  }, 300_000);
});

const engines = new Map<string, Engine>();
const engineOf = (game: string): Engine => {
  let engine = engines.get(game);
  if (!engine) engines.set(game, (engine = createEngine(lowerWorkspace(gameSources(game)).bundles.find((b) => b.game.id === game)!)));
  return engine;
};

describe("the write log (applyInPlace's written)", () => {
  // Random games over each game's starter set and its scenario card sets: after every action, each
  // card whose JSON changed (or that appeared or went) is in the log — the log misses no write.
  for (const game of ["duel", "cybervamp", "chromatic"]) {
    it(`names every card an action changed (${game})`, () => {
      const engine = engineOf(game);
      let actions = 0;
      let changed = 0;
      const missed: string[] = [];
      for (let g = 0; g < 4; g++) {
        let { state } = engine.newGame({ seed: 40 + g, decks: { p1: gameRandomDeck(engine, 80 + g), p2: gameRandomDeck(engine, 90 + g) } });
        const agent = xoroshiro128plus(700 + g);
        const written = new Set<string>();
        for (let a = 0; a < 600 && !state.over; a++) {
          const legal = engine.legalActions(state);
          if (legal.length === 0) break;
          const before = new Map(Object.entries(state.cards).map(([id, card]) => [id, JSON.stringify(card)]));
          written.clear();
          const applied = engine.applyInPlace(state, legal[uniformInt(agent, 0, legal.length - 1)]!, true, written);
          expect(applied.ok).toBe(true);
          state = applied.state;
          actions++;
          for (const id of new Set([...before.keys(), ...Object.keys(state.cards)])) {
            const after = state.cards[id] === undefined ? undefined : JSON.stringify(state.cards[id]);
            if (after === before.get(id)) continue;
            changed++;
            if (!written.has(id)) missed.push(`game ${g} action ${a}: ${id} ${before.get(id)} → ${after}`);
          }
        }
      }
      expect(missed).toEqual([]);
      // The games did change cards (the check above is not vacuous). The random decks draw from the scenario card
      // sets too, so adding test cards changes how long the games last (Duel: 193 actions in 4 games at ac9e156).
      expect(actions).toBeGreaterThan(100);
      expect(changed).toBeGreaterThan(50);
    }, 300_000);
  }

  it("checkInvariants with a log re-checks the logged cards' own fields, the changed zone lists, and the players always", () => {
    const engine = engineOf("duel");
    const { state } = engine.newGame({ seed: 5, decks: { p1: gameRandomDeck(engine, 1), p2: gameRandomDeck(engine, 2) } });
    const [first, second] = state.players["p1"]!.zones["Hand"]!;
    const broken = structuredClone(state);
    broken.cards[first!]!.counters["power"] = -1;
    expect(checkInvariants(engine, broken)).toEqual([`card ${first} has negative power counters`]);
    expect(checkInvariants(engine, broken, new Set([first!]))).toEqual([`card ${first} has negative power counters`]);
    // Not logged: the card's own fields are taken as checked (the log says it did not change).
    expect(checkInvariants(engine, broken, new Set([second!]))).toEqual([]);
    // Players are checked whatever the log says; a card's zone, as its other fields, when the log names it.
    broken.cards[first!]!.zone = "Graveyard";
    broken.players["p2"]!.resources["Crystal"] = -2;
    expect(checkInvariants(engine, broken, new Set())).toEqual(["p2 has negative Crystal: -2"]);
    expect(checkInvariants(engine, broken, new Set([first!]))).toEqual([`card ${first} says zone Graveyard but is listed in p1.Hand`, "p2 has negative Crystal: -2", `card ${first} has negative power counters`]);
  });

  it("checkInvariants with a log walks the zone lists that changed since a clean pass: a card moved, listed twice or taken is found", () => {
    const engine = engineOf("duel");
    const { state } = engine.newGame({ seed: 8, decks: { p1: gameRandomDeck(engine, 7), p2: gameRandomDeck(engine, 8) } });
    const zones = state.players["p1"]!.zones;
    const [hand, deck] = [zones["Hand"]!, zones["Deck"]!];
    expect(checkInvariants(engine, state)).toEqual([]);
    expect(checkInvariants(engine, state, new Set())).toEqual([]);
    // Moved from one list to another, the card itself not written: the changed lists are walked.
    const moved = hand[0]!;
    hand.shift();
    deck.push(moved);
    expect(checkInvariants(engine, state, new Set())).toEqual([`card ${moved} says zone Hand but is listed in p1.Deck`]);
    deck.pop();
    hand.unshift(moved);
    expect(checkInvariants(engine, state, new Set())).toEqual([]);
    // Listed a second time in a changed list while its first list did not change.
    const twice = hand[1]!;
    state.players["p2"]!.zones["Hand"]!.push(twice);
    expect(checkInvariants(engine, state, new Set())).toEqual([expect.stringMatching(new RegExp(`^card ${twice} is in two zones: (p1.Hand and p2.Hand|p2.Hand and p1.Hand)$`))]);
    state.players["p2"]!.zones["Hand"]!.pop();
    expect(checkInvariants(engine, state, new Set())).toEqual([]);
    // Twice in one changed list, the count made even by a card put into the table (logged) and into no list.
    const made = "c900";
    state.cards[made] = { ...state.cards[twice]!, id: made };
    hand.push(twice);
    expect(checkInvariants(engine, state, new Set([made]))).toEqual([`card ${twice} is in two zones: p1.Hand and p1.Hand`, `card ${made} is in no zone`]);
    hand.pop();
    delete state.cards[made];
    expect(checkInvariants(engine, state, new Set([made]))).toEqual([]);
    // Taken out of the table (logged) but still listed in a list that did not change.
    const taken = deck[0]!;
    const card = state.cards[taken]!;
    delete state.cards[taken];
    expect(checkInvariants(engine, state, new Set([taken]))).toEqual([`zone p1.Deck lists unknown card ${taken}`]);
    state.cards[taken] = card;
    expect(checkInvariants(engine, state, new Set([taken]))).toEqual([]);
    // Its zone written (logged), its list unchanged.
    card.zone = "Graveyard";
    expect(checkInvariants(engine, state, new Set([taken]))).toEqual([`card ${taken} says zone Graveyard but is listed in p1.Deck`]);
    card.zone = "Deck";
    expect(checkInvariants(engine, state, new Set([taken]))).toEqual([]);
  });

  it("checkInvariants with a log finds whatever a full pass finds after zone lists change anywhere in them (moved, listed twice, dropped, reordered)", () => {
    // Mid-game states of each game; the zone lists changed at random places (the check looks only at the
    // part of a list that changed since the last clean pass: a change at its start, middle or end, or two
    // changes in one list, must not hide a card listed twice, in the wrong list or in none).
    let broken = 0;
    let clean = 0;
    for (const game of ["duel", "cybervamp"]) {
      const engine = engineOf(game);
      let { state } = engine.newGame({ seed: 21, decks: { p1: gameRandomDeck(engine, 31), p2: gameRandomDeck(engine, 32) } });
      const agent = xoroshiro128plus(55);
      for (let a = 0; a < 40 && !state.over; a++) {
        const legal = engine.legalActions(state);
        state = engine.applyInPlace(state, legal[uniformInt(agent, 0, legal.length - 1)]!, true, new Set()).state;
      }
      const rng = xoroshiro128plus(game.length);
      const pick = (n: number) => uniformInt(rng, 0, n - 1);
      for (let trial = 0; trial < 150; trial++) {
        const copy = structuredClone(state);
        expect(checkInvariants(engine, copy)).toEqual([]);
        const lists = copy.order.flatMap((player) => Object.entries(copy.players[player]!.zones).map(([zone, ids]) => ({ zone, ids: ids! })));
        const nonEmpty = () => lists.filter((l) => l.ids.length > 0);
        const written = new Set<string>();
        for (let change = 1 + pick(3); change > 0; change--) {
          const from = nonEmpty()[pick(nonEmpty().length)]!;
          const to = lists[pick(lists.length)]!;
          const at = pick(from.ids.length);
          const id = from.ids[at]!;
          switch (pick(5)) {
            case 0: // moved, its card not told
              from.ids.splice(at, 1);
              to.ids.splice(pick(to.ids.length + 1), 0, id);
              break;
            case 1: // moved, its card told (a write, logged): a legal move
              from.ids.splice(at, 1);
              to.ids.splice(pick(to.ids.length + 1), 0, id);
              copy.cards[id]!.zone = to.zone;
              written.add(id);
              break;
            case 2: // listed a second time
              to.ids.splice(pick(to.ids.length + 1), 0, id);
              break;
            case 3: // dropped from its list
              from.ids.splice(at, 1);
              break;
            default: {
              // two of a list's ids swapped: a legal reorder
              const other = pick(from.ids.length);
              [from.ids[at], from.ids[other]] = [from.ids[other]!, from.ids[at]!];
            }
          }
        }
        const full = checkInvariants(engine, structuredClone(copy));
        expect(checkInvariants(engine, copy, written).sort(), `${game} trial ${trial}`).toEqual(full.sort());
        if (full.length > 0) broken++;
        else clean++;
      }
    }
    // Both outcomes were met many times (the comparison is not vacuous either way).
    expect(broken).toBeGreaterThan(50);
    expect(clean).toBeGreaterThan(20);
  });

  it("checkInvariants with a log counts the card table from the log: a card made, taken or unlisted since is found", () => {
    const engine = engineOf("duel");
    const { state } = engine.newGame({ seed: 7, decks: { p1: gameRandomDeck(engine, 5), p2: gameRandomDeck(engine, 6) } });
    const hand = state.players["p1"]!.zones["Hand"]!;
    expect(checkInvariants(engine, state)).toEqual([]);
    // A card put into the table (logged) but into no zone.
    const made = "c900";
    state.cards[made] = { ...state.cards[hand[0]!]!, id: made };
    expect(checkInvariants(engine, state, new Set([made]))).toEqual([`card ${made} is in no zone`]);
    // Listed now: the count from the log agrees with the zones again.
    hand.push(made);
    expect(checkInvariants(engine, state, new Set())).toEqual([]);
    // A card taken out of its zone and out of the table (logged): nothing is wrong.
    hand.splice(hand.indexOf(made), 1);
    delete state.cards[made];
    expect(checkInvariants(engine, state, new Set([made]))).toEqual([]);
    // A card taken out of its zone only (its write logged): in no zone.
    const unlisted = hand.shift()!;
    expect(checkInvariants(engine, state, new Set([unlisted]))).toEqual([`card ${unlisted} is in no zone`]);
    hand.unshift(unlisted);
    // An id the engine does not write, logged: counted the slow way, the same findings.
    state.cards["odd"] = { ...state.cards[unlisted]!, id: "odd" };
    expect(checkInvariants(engine, state, new Set(["odd"]))).toEqual(["card odd is in no zone"]);
    delete state.cards["odd"];
    expect(checkInvariants(engine, state, new Set(["odd"]))).toEqual([]);
  });

  it("checkInvariants finds a card listed twice, in one list or two, whatever its id looks like", () => {
    const engine = engineOf("duel");
    const { state } = engine.newGame({ seed: 6, decks: { p1: gameRandomDeck(engine, 3), p2: gameRandomDeck(engine, 4) } });
    const hand = (s: typeof state) => s.players["p1"]!.zones["Hand"]!;
    const twice = structuredClone(state);
    const first = hand(twice)[0]!;
    hand(twice).push(first);
    expect(checkInvariants(engine, twice)).toContain(`card ${first} is in two zones: p1.Hand and p1.Hand`);
    // Ids the engine does not write (c + digits) go through a set: the same findings.
    const renamed = structuredClone(state);
    for (const odd of ["x1", "c01", "c", "c12345678"]) {
      const id = hand(renamed).shift()!;
      const card = renamed.cards[id]!;
      delete renamed.cards[id];
      renamed.cards[odd] = { ...card, id: odd };
      hand(renamed).push(odd);
    }
    expect(checkInvariants(engine, renamed)).toEqual([]);
    hand(renamed).push("c01");
    renamed.players["p2"]!.zones["Graveyard"]!.push("x1");
    const problems = checkInvariants(engine, renamed);
    expect(problems).toContain("card c01 is in two zones: p1.Hand and p1.Hand");
    expect(problems.filter((p) => /^card x1 is in two zones: (p1.Hand and p2.Graveyard|p2.Graveyard and p1.Hand)$/.test(p))).toHaveLength(1);
    // Checked again after another pass, the marks of the first are gone.
    expect(checkInvariants(engine, state)).toEqual([]);
  });
});
