/**
 * The parser's lookahead for an `OR` whose alternatives have gates (`{ GATE: ..., ALT: ... }`): the same choice as
 * Chevrotain's LL(k) strategy, without its per-call work.
 *
 * Chevrotain's function for such an `OR` (lib/src/parse/grammar/lookahead.js, buildAlternativesLookAheadFunc) copies every
 * alternative's gate into a new array on every call, then tries the alternatives in order: skip one whose gate returns
 * false, take the first whose lookahead paths match the next tokens. That array was the recognizer's largest allocation
 * site after the CST (≈ 6.5 MB per 2,072-card check) and ≈ 1.2 % of a check's CPU. Here each gate is read from its
 * alternative when the alternative is tried (gates are called exactly when Chevrotain calls them: in order, only until
 * an alternative is taken), and an alternative whose paths are all one token long is matched by a table indexed by the
 * next token's type (the type itself and every type in its categories: what Chevrotain's `tokenMatcher` accepts, as its
 * own table for an `OR` without gates does). Every other `OR` and every `OPTION` / `MANY` keeps Chevrotain's function.
 */
import { LLkLookaheadStrategy, getLookaheadPaths, tokenMatcher, type IOrAlt, type IToken, type Rule, type TokenType } from "chevrotain";

/** Chevrotain's lookahead without bounds checks (sentinels end the token vector), as its own lookahead functions read it. */
interface Lookahead {
  LA_FAST(howMuch: number): IToken;
}

/** How one alternative's lookahead paths are matched: always (an empty path), by a table of token types, or path by path. */
type AltMatch = { always: true } | { always: false; table: boolean[] } | { always: false; paths: TokenType[][] };

function altMatch(paths: TokenType[][]): AltMatch {
  if (paths.some((path) => path.length === 0)) return { always: true };
  if (!paths.every((path) => path.length === 1)) return { always: false, paths };
  const table: boolean[] = [];
  for (const [type] of paths) {
    table[type!.tokenTypeIdx!] = true;
    for (const extending of type!.categoryMatches ?? []) table[extending] = true;
  }
  return { always: false, table };
}

export class GatedLookaheadStrategy extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(options: { prodOccurrence: number; rule: Rule; maxLookahead: number; hasPredicates: boolean; dynamicTokensEnabled: boolean }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    if (!options.hasPredicates || options.dynamicTokensEnabled) return super.buildLookaheadForAlternation(options);
    const alts = getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: "Alternation", maxLookahead: options.maxLookahead }).map(altMatch);
    const count = alts.length;
    return function (this: Lookahead, orAlts?: IOrAlt<unknown>[]): number | undefined {
      for (let t = 0; t < count; t++) {
        const gate = orAlts![t]!.GATE;
        if (gate !== undefined && gate.call(this) === false) continue;
        const alt = alts[t]!;
        if (alt.always) return t;
        if ("table" in alt) {
          if (alt.table[this.LA_FAST(1).tokenTypeIdx] === true) return t;
          continue;
        }
        nextPath: for (const path of alt.paths) {
          for (let i = 0; i < path.length; i++) if (!tokenMatcher(this.LA_FAST(i + 1), path[i]!)) continue nextPath;
          return t;
        }
      }
      return undefined;
    };
  }
}
