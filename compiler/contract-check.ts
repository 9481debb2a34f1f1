/**
 * Every compiled card and game file checked against the engine contract (contract.ts): a param
 * nothing reads, a param value the reading module does not take, a named rule, trigger subject
 * or replacement the engine does not implement — each a note at its source range, reported by
 * `cardwright check` and the studio (engine-warnings.ts), never a game that silently plays
 * otherwise than the text says.
 */
import type * as Ast from "./ast.ts";
import type { Ability, CompiledGame, Step } from "./ir.ts";
import { CARD_RULES, ENGINE_PARAMS, ENGINE_PARAM_PATTERNS, NATIVE_RULES, REPLACEMENT_EVENTS, TRIGGER_EVENTS, paramWord, type ParamContract, type ParamValues } from "./contract.ts";
import type { LoweringNote } from "./lower.ts";

const nativeRules: ReadonlySet<string> = new Set(NATIVE_RULES);
const cardRules: ReadonlySet<string> = new Set(CARD_RULES);
const ROLES = ["deck", "hand", "battlefield", "graveyard", "removed"];

/** The contract of a param of this game, if the engine reads it. */
export function paramContract(name: string, game: CompiledGame): ParamContract | undefined {
  // Own entries only: a param named `__proto__` or `constructor` is no param of the contract.
  const direct = Object.hasOwn(ENGINE_PARAMS, name) ? (ENGINE_PARAMS as Record<string, ParamContract>)[name] : undefined;
  if (direct) return direct;
  for (const { pattern, of, contract } of ENGINE_PARAM_PATTERNS) {
    const words = of === "resource" ? game.resources.map((r) => r.name) : of === "keyword" ? game.keywords.map((k) => k.name) : ROLES;
    if (words.some((w) => pattern.replace(`<${of}>`, paramWord(w)) === name)) return contract;
  }
  return undefined;
}

/**
 * Params of a game file checked against the contract. `namedInText`: params the game file's own
 * text uses (a card type's `abilities facets = spell_abilities`, a phase's `draw renew_draw`),
 * which are read through that text.
 */
export function checkGameParams(doc: Ast.GameFile, game: CompiledGame, namedInText: ReadonlySet<string>, notes: LoweringNote[]): void {
  for (const st of doc.statements) {
    if (st.kind !== "param") continue;
    const name = st.name.text;
    if (namedInText.has(name)) continue;
    const contract = paramContract(name, game);
    if (!contract) {
      notes.push({ file: doc.file, range: st.name.range, code: "CW6002", args: { name }, message: `nothing in the engine reads param ${name}` });
      continue;
    }
    const value = game.params[name]!;
    const problem = valueProblem(contract.accepts, value, game);
    if (problem) notes.push({ file: doc.file, range: st.value.range, code: "CW6003", args: { name, value: String(value), accepted: problem, module: contract.module }, message: `param ${name} = ${value}: ${contract.module} takes ${problem}` });
  }
}

/** What the param takes, when `value` is not one of it; undefined when it is. */
function valueProblem(accepts: ParamValues, value: string | number | boolean, game: CompiledGame): string | undefined {
  const text = String(value).toLowerCase();
  const names = (list: string[]) => list.map((n) => n.toLowerCase());
  const isInt = typeof value === "number" ? Number.isInteger(value) : /^-?\d+$/.test(text);
  const within = (list: string[], what: string) => (list.includes(text) ? undefined : `${what} (${list.join(", ") || "none declared"})`);
  const wordsWithin = (list: string[], what: string) => (text.split(/\s+/).filter(Boolean).every((w) => list.includes(w)) ? undefined : `words from ${what} (${list.join(", ")})`);
  switch (accepts.kind) {
    case "boolean":
      return text === "true" || text === "false" ? undefined : "true or false";
    case "integer":
      return isInt || (accepts.unlimited && text === "unlimited") ? undefined : accepts.unlimited ? "a whole number or unlimited" : "a whole number";
    case "integer_or_param":
      return isInt || text === "unlimited" || text === "attacker_power" || Object.prototype.hasOwnProperty.call(game.params, text) ? undefined : "a whole number, unlimited or the name of another param";
    case "enum":
      return within([...accepts.values], "one of");
    case "words":
      return wordsWithin([...accepts.values], "the list");
    case "zone":
      return within(names(game.zones.map((z) => z.name)), "a zone of the game");
    case "card_type":
      return within(names(game.cardTypes.map((t) => t.name)), "a card type of the game");
    case "card_types":
      return wordsWithin(names(game.cardTypes.map((t) => t.name)), "the game's card types");
    case "stat":
      return within(names(game.stats), "a stat of the game");
    case "resource":
      return within(names(game.resources.map((r) => r.name)), "a resource of the game");
    case "phases":
      return wordsWithin(names(game.phases.map((p) => p.name)), "the game's phases");
    case "card_type_or_words":
      return wordsWithin([...names(game.cardTypes.map((t) => t.name)), "phase_change", "weapon_attack", "declare_attackers", "declare_blockers", "spell", "ability"], "the game's card types and actions");
  }
}

