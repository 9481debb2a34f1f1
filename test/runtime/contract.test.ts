/**
 * The engine contract (compiler/contract.ts) against the runtime: the runtime implements exactly
 * what the contract lists — native rules by its registry, the rest by its source (the step
 * interpreter's cases, the card rules it looks up, the params each module reads, what each event
 * it raises carries). The compiler checks cards and game files against the same table, so a
 * change on one side without the other fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import "../../runtime/index.ts";
import { nativeRuleNames } from "../../runtime/core/effects.ts";
import {
  CARD_RULES,
  CARD_STATES,
  CONDITIONS,
  ENGINE_PARAMS,
  ENGINE_PARAM_PATTERNS,
  NATIVE_RULES,
  NUMBER_EXPRS,
  REPLACEMENT_EVENTS,
  STEP_OPS,
  CARD_ONLY_STEPS,
  TRIGGER_EVENTS,
  type ParamContract,
} from "../../compiler/contract.ts";

const root = path.join(import.meta.dirname, "..", "..");
const runtimeFiles = (readdirSync(path.join(root, "runtime"), { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => f.split(path.sep).join("/"));
/** Runtime source without comments (a name in a comment implements nothing). */
const uncommented = (file: string) => readFileSync(path.join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
// With the shared compiler module the runtime reads the game's zones and slots through (compiler/zone-roles.ts: ruleZones,
// battlefieldSlots — the compiler reads the same answer).
const source = new Map([...runtimeFiles.map((f) => `runtime/${f}`), "compiler/zone-roles.ts"].map((f) => [f, uncommented(f)]));
const allSource = [...source.values()].join("\n");
const literals = (text: string) => new Set([...text.matchAll(/"([a-z_0-9]+)"/g)].map((m) => m[1]!));
const sorted = (items: Iterable<string>) => [...new Set(items)].sort();

/** The body of a top-level function of a runtime file. */
function functionBody(file: string, name: string): string {
  const text = source.get(file)!;
  const start = text.indexOf(`function ${name}(`);
  const next = text.slice(start + 1).search(/\n(export )?(async )?function /);
  return text.slice(start, next < 0 ? undefined : start + 1 + next);
}
const cases = (body: string) => sorted([...body.matchAll(/case "([a-z_]+)":/g)].map((m) => m[1]!));

describe("the engine contract", () => {
  it("lists exactly the native rules the runtime registers and runs", () => {
    expect(sorted(nativeRuleNames())).toEqual(sorted(NATIVE_RULES));
  });

  it("lists exactly the step ops, numbers and conditions the interpreter runs", () => {
    expect(cases(functionBody("runtime/core/effects.ts", "runStep"))).toEqual(sorted(STEP_OPS));
    expect(cases(functionBody("runtime/core/values.ts", "evalNumber"))).toEqual(sorted(NUMBER_EXPRS));
    expect(cases(functionBody("runtime/core/values.ts", "evalCondition"))).toEqual(sorted(CONDITIONS));
  });

  it("lists steps acting on cards only, whose runStep case keeps the cards of that field", () => {
    const body = functionBody("runtime/core/effects.ts", "runStep");
    const caseBody = (op: string) => {
      const start = body.indexOf(`case "${op}":`);
      const next = body.slice(start + 1).search(/\n\s*case "[a-z_]+":/);
      return body.slice(start, next < 0 ? undefined : start + 1 + next);
    };
    for (const [op, field] of Object.entries(CARD_ONLY_STEPS)) {
      const text = caseBody(op);
      const readsCards = text.includes(`cardsOf(evalAffected(ctx, frame, step.${field}))`) || (text.includes(`evalAffected(ctx, frame, step.${field})`) && text.includes(`"card" in t`));
      expect({ op, readsCards }).toEqual({ op, readsCards: true });
    }
    // And the steps that take a player too are not listed (damage, counters).
    expect(Object.keys(CARD_ONLY_STEPS)).not.toContain("damage");
    expect(Object.keys(CARD_ONLY_STEPS)).not.toContain("add_counters");
  });

  it("lists exactly the card rules the runtime looks up", () => {
    const looked = [...allSource.matchAll(/hasRule\(ctx, [\w.!]+, "([a-z_]+)"[,)]/g)].map((m) => m[1]!);
    const named = [...allSource.matchAll(/(?:const [A-Z_]+: CardRuleName = |k\.rule === )"([a-z_]+)"/g)].map((m) => m[1]!);
    expect(sorted([...looked, ...named])).toEqual(sorted(CARD_RULES));
  });

  it("lists every param the runtime reads, each read by the module it names", () => {
    const reads = sorted(
      [...allSource.matchAll(/(?:param(?:<[^>]*>)?\(|\.words\(|numberParam\([\w.]+, |mainPhaseTiming\([\w.]+, [\w.]+, |ofType\(ctx, \w+, |params\[)"([a-z_0-9]+)"/g)].map((m) => m[1]!).concat(
        [...allSource.matchAll(/limits\(rules, "([a-z_]+)", "([a-z_]+)", "([a-z_]+)"\)/g)].flatMap((m) => [m[1]!, m[2]!, m[3]!]),
      ),
    );
    expect(reads).toEqual(sorted(Object.keys(ENGINE_PARAMS)));
    for (const [name, contract] of Object.entries(ENGINE_PARAMS) as [string, ParamContract][]) {
      expect({ name, readBy: literals(source.get(contract.module) ?? "").has(name) }).toEqual({ name, readBy: true });
    }
    for (const { pattern, contract } of ENGINE_PARAM_PATTERNS) {
      const [before, after] = pattern.split(/<\w+>/) as [string, string];
      // A pattern may be read by a shared compiler module the runtime imports (compiler/zone-roles.ts).
      const text = source.get(contract.module) ?? readFileSync(path.join(root, contract.module), "utf8");
      const built = before ? text.includes(`\`${before}\${`) || text.includes(`/^${before}(`) : text.includes(`}${after}\``);
      expect({ pattern, built }).toEqual({ pattern, built: true });
    }
  });

  it("raises every trigger event, each carrying the card or player the contract says", () => {
    const calls = [...allSource.matchAll(/noteEvent\(ctx, "([a-z_]+)", \{([^}]*)\}/g)].map((m) => ({ kind: m[1]!, keys: m[2]!.split(",").map((k) => k.split(":")[0]!.trim()) }));
    expect(sorted(calls.map((c) => c.kind))).toEqual(sorted(Object.keys(TRIGGER_EVENTS)));
    for (const [kind, carries] of Object.entries(TRIGGER_EVENTS)) {
      for (const key of ["card", "player"] as const) {
        if (!carries[key]) continue;
        const missing = calls.filter((c) => c.kind === kind && !c.keys.includes(key)).length;
        expect({ kind, key, missing }).toEqual({ kind, key, missing: 0 });
      }
      // An event with another card ("that creature") carries it where it is raised (directly or by an attack's target).
      if (carries.other) expect({ kind, other: calls.some((c) => c.kind === kind && c.keys.some((k) => k === "other" || k.startsWith("...attackedBy"))) }).toEqual({ kind, other: true });
    }
  });

  it("names every module that reads a card's exhausted state, under the game rule it reads it for (CW6007 in games with none)", () => {
    // A read: `.exhausted` / `.overexhausted` not being assigned.
    const readers = (field: string) => sorted([...source].filter(([, text]) => new RegExp(`\\.${field}\\b(?!\\s*=[^=])`).test(text)).map(([file]) => file));
    for (const [state, field] of [["readiness", "exhausted"], ["overexhaustion", "overexhausted"]] as const) {
      const contract = CARD_STATES[state];
      // An Overexhausted card is exhausted too: readiness's readers may read either flag.
      const also = state === "overexhaustion" ? [...CARD_STATES.readiness.givenBy.map((r) => r.module), ...CARD_STATES.readiness.cardText] : [];
      const named = new Set([...contract.givenBy.map((r) => r.module), ...contract.cardText, ...also]);
      expect({ state, unnamed: readers(field).filter((file) => !named.has(file)) }).toEqual({ state, unnamed: [] });
      // Each rule that gives a game the state is read where the contract says.
      for (const rule of contract.givenBy) {
        const text = source.get(rule.module) ?? "";
        expect({ state, rule, reads: text.includes(`.${field}`) && (rule.step ? literals(text).has(rule.step) : literals(allSource).has(rule.param!)) }).toEqual({ state, rule, reads: true });
      }
    }
    // Spells wait to resolve only in the stack and chain models; the instant model resolves at once, so
    // "Counter target spell" (which looks for one waiting) has nothing to act on there.
    expect(source.get("runtime/models/instant.ts")).not.toMatch(/stack\.push/);
    for (const rule of CARD_STATES.responses.givenBy) expect(source.get(rule.module)).toMatch(/state\.stack\.push/);
  });

  it("lists the events whose replacement effects the runtime applies", () => {
    const applied = [...new Set([...allSource.matchAll(/replaceEvent\(ctx, "([a-z_]+)"/g)].map((m) => m[1]!))];
    expect(sorted(applied)).toEqual(sorted([...REPLACEMENT_EVENTS]));
  });
});
