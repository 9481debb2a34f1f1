/**
 * Property: every expectation form, negated, fails on a run where its positive form holds — and,
 * so that no form can pass while testing nothing, a false one of the same form fails too.
 *
 * The runs are the bundled scenarios (and a few boards that reach the rarer states: a defender, a
 * response stack). For a run picked at random, each form's positive is written from the state and
 * trace the engine reached — so it must pass — and its negation (`expect not ...`) must fail at
 * its own line; the same form with another value must fail, and its negation pass. The generators are a `Record` over `Expectation["kind"]`, so a new
 * form does not typecheck here until it has one; every form must be exercised.
 */
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Expectation } from "../../grammar/scenario.ts";
import { hasStack, marksDamage, parseScenarioFile, scenarioNames } from "../../compiler/scenario.ts";
import { gameCardStates } from "../../compiler/contract-check.ts";
import { RESOLVING } from "../../runtime/core/cards.ts";
import { cardDef, isNewlyTurned, newCtx } from "../../runtime/core/index.ts";
import type { Engine, GameState, TraceEvent } from "../../runtime/index.ts";
import { MOMENT_BOUNDARIES, costNow, runScenario } from "../../runtime/scenario.ts";
import { MODEL_ONLY_KINDS, TRACE_KINDS } from "../../compiler/engine-words.ts";
import { engineOf } from "./helpers.ts";

interface Run {
  game: string;
  text: string;
  engine: Engine;
  state: GameState;
  events: TraceEvent[];
  /** The scenario's own `deck:` list, or three cards of the game (added as a `deck:` line). */
  deck: string[];
  ownDeck: boolean;
}

/** Boards that reach what the bundled scenarios rarely end on. */
const EXTRA = [
  `scenario "a defender" for duel
setup {
  turn 3 p1 phase Play
  p1 field: "Stone Guard", "Scout"
}
p1 defend "Stone Guard"
expect p1 field count 2
`,
  `scenario "a spell and a response waiting on the stack, with targets" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Hemorrhage Stalker"
  p1 hand: "Adrenal Surge"
  p2 battlefield: "Neon Abattoir", "Gold Exchange"
  p2 hand: "Arterial Spray"
}
p1 play "Adrenal Surge" target "Hemorrhage Stalker"
p2 play "Arterial Spray" target p1
expect stack count 2
`,
  `scenario "a creature Newly Turned beside one that is not" for cybervamp
setup {
  turn 3 p1 phase Pre-Battle
  p1 battlefield: "Crimson Substation", "Neon Abattoir", "Gold Exchange", "Hemorrhage Stalker"
  p1 hand: "Neon Ripper"
}
p1 play "Neon Ripper"
expect "Neon Ripper" is newly turned
`,
  `scenario "an enchantment switched to another colour" for chromatic
setup {
  turn 4 p1 phase Main
  p1 battlefield: "Ember Aura"
  p1 Facet Zone: "Seer"
}
p1 switches "Ember Aura" to Blue
expect "Ember Aura" active Blue
`,
];

