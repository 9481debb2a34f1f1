/**
 * The scenario suite as the tests StrykerJS runs (mutation/scenario-runner.mjs loads this module inside
 * Stryker's sandbox, so it runs the sandbox's instrumented runtime/): one test per scenario of the bundled
 * games and of the test games (mutation/scenario-suite.ts compiles them once per run; MUTATION_SUITE).
 * A test runs its scenario through the same checker and runner as `cardwright test` and answers its first
 * failure, or undefined when the scenario passes.
 *
 * Every test starts with the engine's module-level caches emptied (runtime/state/module-caches.ts) and an
 * engine of its game built from a fresh copy of the compiled bundle (so no cache keyed by a card definition
 * outlives it, and nothing a broken engine wrote into the cards reaches another run). Building an engine
 * (its rules and statechart) is most of a scenario's time, so a run may share one engine per game among
 * its tests (`engines`), as `cardwright test` shares one among a game's scenarios: the runner does so
 * within one mutant's run, and builds one per test in the dry run, so the coverage of every test includes
 * the engine's building.
 *
 * The runner itself (runtime/scenario.ts) is judged by the opposite property as well (`negated`, on when
 * runtime/scenario.ts is measured): for every expectation of every scenario, the scenario with that one
 * expectation negated must fail — exactly there, and nowhere else (test/scenarios/negation.test.ts holds
 * the same property for every form), sampled: the first NEGATED_PER_FORM expectations of each form in each
 * game. A runner that lets an expectation pass while testing nothing passes every scenario, so the
 * scenarios alone cannot catch it; these tests do.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createEngine, type Engine } from "../runtime/index.ts";
import { runScenario, type ScenarioFailure } from "../runtime/scenario.ts";
import { gameRandomDeck } from "../runtime/simulate.ts";
import { clearModuleCaches } from "../runtime/state/module-caches.ts";
import type { CompiledBundle } from "../compiler/ir.ts";
import type { Scenario } from "../grammar/scenario.ts";
import type { GameSuite } from "./scenario-suite.ts";

export interface SuiteTest {
  /** Stable across runs while the scenario and the compiled game it can reach are unchanged (Stryker's incremental mode keys results by it; compiledHashes). */
  name: string;
  /** The first failure, or undefined when the scenario passes; `engines`: the engines of this run, by game (built here when missing). */
  run(engines?: Map<string, Engine>): string | undefined;
}

const hash = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 10);

export function suiteTests(suite: GameSuite[], options: { negated?: boolean } = {}): SuiteTest[] {
  return suite.flatMap(({ game, bundle, scenarios }) => {
    const bundleText = JSON.stringify(bundle);
    const compiledFor = compiledHashes(bundle);
    /** Runs `use` on this game's engine (the run's shared one, or a new one); a throw is the test's failure. */
    const withEngine = (engines: Map<string, Engine> | undefined, use: (engine: Engine) => string | undefined) => {
      clearModuleCaches();
      try {
        let engine = engines?.get(game);
        if (!engine) {
          engine = createEngine(JSON.parse(bundleText) as CompiledBundle);
          engines?.set(game, engine);
        }
        return use(engine);
      } catch (error) {
        return `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      }
    };
    /** Runs a scenario on this game's engine; what it answers is `judge`'s. */
    const runOn = (engines: Map<string, Engine> | undefined, scenario: Scenario, judge: (failures: ScenarioFailure[]) => string | undefined) =>
      withEngine(engines, (engine) => judge(runScenario(engine, scenario).failures));
    // Negated tests: the first NEGATED_PER_FORM of each expectation form (its kind, written positive or negated) in
    // this game — every form judged both ways, without doubling every runner mutant's run over the whole suite.
    const perForm = new Map<string, number>();
    const sampled = (scenario: Scenario) =>
      negatedTests(scenario).filter(({ form }) => {
        const n = perForm.get(form) ?? 0;
        perForm.set(form, n + 1);
        return n < NEGATED_PER_FORM;
      });
    // The simulator's random decks (`cardwright simulate`) must pass the game's deck rules, as a designer's deck
    // does with `expect deck ok`: the one test of the deck builders (core randomDeck, a mechanic's randomDeck such as
    // the CYBERVAMP Land Deck's), which no scenario reaches.
    const decks: SuiteTest = {
      name: `${game} the simulator's random decks (seeds 1-${RANDOM_DECK_SEEDS}) pass the deck rules #${hash(bundleText)}`,
      run: (engines) =>
        withEngine(engines, (engine) => {
          for (let seed = 1; seed <= RANDOM_DECK_SEEDS; seed++) {
            const violations = engine.validateDeck(gameRandomDeck(engine, seed));
            if (violations.length) return `the random deck of seed ${seed} breaks the deck rules: ${violations.map((v) => v.code).join(", ")}`;
          }
          return undefined;
        }),
    };
    return [decks, ...scenarios.flatMap((scenario) => {
      // A test's name carries a hash of its scenario and of the compiled game it can reach (compiledHashes): an edited
      // scenario, or a card it uses compiled otherwise, is a new test, so Stryker's incremental mode tests its mutants again.
      const id = `${scenario.file}:${scenario.line} ${scenario.name} #${hash(compiledFor(scenario) + JSON.stringify(scenario))}`;
      const own: SuiteTest = {
        name: `${game} ${id}`,
        run: (engines) => runOn(engines, scenario, (failures) => (failures.length ? failures.map((f) => `${f.file}:${f.line} ${f.message}`).join("\n") : undefined)),
      };
      if (!options.negated) return [own];
      return [own, ...sampled(scenario).map(({ line, negated }) => ({
        name: `${game} negated line ${line}: ${id}`,
        run: (engines: Map<string, Engine> | undefined) =>
          runOn(engines, negated, (failures) =>
            failures.length === 1 && failures[0]!.line === line
              ? undefined
              : failures.length === 0
                ? `${scenario.file}:${line}: the negated expectation passed`
                : `${scenario.file}:${line} negated: failed at ${failures.map((f) => `${f.line} ${f.message}`).join("; ")}`,
          ),
      }))];
    })];
  });
}

/** How many seeds' random decks the deck test checks per game. */
const RANDOM_DECK_SEEDS = 5;

/** Every string inside a JSON value (object keys left out). */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** What the game's cards have in common, whoever uses them: every key=value of their compiled form but names and text (numbers as "#"). */
function vocabulary(value: unknown, key: string, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) vocabulary(v, key, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (!NAMING_KEYS.has(k)) vocabulary(v, k, out);
  } else out.add(`${key}=${typeof value === "number" ? "#" : String(value)}`);
  return out;
}
const NAMING_KEYS = new Set(["id", "name", "set", "text", "costText", "source"]);

