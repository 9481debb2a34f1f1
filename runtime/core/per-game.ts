/**
 * Values worked out once per loaded game (the game's mechanics, its trigger index, parameters read at
 * every step), kept on the rules themselves: each reader made by `perGame` owns one slot of
 * `rules.derived`, read by index. A WeakMap keyed by the rules cost a hash look-up on every read (about
 * 40 per vanilla Duel action, 120 per CYBERVAMP action, most of them for the same few values).
 */
import type { CompiledCard } from "../../compiler/ir.ts";
import type { Rules } from "./rules.ts";

const NOT_YET: unique symbol = Symbol("not worked out yet");
let slots = 0;

/**
 * A reader of `compute(rules)`, computed on the first read for each loaded game. `compute` reads only
 * the rules, so the value is the same for the game's life (a memo it returns may fill as the game is played).
 */
export function perGame<T>(compute: (rules: Rules) => T): (rules: Rules) => T {
  const slot = slots++;
  return (rules) => {
    const derived = rules.derived;
    if (slot < derived.length && derived[slot] !== NOT_YET) return derived[slot] as T;
    const value = compute(rules);
    while (derived.length <= slot) derived.push(NOT_YET);
    derived[slot] = value;
    return value;
  };
}

/**
 * A reader of `compute(def)`, computed on the first read for each card definition. `compute` reads only the
 * definition, whose abilities and words never change, so the value is the same for its life. The one memo of every
 * such reader (a definition's static abilities, triggers by event, spell targets, modal spell, words): its guard is
 * a fast path only, and one place for it leaves one equivalent mutant instead of one per reader.
 */
export function perDefinition<T>(compute: (def: CompiledCard) => T): (def: CompiledCard) => T {
  const known = new WeakMap<CompiledCard, T>();
  return (def) => {
    // One look-up on the way that matters (read for every card in play by every scan): `has` only for a value that is undefined.
    const found = known.get(def);
    // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent — computing again gives an equal value (compute reads only the definition, which never changes); only slower
    if (found !== undefined || known.has(def)) return found as T;
    const value = compute(def);
    known.set(def, value);
    return value;
  };
}