function corpus(): Run[] {
  const texts: { game: string; text: string }[] = EXTRA.map((text) => ({ game: /for (\w+)/.exec(text)![1]!, text }));
  for (const game of ["duel", "cybervamp", "chromatic"]) {
    const dir = `cards/${game}/scenarios`;
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".scenario")).sort()) {
      const lines = readFileSync(`${dir}/${name}`, "utf8").split("\n");
      const starts = parseScenarioFile(lines.join("\n"), name).scenarios.map((s) => s.line - 1);
      starts.forEach((start, i) => texts.push({ game, text: lines.slice(start, starts[i + 1] ?? lines.length).join("\n") }));
    }
  }
  return texts.map(({ game, text }) => {
    const engine = engineOf(game);
    const scenario = parseScenarioFile(text, "p.scenario").scenarios[0]!;
    const result = runScenario(engine, scenario);
    expect(result.failures, text).toEqual([]);
    const deck = scenario.deck?.names ?? [...engine.rules.cards.values()].slice(0, 3).map((c) => c.name);
    // A draw that drew nothing (empty deck, can't draw, a full hand that skips) stays in the trace to say why, and is no
    // draw event to a scenario: `expect event draw` passes over it, so no expectation is written from it.
    const events = result.events.filter((e) => !(e.kind === "draw" && e.amount === 0));
    return { game, text, engine, state: result.state!, events, deck, ownDeck: !!scenario.deck };
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '\\"')}"`;
const nameOf = (run: Run, id: string) => {
  const card = run.state.cards[id]!;
  return (run.engine.rules.cards.get(card.def) ?? run.state.tokens[card.def])!.name;
};
/** Cards whose name no other card of the state has: a line can name them without saying which. */
const uniqueCards = (run: Run) => {
  const count = new Map<string, number>();
  for (const id of Object.keys(run.state.cards)) count.set(nameOf(run, id).toLowerCase(), (count.get(nameOf(run, id).toLowerCase()) ?? 0) + 1);
  return Object.keys(run.state.cards).filter((id) => count.get(nameOf(run, id).toLowerCase()) === 1);
};
/** ` in <zone>` for a card out of play (a card's state is read out of play only when the line says where), else "". */
const where = (run: Run, id: string) => {
  const { rules } = run.engine;
  const zone = run.state.cards[id]!.zone;
  const inPlay = [rules.zones.battlefield, RESOLVING, ...rules.game.zones.filter((z) => z.role === "resource").map((z) => z.name)];
  return inPlay.includes(zone) ? "" : ` in ${zone}`;
};
/** The name of the card an event is about: the card's own (an event may carry none), or the event's once the card is gone. */
let names: (e: TraceEvent) => string | undefined = () => undefined;
/** The name of the event's other card (a fight's fought card): the runner's `fight "X"` is either fighter (runtime/scenario.ts eventMatcher). */
let otherName: (e: TraceEvent) => string | undefined = () => undefined;
/** Damage a card dealt to a player: the event's card is the one that dealt it (`damage p2 by "X"`); of other damage, the card dealt it. */
const byCardToPlayer = (e: TraceEvent) => e.kind === "damage" && !!e.player && !!e.card && !!names(e);
const eventText = (e: TraceEvent) =>
  byCardToPlayer(e) ? `damage ${e.player} by ${quote(names(e)!)}` : `${e.kind}${names(e) && e.card ? ` ${quote(names(e)!)}` : e.player && !e.card ? ` ${e.player}` : ""}`;
const eventMatches = (p: TraceEvent) => (e: TraceEvent) => {
  if (e.kind !== p.kind) return false;
  if (byCardToPlayer(p)) return byCardToPlayer(e) && e.player === p.player && names(e)!.toLowerCase() === names(p)!.toLowerCase();
  if (names(p) && p.card) {
    const name = names(p)!.toLowerCase();
    if (otherName(e)?.toLowerCase() === name) return true;
    return !(e.kind === "damage" && e.player) && names(e)?.toLowerCase() === name && !!e.card;
  }
  return p.player && !p.card ? e.player === p.player : true;
};
const withNames = <T>(r: Run, f: () => T): T => {
  names = (e) => (e.card && r.state.cards[e.card] ? nameOf(r, e.card) : e.name);
  otherName = (e) => (e.other !== undefined && r.state.cards[e.other] ? nameOf(r, e.other) : undefined);
  return f();
};

/** An expectation (without `expect `) that holds at the end of a run, and one of the same form that does not. */
interface Pair {
  yes: string;
  no: string;
}

/** `... N` with N one more: the same claim about another value. */
const plusOne = (line: string) => line.replace(/(-?\d+)(\D*)$/, (_, n: string, rest: string) => `${Number(n) + 1}${rest}`);
const numbered = (lines: string[]): Pair[] => lines.map((yes) => ({ yes, no: plusOne(yes) }));
/** A kind of event the run never had, of those its game's response model emits (another model's kind is CW7014, not a false claim). */
const absentKind = (r: Run) =>
  TRACE_KINDS.find((k) => !r.events.some((e) => e.kind === k) && (MODEL_ONLY_KINDS[k]?.includes(String(r.engine.rules.game.params.response_model ?? "instant") as never) ?? true))!;
/** Whether a player's zone holds all it ever can (Three-Slot Duel's full Field): a claim of one card more there is CW7012, not a false claim. */
const full = (r: Run, zone: string, count: number) => scenarioNames(r.engine.rules.game, [], () => []).zones.find((z) => z.name === zone)?.slots === count;