/**
 * The compiled part of a game one scenario's run can depend on, as a hash per scenario: the game's rules, every card
 * the scenario names and every card those name in turn (tokens, cards a text puts into play), and the vocabulary of
 * all its cards — the engine decides some paths from the whole card pool (which trigger events any card listens to,
 * whether any card has static abilities: runtime/core/triggers.ts, values.ts), and a card bringing a new kind of
 * anything changes those for every scenario. So a card added with forms already in the game (a new scenario's
 * cards, the usual landing) leaves other scenarios' names — and their mutants' results — as they were, while any
 * change in how a card a scenario uses is compiled, or in the rules, makes it a new test.
 */
export function compiledHashes(bundle: CompiledBundle): (scenario: Scenario) => string {
  const byName = new Map<string, CompiledBundle["cards"][number]>();
  for (const card of bundle.cards) {
    byName.set(card.name.toLowerCase(), card);
    byName.set(card.id.toLowerCase(), card);
  }
  const common = hash(JSON.stringify(bundle.game) + JSON.stringify([...vocabulary(bundle.cards, "", new Set())].sort()));
  const reach = (value: unknown, reached: Map<string, CompiledBundle["cards"][number]>) => {
    for (const text of stringsIn(value)) {
      const card = byName.get(text.toLowerCase());
      if (card && !reached.has(card.id)) {
        reached.set(card.id, card);
        reach(card, reached);
      }
    }
    return reached;
  };
  // Cards the game's own rules name (a token its rules make) are reached by every scenario.
  const byRules = reach(bundle.game, new Map());
  return (scenario) => {
    const reached = reach(scenario, new Map(byRules));
    return common + hash(JSON.stringify([...reached.values()].sort((a, b) => (a.id < b.id ? -1 : 1))));
  };
}

/** How many negated tests of each expectation form (kind × as written, positive or negated) a game contributes. */
export const NEGATED_PER_FORM = 3;

/**
 * The scenario once per expectation, with that expectation negated (`expect X` ↔ `expect not X`): each must fail at
 * that line only. `form`: the expectation's kind and whether it was written negated (`event` / `not event`).
 */
export function negatedTests(scenario: Scenario): { line: number; form: string; negated: Scenario }[] {
  return scenario.steps.flatMap((step, i) =>
    step.kind === "expect"
      ? [{ line: step.line, form: `${step.negate ? "not " : ""}${step.expect.kind}`, negated: { ...scenario, steps: scenario.steps.map((s, j) => (j === i ? { ...step, negate: !step.negate } : s)) } }]
      : [],
  );
}

/** The suite Stryker's run compiled (MUTATION_SUITE, a JSON file), or compiled here. */
export async function loadSuiteTests(): Promise<SuiteTest[]> {
  const suite = process.env.MUTATION_SUITE
    ? (JSON.parse(readFileSync(process.env.MUTATION_SUITE, "utf8")) as GameSuite[])
    : await import("./scenario-suite.ts").then((m) => [...m.SUITE_GAMES.map(m.gameSuite), ...m.paramGameSuites()]);
  return suiteTests(suite, { negated: process.env.MUTATION_NEGATED === "1" });
}
