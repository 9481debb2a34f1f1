/**
 * The fuzz targets `npm run fuzz` drives and `npm test` runs briefly: each has a fast-check
 * arbitrary of JSON cases (so fast-check shrinks a failure to a small one and it is saved as a
 * fixture) and an oracle returning what went wrong, or undefined.
 */
import fc from "fast-check";
import { runApiCase } from "./api.ts";
import { cliCaseArb, runCliCase } from "./cli.ts";
import { engineCaseArb, runEngineCase } from "./engine.ts";
import { closeFuzzServer, runServerCase, serverCaseArb } from "./server.ts";
import { textCaseArb } from "./text.ts";

export interface FuzzTarget<C = unknown> {
  name: string;
  what: string;
  arbitrary: fc.Arbitrary<C>;
  run(c: C): string | undefined | Promise<string | undefined>;
  /** Releases what the target holds open (a server). */
  close?(): Promise<void>;
}

const target = <C>(t: FuzzTarget<C>): FuzzTarget => t as unknown as FuzzTarget;

export const TARGETS: FuzzTarget[] = [
  target({ name: "engine", what: "hostile actions at reachable states of the three games (apply/check)", arbitrary: engineCaseArb, run: runEngineCase }),
  target({ name: "api", what: "mutated bundled files through check, format, editor queries, lowering and the engine", arbitrary: textCaseArb, run: runApiCase }),
  target({ name: "cli", what: "cardwright check / format / test / export on a folder with a mutated file", arbitrary: cliCaseArb, run: runCliCase }),
  target({ name: "server", what: "request sequences against the studio server (model-checked)", arbitrary: serverCaseArb, run: runServerCase, close: closeFuzzServer }),
];

/** The property of a target: its oracle finds nothing. */
export function propertyOf(t: FuzzTarget): fc.IAsyncPropertyWithHooks<[unknown]> {
  return fc.asyncProperty(t.arbitrary, async (c) => {
    const failure = await t.run(c);
    if (failure) throw new Error(failure);
  });
}