/**
 * The events a line can name by their cards' names alone: not one about a name both players have a card of — an event
 * line must then say whose (runtime/scenario.ts eitherPlayersCard), and this test's lines name cards by name.
 */
const namedAlone = (r: Run): TraceEvent[] => {
  const whose = new Map<string, Set<string>>();
  for (const c of Object.values(r.state.cards)) {
    const name = nameOf(r, c.id).toLowerCase();
    whose.set(name, (whose.get(name) ?? new Set()).add(c.owner).add(c.controller));
  }
  // A token that ceased to exist is in no final zone: the cards its events name count too (p1's and p2's Thrall tokens).
  const ids = new Map<string, Set<string>>();
  for (const e of r.events) {
    const name = e.card && !r.state.cards[e.card] ? names(e)?.toLowerCase() : undefined;
    if (name) ids.set(name, (ids.get(name) ?? new Set()).add(e.card!));
  }
  const alone = (name: string | undefined) => !name || ((whose.get(name.toLowerCase())?.size ?? 0) < 2 && !(ids.get(name.toLowerCase())?.size && (whose.has(name.toLowerCase()) || ids.get(name.toLowerCase())!.size > 1)));
  return r.events.filter((e) => alone(names(e)) && alone(otherName(e)));
};

const FORMS: Record<Expectation["kind"], (run: Run) => Pair[]> = {
  life: (r) => numbered(r.state.order.map((p) => `${p} life ${r.state.players[p]!.life}`)),
  amount: (r) =>
    numbered(
      r.state.order.flatMap((p) => {
        const ps = r.state.players[p]!;
        const { game } = r.engine.rules;
        // A pool the game never fills is CW7013: a resource's pool where lands pay, temporary resources without Facets, a capacity of a resource not run as one.
        const pools = game.params.costs_paid_by !== "exhausting_lands";
        const temporary = game.params.max_facets !== undefined;
        return [
          ...(pools ? game.resources.map((res) => `${p} ${res.name} ${ps.resources[res.name] ?? 0}`) : []),
          ...game.resources
            .filter((res) => game.params[`${res.name.toLowerCase()}_model`] === "capacity" || String(game.params.mana_resource ?? "").toLowerCase() === res.name.toLowerCase())
            .map((res) => `${p} ${res.name} capacity ${ps.capacity[res.name] ?? 0}`),
          ...game.counters.filter((c) => c.on === "player").map((c) => `${p} ${c.name} ${ps.counters[c.name] ?? 0}`),
          ...(temporary ? game.colors.map((c) => `${p} temporary ${c.name} ${r.state.temporary?.[p]?.[c.name] ?? 0}`) : []),
        ];
      }),
    ),
  zone: (r) =>
    r.state.order.flatMap((p) =>
      r.engine.rules.game.zones.flatMap((z) => {
        const names = (r.state.players[p]!.zones[z.name] ?? []).map((id) => nameOf(r, id));
        // A card of this game that is not in the zone (a card never in the game is an error, not a false claim), and could
        // be: out of play a card is only ever in its owner's zone (another owner's card there is an error too, session 41).
        const mayHold = (id: string) => z.name === r.engine.rules.zones.battlefield || r.state.cards[id]!.owner === p;
        const other = Object.keys(r.state.cards).filter(mayHold).map((id) => nameOf(r, id)).find((n) => !names.includes(n));
        const listed = names.map(quote).join(", ");
        // The false list: one card more, or in a full zone one card short (one more would be CW7012, a line that could never hold).
        const longer = (extra: string) => (full(r, z.name, names.length) ? names.slice(1).map(quote).join(", ") : [listed, extra].filter(Boolean).join(", "));
        if (other === undefined) return names.length ? [{ yes: `${p} ${z.name}: ${listed}`, no: `${p} ${z.name}: ${longer(quote(names[0]!))}` }] : [];
        const absent = quote(other);
        return [
          { yes: `${p} ${z.name}: ${listed}`, no: `${p} ${z.name}: ${longer(absent)}` },
          ...(names.length ? [{ yes: `${p} ${z.name} has ${quote(names[0]!)}`, no: `${p} ${z.name} has ${absent}` }] : []),
          ...(names.length ? [{ yes: `${p} ${z.name} lacks ${absent}`, no: `${p} ${z.name} lacks ${quote(names[0]!)}` }] : []),
        ];
      }),
    ),
  zone_count: (r) =>
    r.state.order.flatMap((p) =>
      r.engine.rules.game.zones.map((z) => {
        const count = (r.state.players[p]!.zones[z.name] ?? []).length;
        // A full zone: the false count is one fewer (one more is CW7012, a line that could never hold).
        return { yes: `${p} ${z.name} count ${count}`, no: `${p} ${z.name} count ${full(r, z.name, count) ? count - 1 : count + 1}` };
      }),
    ),
  stat: (r) => numbered(uniqueCards(r).flatMap((id) => r.engine.rules.game.stats.map((s) => `${quote(nameOf(r, id))} ${s} ${r.engine.stat(r.state, id, s)}${where(r, id)}`))),
  damage: (r) => numbered(uniqueCards(r).map((id) => `${quote(nameOf(r, id))} damage ${r.state.cards[id]!.damage}${where(r, id)}`)),
  cost: (r) =>
    uniqueCards(r)
      .filter((id) => r.state.cards[id]!.zone === r.engine.rules.zones.hand)
      .map((id) => {
        const now = costNow(r.engine, r.state, id);
        // Another cost: one more part the card does not ask for.
        const more = !/\blife\b/.test(now) ? "9 life" : !/\bdiscard\b/.test(now) ? "discard 9" : "erase 9";
        return { yes: `${quote(nameOf(r, id))} cost ${now}`, no: `${quote(nameOf(r, id))} cost ${now === "free" ? more : `${now} ${more}`}` };
      }),
  counters: (r) => numbered(uniqueCards(r).flatMap((id) => r.engine.rules.game.counters.filter((c) => c.on === "card").map((c) => `${quote(nameOf(r, id))} ${c.name} counters ${r.state.cards[id]!.counters[c.name] ?? 0}${where(r, id)}`))),
  exhausted: (r) =>
    uniqueCards(r).flatMap((id) => {
      const card = r.state.cards[id]!;
      const name = quote(nameOf(r, id));
      const at = where(r, id);
      const over = gameCardStates(r.engine.rules.game).has("overexhaustion");
      return [
        { yes: `${name} is ${card.exhausted ? "exhausted" : "ready"}${at}`, no: `${name} is ${card.exhausted ? "ready" : "exhausted"}${at}` },
        ...(card.overexhausted || !over ? [] : [{ yes: `${name} is ${card.exhausted ? "exhausted" : "ready"}${at}`, no: `${name} is overexhausted${at}` }]),
      ];
    }),
  defender: (r) => {
    const cards = uniqueCards(r).filter((id) => r.state.cards[id]!.zone === r.engine.rules.zones.battlefield);
    const yes = cards.filter((id) => r.state.cards[id]!.defender);
    const no = cards.filter((id) => !r.state.cards[id]!.defender);
    return yes.flatMap((y) => no.map((n) => ({ yes: `${quote(nameOf(r, y))} is defender`, no: `${quote(nameOf(r, n))} is defender` })));
  },
  keyword: (r) =>
    uniqueCards(r)
      .filter((id) => r.state.cards[id]!.zone === r.engine.rules.zones.battlefield)
      .flatMap((id) => {
        const name = quote(nameOf(r, id));
        // The game's keyword abilities only: a card's keywords also hold the marks of keyword actions (Chromatic's Silence).
        const abilities = r.engine.rules.game.keywords.filter((k) => k.kind === "ability").map((k) => k.name.toLowerCase());
        const has = [...r.engine.keywords(r.state, id)].filter(([n]) => abilities.includes(n));
        const lacking = abilities.find((k) => !has.some(([n]) => n === k));
        return has.flatMap(([keyword, amount]) => [
          ...(lacking ? [{ yes: `${name} has ${keyword}`, no: `${name} has ${lacking}` }, { yes: `${name} lacks ${lacking}`, no: `${name} lacks ${keyword}` }] : []),
          ...(amount ? [{ yes: `${name} has ${keyword} ${amount}`, no: `${name} has ${keyword} ${amount + 1}` }] : []),
        ]);
      }),
  event: (r) =>
    numbered([
      ...namedAlone(r).map((e) => `event ${eventText(e)} ${r.events.filter(eventMatches(e)).length} times`),
      // The damage one event dealt (`damage p2 3`, `damage p2 by "X" 3`): counted among the events of that amount.
      ...namedAlone(r).filter((e) => e.kind === "damage" && e.amount !== undefined && e.amount > 0).map((e) => `event ${eventText(e)} ${e.amount} ${r.events.filter((x) => eventMatches(e)(x) && x.amount === e.amount).length} times`),
    ]),
  order: (r) => {
    const told = namedAlone(r);
    return told.slice(1).map((e, i) => ({ yes: `order: ${eventText(told[i]!)}, ${eventText(e)}`, no: `order: ${eventText(told[i]!)}, ${absentKind(r)}` }));
  },
  one_event: (r) => {
    const out: Pair[] = [];
    let moment: TraceEvent[] = [];
    const told = new Set(namedAlone(r));
    for (const e of [...r.events, { kind: "setup" } as TraceEvent]) {
      if (!MOMENT_BOUNDARIES.has(e.kind) && !told.has(e)) continue;
      if (MOMENT_BOUNDARIES.has(e.kind)) {
        for (let i = 1; i < moment.length; i++) out.push({ yes: `one event: ${eventText(moment[i - 1]!)}, ${eventText(moment[i]!)}`, no: `one event: ${eventText(moment[i - 1]!)}, ${absentKind(r)}` });
        moment = [];
      } else moment.push(e);
    }
    return out;
  },
  winner: (r) => {
    const actual = r.state.over ? (r.state.winner ?? "none") : "none";
    return [{ yes: `winner ${actual}`, no: `winner ${actual === "p1" ? "p2" : "p1"}` }];
  },
  turn: (r) => numbered([`turn ${r.state.turn}`]),
  phase: (r) => [{ yes: `phase ${r.state.phase}`, no: `phase ${r.engine.rules.game.phases.find((p) => p.name !== r.state.phase)!.name}` }],
  active: (r) => [{ yes: `active ${r.state.active}`, no: `active ${r.state.active === "p1" ? "p2" : "p1"}` }],
  to_act: (r) => {
    const decider = r.engine.decider(r.state);
    if (!decider) return [];
    return [{ yes: `${decider} to act`, no: `${decider === "p1" ? "p2" : "p1"} to act` }];
  },
  deck_violations: (r) => {
    const codes = r.engine.validateDeck(r.deck).map((v) => v.code);
    return [{ yes: `deck violations: ${codes.join(", ")}`, no: `deck violations: ${[...codes, "too_many_copies"].join(", ")}` }];
  },
  stack: (r) => {
    const items = [...r.state.stack].reverse().map((item) => (item.frame.card ? quote(nameOf(r, item.frame.card)) : "rule"));
    return [{ yes: `stack: ${items.join(", ")}`, no: `stack: ${[...items, "rule"].join(", ")}` }];
  },
  stack_count: (r) => numbered([`stack count ${r.state.stack.length}`]),
  active_ability: (r) =>
    uniqueCards(r)
      .filter((id) => r.state.cards[id]!.zone === r.engine.rules.zones.battlefield)
      .flatMap((id) => {
        const def = cardDef(newCtx(r.engine.rules, r.state), r.state.cards[id]!);
        if (!r.engine.rules.game.cardTypes.find((t) => t.name === def.cardType)?.requires.includes("one_active")) return [];
        const on = new Set(r.engine.activeAbilities(r.state, id));
        const tags = def.abilities.filter((a) => a.tag && a.tag.toLowerCase() !== "base");
        const active = tags.find((a) => on.has(a.id));
        const other = tags.find((a) => !on.has(a.id));
        return active && other ? [{ yes: `${quote(nameOf(r, id))} active ${active.tag}`, no: `${quote(nameOf(r, id))} active ${other.tag}` }] : [];
      }),
  newly_turned: (r) => {
    const ctx = newCtx(r.engine.rules, r.state);
    const cards = uniqueCards(r).filter((id) => r.state.cards[id]!.zone === r.engine.rules.zones.battlefield);
    const yes = cards.filter((id) => isNewlyTurned(ctx, id));
    const no = cards.filter((id) => !isNewlyTurned(ctx, id));
    return yes.flatMap((y) => no.map((n) => ({ yes: `${quote(nameOf(r, y))} is newly turned`, no: `${quote(nameOf(r, n))} is newly turned` })));
  },
  stack_item: (r) =>
    [...r.state.stack].reverse().flatMap((item, i) => {
      if (!item.frame.card) return [];
      const targets = item.frame.targets.flat().map((t) => ("player" in t ? t.player : `${r.state.cards[t.card]!.controller}'s ${quote(nameOf(r, t.card))}`));
      const rest = (by: string) => `${quote(nameOf(r, item.frame.card!))} by ${by}${targets.length ? ` targeting ${targets.join(", ")}` : ""}`;
      const other = item.frame.controller === "p1" ? "p2" : "p1";
      return [{ yes: `stack has ${rest(item.frame.controller)}`, no: `stack has ${rest(other)}` }, ...(i === 0 ? [{ yes: `stack top ${rest(item.frame.controller)}`, no: `stack top ${rest(other)}` }] : [])];
    }),
};