/** A compiled ability (of a card, a keyword or a rule of the game) checked against the contract. */
export function checkAbilityContract(ability: Ability, notes: LoweringNote[]): void {
  const note = (what: string, detail: string, at = ability.source) => notes.push({ file: at.file, range: at.range, code: "CW6004", args: { what, detail }, message: `the engine does not implement ${what}: ${detail}` });
  if (ability.trigger) {
    const carries = TRIGGER_EVENTS[ability.trigger.event];
    const subject = ability.trigger.subject;
    if (subject.kind === "player" && !carries.player && !(subject.who === "any" && (ability.trigger.phase || ability.trigger.event === "keyword_action"))) {
      note("this trigger", `"${ability.trigger.text}" is about a player, and only a card ${carries.card ?? "is"} in this event`);
    } else if ((subject.kind !== "player" || ability.trigger.object?.kind === "card") && !carries.card) {
      note("this trigger", `"${ability.trigger.text}" is about a card, and only a player is in this event (${carries.player})`);
    }
  }
  for (const effect of ability.statics ?? []) {
    if (effect.kind === "rule" && !cardRules.has(effect.rule)) note("this rule", `"${ability.text}" (no card rule "${effect.rule}")`);
  }
  if (ability.replacement) {
    const r = ability.replacement;
    if (!REPLACEMENT_EVENTS.includes(r.event)) note("this replacement effect", `"${ability.text}" (the engine replaces ${REPLACEMENT_EVENTS.join(", ")} only)`);
    walkSteps(r.steps, (step) => {
      if (step.op === "rule" && step.rule !== "unsupported" && !nativeRules.has(step.rule)) note("this rule", `no native rule "${step.rule}"`, step.source ?? ability.source);
    });
  }
  walkSteps(ability.steps, (step) => {
    if (step.op === "rule" && step.rule !== "unsupported" && !nativeRules.has(step.rule)) note("this rule", `no native rule "${step.rule}"`, step.source ?? ability.source);
  });
}

/** Keyword definitions of a game: `rule <name>` must name a rule the engine has, of the right sort. */
export function checkGameContract(doc: Ast.GameFile, game: CompiledGame, notes: LoweringNote[]): void {
  for (const keyword of game.keywords) {
    if (keyword.rule) {
      const known = keyword.kind === "action" ? nativeRules.has(keyword.rule) : cardRules.has(keyword.rule);
      if (!known) notes.push({ file: doc.file, range: keyword.source.range, code: "CW6004", args: { what: `the rule "${keyword.rule}"`, detail: `keyword ${keyword.kind} ${keyword.name}` }, message: `the engine does not implement the rule "${keyword.rule}"` });
    }
    if (keyword.ability) checkAbilityContract(keyword.ability, notes);
  }
  for (const rule of game.rules) checkAbilityContract(rule, notes);
  for (const phase of game.phases) {
    walkSteps(phase.steps, (step) => {
      if (step.op === "rule" && !nativeRules.has(step.rule)) notes.push({ file: doc.file, range: (step.source ?? phase.source).range, code: "CW6004", args: { what: `the phase step "${step.rule}"`, detail: `phase ${phase.name}` }, message: `the engine does not implement the phase step "${step.rule}"` });
    });
  }
}

function walkSteps(steps: Step[], visit: (step: Step) => void): void {
  for (const step of steps) {
    visit(step);
    if (step.op === "if") {
      walkSteps(step.then, visit);
      if (step.else) walkSteps(step.else, visit);
    } else if (step.op === "may") walkSteps(step.steps, visit);
    else if (step.op === "choose_one") for (const mode of step.modes) walkSteps(mode.steps, visit);
  }
}
