/**
 * Reminder text (`Bleed 1 (Target player gains a Bleed counter.)`): does the text in parentheses
 * restate what the ability does? Both sides are compiled IR; each is reduced to what it does —
 * its trigger event, its step ops, static effects and keywords, with their counters, stats,
 * zones and amounts — leaving out who or what it is done to (a reminder says "target player"
 * where a keyword's definition says "that player"). The reminder restates the ability when
 * everything it says is something the ability does. A keyword or keyword action the game
 * implements as an engine rule (`Haste = rule ...`) has no text to compare with.
 */
import type { Ability, CompiledGame, KeywordDef } from "./ir.ts";

/** What an ability does, as comparable facts; `opaque` names the engine-rule keywords it uses (nothing to compare them with). */
export interface Effects {
  facts: Set<string>;
  opaque: string[];
}

const lower = (s: string) => s.toLowerCase();

/** The facts of `abilities`; a keyword (ability or action) with a card-language definition adds its definition's facts with its N/X bound. */
export function effectsOf(abilities: Ability[], game: CompiledGame): Effects {
  const out: Effects = { facts: new Set(), opaque: [] };
  const keywords = new Map(game.keywords.map((k) => [lower(k.name), k]));
  const expand = (name: string, amount: unknown, depth: number) => {
    const def = keywords.get(lower(name));
    if (!def) return;
    if (!def.ability || def.rule) {
      out.opaque.push(def.name);
      return;
    }
    if (depth < 4) addAbility(def.ability, typeof amount === "number" ? amount : undefined, depth + 1);
  };
  const addAbility = (a: Ability, x: number | undefined, depth: number) => {
    if (a.trigger) out.facts.add(`trigger ${a.trigger.event}`);
    if (a.keyword) {
      out.facts.add(`keyword ${lower(a.keyword.name)} ${a.keyword.amount ?? ""}`);
      expand(a.keyword.name, a.keyword.amount, depth);
    }
    walk(a.steps, x, depth);
    walk(a.statics ?? [], x, depth);
    if (a.replacement) walk([a.replacement], x, depth);
  };
  const walk = (value: unknown, x: number | undefined, depth: number): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, x, depth);
      return;
    }
    if (!value || typeof value !== "object") return;
    const o = value as Record<string, unknown>;
    if (typeof o["op"] === "string" || (typeof o["kind"] === "string" && ("affects" in o || "event" in o))) {
      const head = typeof o["op"] === "string" ? `step ${o["op"]}` : `static ${o["kind"]}${"event" in o ? ` ${o["event"]}` : ""}`;
      out.facts.add(head);
      for (const key of ["counter", "stat", "zone", "resource", "rule", "to", "where"]) if (typeof o[key] === "string") out.facts.add(`${head} ${key} ${lower(o[key] as string)}`);
      const amount = amountOf(o["amount"], x);
      if (amount !== undefined) out.facts.add(`${head} amount ${amount}`);
      if (o["stats"] && typeof o["stats"] === "object") {
        for (const [stat, v] of Object.entries(o["stats"] as Record<string, unknown>)) out.facts.add(`${head} ${lower(stat)} ${amountOf(v, x) ?? "?"}`);
      }
      if (o["op"] === "keyword_action" && typeof o["keyword"] === "string") expand(o["keyword"], amountOf(o["amount"], x), depth);
    }
    if (Array.isArray(o["keywords"])) {
      for (const k of o["keywords"] as { name?: unknown; amount?: unknown }[]) {
        if (typeof k?.name !== "string") continue;
        out.facts.add(`keyword ${lower(k.name)} ${amountOf(k.amount, x) ?? ""}`);
        expand(k.name, amountOf(k.amount, x), depth);
      }
    }
    for (const [key, child] of Object.entries(o)) if (key !== "source" && key !== "keywords" && child && typeof child === "object") walk(child, x, depth);
  };
  for (const a of abilities) addAbility(a, a.keyword?.amount, 0);
  return out;
}

/** A constant amount (a keyword's N/X bound to its parameter); undefined for one that depends on the game. */
function amountOf(value: unknown, x: number | undefined): number | undefined {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && (value as { kind?: unknown }).kind === "x") return x;
  return undefined;
}

/** Facts of the reminder the ability does not do (empty when it restates the ability). */
export function unrestated(reminder: Effects, ability: Effects): string[] {
  return [...reminder.facts].filter((f) => !ability.facts.has(f));
}

/** The game's keyword definitions by name (for messages). */
export function keywordDef(game: CompiledGame, name: string): KeywordDef | undefined {
  return game.keywords.find((k) => lower(k.name) === lower(name));
}
