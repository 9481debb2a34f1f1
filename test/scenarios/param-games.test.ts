/**
 * Issue 11, "a documented parameter either changes behaviour (with a scenario per value)": every
 * value of every enumerated game parameter of the engine contract, and a value other than the
 * bundled game's for every numeric one, has a test game (scripts/param-games.ts) whose scenarios
 *  - pass under that value, run by `cardwright test` on a real game folder, and
 *  - FAIL under every other value of the same parameter (an enum's other values; a numeric param's
 *    bundled value; a one-value enum's line removed), so the scenarios show what the value changes:
 *    an ignored parameter, or two names for one reading, cannot pass this test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTests } from "../../cli/commands/test.ts";
import { ENGINE_PARAMS, ENGINE_PARAM_PATTERNS, type ParamValues } from "../../compiler/contract.ts";
import { bundledGameText, materialize, paramGames, paramValueIn, type ParamGame } from "../../scripts/param-games.ts";

const root = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), "cw-param-games-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const games = paramGames(root);
const numeric = (a: ParamValues) => a.kind === "integer" || a.kind === "integer_or_param";
/** Params read only by the bots' evaluation (runtime/bots/): no scenario plays a bot; bench/bots.ts measures them. */
const botOnly = (name: string) => (ENGINE_PARAMS as Record<string, { module: string }>)[name]?.module.startsWith("runtime/bots/") ?? false;

/** The contract name a param goes by: its own, or the name pattern it fits (`crystal_model` is `<resource>_model`). */
function contractNameOf(param: string): string | undefined {
  if (param in ENGINE_PARAMS) return param;
  return ENGINE_PARAM_PATTERNS.find((p) => {
    const [before, after] = p.pattern.split(/<[a-z]+>/) as [string, string];
    return param.startsWith(before) && param.endsWith(after) && param.length > before.length + after.length;
  })?.pattern;
}

/** What a test game's param accepts. */
function acceptsOf(param: string): ParamValues | undefined {
  const name = contractNameOf(param);
  if (name === undefined) return undefined;
  return (ENGINE_PARAMS as Record<string, { accepts: ParamValues }>)[name]?.accepts ?? ENGINE_PARAM_PATTERNS.find((p) => p.pattern === name)!.contract.accepts;
}

/** What every test game must cover: `<param>=<value>` for each enum value, `<param>=<other number>` for each numeric param. */
function required(): string[] {
  const out: string[] = [];
  for (const [name, c] of Object.entries(ENGINE_PARAMS) as [string, { accepts: ParamValues }][]) {
    if (c.accepts.kind === "enum") for (const v of c.accepts.values) out.push(`${name}=${v}`);
    else if (numeric(c.accepts) && !botOnly(name)) out.push(`${name}=<other number>`);
  }
  for (const p of ENGINE_PARAM_PATTERNS) if (p.contract.accepts.kind === "enum") for (const v of p.contract.accepts.values) out.push(`${p.pattern}=${v}`);
  return out.sort();
}

/** The requirement a test game meets. */
function covers(g: ParamGame): string {
  const accepts = acceptsOf(g.param);
  return accepts && numeric(accepts) ? `${contractNameOf(g.param)}=<other number>` : `${contractNameOf(g.param)}=${g.value}`;
}

/** The values a test game's scenarios must fail under: an enum's other values (its line removed when it has one value), a number's bundled value (`undefined`: the line removed). */
function contrasts(g: ParamGame): (string | undefined)[] {
  const accepts = acceptsOf(g.param)!;
  if (accepts.kind === "enum") {
    const others = accepts.values.filter((v) => v !== g.value);
    return others.length ? others : [undefined];
  }
  return [paramValueIn(bundledGameText(root, g.game), g.param)]; // the engine's default when the bundled game has no line
}

/**
 * Contract values that have no test game yet: listed exactly, so the list can only shrink (a value
 * that gets a test game must leave it, and a new contract value without one fails the test).
 */
const NOT_YET: string[] = [];

describe("test games: a scenario per value of every game parameter", () => {
  it("every test game names a bundled game, a contract parameter and a value it accepts, differing from the bundled game's", () => {
    for (const g of games) {
      const accepts = acceptsOf(g.param);
      expect(accepts, `${g.name}: "${g.param}" is no parameter of the engine contract`).toBeDefined();
      if (accepts!.kind === "enum") expect(accepts!.values, g.name).toContain(g.value);
      if (numeric(accepts!)) expect(g.value, `${g.name}: a numeric test game needs a value other than the bundled game's`).not.toBe(paramValueIn(bundledGameText(root, g.game), g.param));
    }
  });

  it("every enum value and every numeric parameter of the contract has a test game (or is listed as not yet)", () => {
    const have = new Set(games.map(covers));
    const missing = required().filter((r) => !have.has(r));
    expect(missing).toEqual(NOT_YET);
  });

  for (const g of games) {
    it(`${g.name}: its scenarios pass under ${g.param} = ${g.value} and fail under every other value`, async () => {
      const here = path.join(scratch, g.name);
      materialize(root, here, g.game, g.param, g.value, g.folder);
      const report = await runTests([here], { cwd: root });
      expect(report.lines).toEqual([]);
      expect(report.scenarios).toBeGreaterThan(0);
      expect(report).toMatchObject({ failed: 0, fileErrors: 0 });

      const alsoPass: string[] = [];
      for (const other of contrasts(g)) {
        const there = path.join(scratch, `${g.name}--under-${other ?? "none"}`);
        materialize(root, there, g.game, g.param, other, g.folder);
        const contrast = await runTests([there], { cwd: root });
        if (contrast.failed === 0) alsoPass.push(other ?? "(line removed)");
      }
      expect(alsoPass, `${g.name}: its scenarios also pass under ${g.param} = ${alsoPass.join(", ")} — they do not show what ${g.value} changes`).toEqual([]);
    }, 120_000);
  }
});