/** Whether a form can say anything in the run's game: damage where the engine marks it, the stack where items wait, exhaustion where the rules have it (CW7006, CW7007, CW7009). */
const gameHas = (r: Run, kind: Expectation["kind"]) => {
  const { params } = r.engine.rules.game;
  if (kind === "damage") return marksDamage(params);
  if (kind === "stack" || kind === "stack_count" || kind === "stack_item") return hasStack(params);
  if (kind === "exhausted") return gameCardStates(r.engine.rules.game).has("readiness");
  if (kind === "newly_turned") return typeof params.newly_turned_types === "string" && params.newly_turned_types !== "";
  return true;
};

describe("every expectation form, negated, fails where its positive holds", () => {
  const runs = corpus();
  const exercised = new Set<string>();

  it("on random runs of the bundled scenarios: a positive written from the run passes and its negation fails; a false one fails and its negation passes", () => {
    fc.assert(
      fc.property(fc.nat(runs.length - 1), fc.array(fc.nat(), { minLength: 32, maxLength: 32 }), (which, picks) => {
        const run = runs[which]!;
        const pairs: Pair[] = [];
        const kinds = Object.keys(FORMS) as Expectation["kind"][];
        kinds.forEach((kind, i) => {
          if (!gameHas(run, kind)) return;
          const candidates = withNames(run, () => FORMS[kind](run));
          if (candidates.length === 0) return;
          pairs.push(candidates[picks[i]! % candidates.length]!);
          exercised.add(kind);
        });
        const base = run.text.trimEnd().split("\n");
        const deck = run.ownDeck ? [] : [`deck: ${run.deck.map(quote).join(", ")}`];
        const groups = [pairs.map((p) => `expect ${p.yes}`), pairs.map((p) => `expect not ${p.yes}`), pairs.map((p) => `expect ${p.no}`), pairs.map((p) => `expect not ${p.no}`)];
        const text = [...base, ...deck, ...groups.flat()].join("\n") + "\n";
        const result = runScenario(run.engine, parseScenarioFile(text, "p.scenario").scenarios[0]!);
        const first = base.length + deck.length + 1;
        const failing = (group: number) => pairs.map((_, i) => [first + group * pairs.length + i, "expectation not met"]);
        // Group 0 (true) passes, 1 (negated true) fails, 2 (false) fails, 3 (negated false) passes: each at its own line.
        // (A run that ends while something waits says so after "expectation not met": runtime/scenario.ts waitingNow.)
        expect(result.failures.map((f) => [f.line, f.message.replace(/^expectation not met while .*$/, "expectation not met")])).toEqual([...failing(1), ...failing(2)]);
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it("exercises every form (the generators and the runs reach each one)", () => {
    // Walk every run once, so the set does not depend on the random draw above.
    for (const run of runs) for (const [kind, make] of Object.entries(FORMS)) if (gameHas(run, kind as Expectation["kind"]) && withNames(run, () => make(run)).length) exercised.add(kind);
    expect([...exercised].sort()).toEqual(Object.keys(FORMS).sort());
  });
});
