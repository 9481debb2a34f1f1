/**
 * Every compiled card and game file checked against the engine contract (contract.ts): a param
 * nothing reads, a param value the reading module does not take, a named rule, trigger subject
 * or replacement the engine does not implement — each a note at its source range, reported by
 * `cardwright check` and the studio (engine-warnings.ts), never a game that silently plays
 * otherwise than the text says.
 */
import type * as Ast from "./ast.ts";
import { costChoosesX, walkSteps, type Affected, type Ability, type CompiledGame, type Condition, type CostPart, type SourceRef, type Step } from "./ir.ts";
import type { Range, Text } from "./diagnostics.ts";
import { CARD_ONLY_STEPS, CARD_RULES, CARD_STATES, COST_SYMBOLS_PAID_BY, ENGINE_PARAMS, ENGINE_PARAM_PATTERNS, NATIVE_RULES, REPLACEMENT_EVENTS, TRIGGER_EVENTS, paramWord, toughnessStat, triggerContract, type CardStateName, type CardStateRule, type ParamContract, type ParamValues } from "./contract.ts";
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
    const when = contract.readOnlyWhen;
    const model = when ? String(game.params[when.param] ?? when.default).toLowerCase() : "";
    if (when && !when.values.includes(model)) {
      const args = { name, other: when.param, value: model, values: when.values.join(" or ") };
      notes.push({ file: doc.file, range: st.name.range, code: "CW6013", args, message: `param ${name} is read only under ${when.param} = ${args.values}; this game's ${when.param} is ${model}` });
    }
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
    const carries = triggerContract(ability.trigger);
    const subject = ability.trigger.subject;
    if (subject.kind === "player" && !carries.player && !(subject.who === "any" && (ability.trigger.phase || ability.trigger.event === "keyword_action"))) {
      note("this trigger", `"${ability.trigger.text}" is about a player, and only a card ${carries.card ?? "is"} in this event`);
    } else if ((subject.kind !== "player" || ability.trigger.object?.kind === "card") && !carries.card) {
      note("this trigger", `"${ability.trigger.text}" is about a card, and only a player is in this event (${carries.player})`);
    } else if (subject.kind !== "player" && ability.trigger.object?.kind === "card" && !carries.other) {
      note("this trigger", `"${ability.trigger.text}" names another card, and this event carries only the card it is about`);
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
    // "... and get +1/+0 until end of turn" read with "you" for its subject: a change of cards given a player does nothing.
    const field = (CARD_ONLY_STEPS as Partial<Record<string, string>>)[step.op];
    const affected = field ? ((step as unknown as Record<string, unknown>)[field] as Affected | undefined) : undefined;
    if (affected?.kind === "player") note("this effect", `"${ability.text}": this part acts on cards, and it was read for a player (${affected.ref.kind})`, step.source ?? ability.source);
  });
}

/** Keyword definitions of a game: `rule <name>` must name a rule the engine has, of the right sort. */
export function checkGameContract(doc: Ast.GameFile, game: CompiledGame, text: Text, notes: LoweringNote[]): void {
  for (const keyword of game.keywords) {
    if (keyword.rule) {
      const known = keyword.kind === "action" ? nativeRules.has(keyword.rule) : cardRules.has(keyword.rule);
      if (!known) notes.push({ file: doc.file, range: keyword.source.range, code: "CW6004", args: { what: `the rule "${keyword.rule}"`, detail: `keyword ${keyword.kind} ${keyword.name}` }, message: `the engine does not implement the rule "${keyword.rule}"` });
    }
    if (keyword.ability) {
      checkAbilityContract(keyword.ability, notes);
      checkCardStates(keyword.ability, game, text, notes);
    }
  }
  for (const rule of game.rules) {
    checkAbilityContract(rule, notes);
    checkCardStates(rule, game, text, notes);
  }
  checkCombatModel(doc, game, notes);
  for (const phase of game.phases) {
    walkSteps(phase.steps, (step) => {
      if (step.op === "rule" && !nativeRules.has(step.rule)) notes.push({ file: doc.file, range: (step.source ?? phase.source).range, code: "CW6004", args: { what: `the phase step "${step.rule}"`, detail: `phase ${phase.name}` }, message: `the engine does not implement the phase step "${step.rule}"` });
    });
  }
}

/** The phase steps of combat by damage (runtime/mechanics/combat-damage.ts): attackers declared, blockers, damage against defense. */
const DAMAGE_COMBAT_STEPS = ["declare_attackers", "declare_blockers", "combat_damage"];

/**
 * `combat_model` against the game's phases. Combat by damage runs in phase steps (`phase Battle { declare_attackers;
 * ... combat_damage }`) and refuses the fight's attack action; a fight is that action, taken in a main phase. A game
 * file saying one while its phases run the other would play both, or neither: an error at the param (else at the step).
 */
function checkCombatModel(doc: Ast.GameFile, game: CompiledGame, notes: LoweringNote[]): void {
  const model = String(game.params["combat_model"] ?? "fight").toLowerCase();
  const line = doc.statements.find((st): st is Ast.ParamDecl => st.kind === "param" && st.name.text === "combat_model");
  const damageSteps = game.phases.flatMap((phase) => phase.steps.filter((s) => s.op === "rule" && DAMAGE_COMBAT_STEPS.includes(s.rule)).map((step) => ({ phase, step })));
  const report = (at: Range, detail: string) => notes.push({ file: doc.file, range: at, code: "CW6009", args: { model, detail }, message: `param combat_model = ${model}: ${detail}` });
  if (model === "damage" && !damageSteps.some(({ step }) => step.op === "rule" && step.rule === "declare_attackers")) {
    report(line?.value.range ?? game.source.range, "no phase declares attackers (a `declare_attackers` step), and combat by damage refuses every other attack, so no creature could ever attack");
  } else if (model !== "damage" && damageSteps.length) {
    const { phase, step } = damageSteps[0]!;
    const rule = step.op === "rule" ? step.rule : "";
    report(line?.value.range ?? (step.source ?? phase.source).range, `phase ${phase.name} runs \`${rule}\`, a step of combat by damage (declared blockers, damage against a defense stat), while a fight is an attack action of its own: the game would play both`);
  }
}

// ---------------------------------------------------------------------------------------------
// Card states the game's rules have (contract.ts CARD_STATES): "Exhaust target unit." in a game
// whose rules never read or reset "exhausted" would change nothing.

const statesOfGame = new WeakMap<Pick<CompiledGame, "phases" | "params">, ReadonlySet<CardStateName>>();

/** Does this game-file rule hold in the game (its param set to the value, its phase step run)? */
function ruleHolds(rule: CardStateRule, game: Pick<CompiledGame, "phases" | "params">): boolean {
  if (rule.step) return game.phases.some((p) => p.steps.some((s) => s.op === "rule" && s.rule === rule.step));
  if (!rule.param || !Object.hasOwn(game.params, rule.param)) return false;
  return rule.value === undefined || String(game.params[rule.param]).toLowerCase() === String(rule.value).toLowerCase();
}

/** The card states the rules of this game have. */
export function gameCardStates(game: Pick<CompiledGame, "phases" | "params">): ReadonlySet<CardStateName> {
  let states = statesOfGame.get(game);
  if (!states) {
    states = new Set((Object.keys(CARD_STATES) as CardStateName[]).filter((name) => CARD_STATES[name].givenBy.some((rule) => ruleHolds(rule, game))));
    statesOfGame.set(game, states);
  }
  return states;
}

/**
 * Whether a card can ever be a defender under these game params (Three-Slot Duel's "make it a defender"): `param
 * defenders`, or the defender params that imply it. The lowering of "becomes a defender" and the scenario checker ask
 * it as the engine's defend action does (runtime/engine/actions.ts).
 */
export const hasDefenders = (params: CompiledGame["params"]): boolean => (params["defenders"] ?? params["defender_walls"] !== undefined) === true;

/** The game-file lines that would give a game this state, as a designer writes them. */
export function cardStateRules(state: CardStateName): string {
  const lines = CARD_STATES[state].givenBy.map((r: CardStateRule) => (r.step ? `a phase step \`${r.step}\`` : r.value === undefined ? `\`param ${r.param} = ...\`` : `\`param ${r.param} = ${String(r.value)}\``));
  return [...new Set(lines)].join(", ");
}

/** Every card state `statesNamedBy` can name (its return type holds it to this list). */
const NAMED_STATES = ["readiness", "overexhaustion", "responses"] as const satisfies readonly CardStateName[];

/** The card states a node of the IR sets or reads (a step, a cost part, a card selector). */
function statesNamedBy(node: Record<string, unknown>): (typeof NAMED_STATES)[number][] {
  if (node["op"] === "exhaust") return node["over"] ? ["readiness", "overexhaustion"] : ["readiness"];
  if (node["op"] === "ready") return ["readiness"];
  // "Counter target spell": a spell waiting to resolve (a target in the resolving zone).
  if (node["op"] === "counter_spell" || (Array.isArray(node["zones"]) && node["zones"].includes("(resolving)"))) return ["responses"];
  if (node["pays"] === "exhaust") return ["readiness"];
  if (node["pays"] === "overexhaust") return ["readiness", "overexhaustion"];
  // A card selector's `exhausted` field ("target exhausted unit", "an untapped creature you control").
  if (node["overexhausted"] === true) return ["readiness", "overexhaustion"];
  if (typeof node["exhausted"] === "boolean") return ["readiness"];
  // "Whenever this becomes exhausted" / "... overexhausted": a trigger on the state.
  if (node["event"] === "overexhausted") return ["readiness", "overexhaustion"];
  if (node["event"] === "exhausted") return ["readiness"];
  return [];
}

const isSource = (value: unknown): value is SourceRef => typeof value === "object" && value !== null && typeof (value as SourceRef).file === "string" && typeof (value as SourceRef).range === "object";

/**
 * Card text (an ability of a card, or of the game file itself) that sets or reads a card state the
 * game's rules do not have: a note at the words naming it (inside the clause it is in), naming
 * what the game lacks and the game-file rules that would give it.
 */
/**
 * A trigger on a card dealing or being dealt damage in a game whose combat is a fight by power (CW6023): a fight deals no
 * damage (the rules texts are silent on calling it so), so the trigger fires only on an effect's damage — said at its
 * words, with the fight triggers that run (session 41 probe F7: it checked clean and never fired in combat).
 */
export function checkFightDamageTriggers(ability: Ability, game: CompiledGame, text: Text, notes: LoweringNote[]): void {
  const trigger = ability.trigger;
  if (!trigger || String(game.params["combat_model"] ?? "fight").toLowerCase() !== "fight") return;
  const onCard = trigger.event === "dealt_damage" || (trigger.event === "deals_damage" && trigger.object?.kind === "card");
  if (!onCard || trigger.subject.kind === "player") return;
  const range = narrowed(text, ability.source, /\b(?:deals?|dealt)\b[^,]*?damage(?:\s+to\s+(?:an?|another|target)?\s*[\w-]+)?/i);
  const words = text.slice(range.start.offset, range.end.offset);
  const who = trigger.subject.kind === "self" ? "this" : "a unit";
  const suggestion = trigger.event === "dealt_damage" ? `Whenever ${who} survives a fight` : `Whenever ${who} fights`;
  notes.push({ file: ability.source.file, range, code: "CW6023", args: { game: game.name, words, suggestion }, message: `a fight deals no damage: "${words}" happens only when an effect deals damage` });
}

export function checkCardStates(ability: Ability, game: CompiledGame, text: Text, notes: LoweringNote[]): void {
  const has = gameCardStates(game);
  // A game with every state an ability can name has nothing to report: no walk over the IR (3% of a check).
  if (NAMED_STATES.every((state) => has.has(state))) return;
  const reported = new Set<string>();
  const visit = (value: unknown, at: SourceRef): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, at);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const node = value as Record<string, unknown>;
    const here = isSource(node["source"]) ? node["source"] : at;
    const missing = statesNamedBy(node).find((state) => !has.has(state));
    if (missing) {
      const range = narrowed(text, here, CARD_STATES[missing].words);
      const key = `${missing}@${range.start.offset}`;
      if (!reported.has(key)) {
        reported.add(key);
        const state = CARD_STATES[missing];
        const words = text.slice(range.start.offset, range.end.offset);
        notes.push({ file: here.file, range, code: "CW6007", args: { game: game.name, state: state.says, words, otherwise: state.otherwise, rules: cardStateRules(missing) }, message: `${game.name} has no ${state.says}: "${words}" ${state.otherwise}` });
      }
    }
    for (const key in node) if (key !== "source" && Object.hasOwn(node, key)) visit(node[key], here);
  };
  visit(ability, ability.source);
}

/** Does the engine pay a cost's symbols in this game (one of the rules of COST_SYMBOLS_PAID_BY holds)? */
export function paysCostSymbols(game: Pick<CompiledGame, "phases" | "params">): boolean {
  return COST_SYMBOLS_PAID_BY.some((rule) => ruleHolds(rule, game));
}

const COST_SYMBOL = /\{[^{}\s]*\}/;

/**
 * A cost symbol (`{1}`, `{R}`, `{X}`) in a game where nothing pays one: the card's cost line or additional cost (`written`),
 * an ability's cost (`{1}, Exhaust: ...`) or a change of costs (`Spells you cast cost {1} less.`). The engine would
 * skip the symbol as it pays — the card played free, the reduction reducing nothing — so it is an error (CW7025) at
 * the first symbol, saying how this game's costs are written instead.
 */
export function checkCostSymbols(written: readonly { cost: readonly CostPart[]; at: SourceRef }[], abilities: Ability[], game: CompiledGame, text: Text, notes: LoweringNote[]): void {
  if (paysCostSymbols(game)) return;
  const resource = game.resources[0]?.name;
  const instead = resource
    ? `Write it as this game's costs are written: a number alone is that many ${resource} (\`cost: 2\`, "cost 1 less"), or name what pays it ("2 ${resource}", "2 life")`
    : `Write what pays it ("2 life", "discard 1")`;
  const rules = COST_SYMBOLS_PAID_BY.map((r) => `\`param ${r.param} = ${String(r.value)}\``).join(", ");
  const report = (at: SourceRef) => {
    const range = narrowed(text, at, COST_SYMBOL);
    const words = text.slice(range.start.offset, range.end.offset);
    notes.push({ file: at.file, range, code: "CW7025", args: { game: game.name, words, instead, rules }, message: `nothing in ${game.name} pays the cost symbol ${words}` });
  };
  const hasSymbol = (cost: readonly CostPart[] | undefined) => (cost ?? []).some((part) => part.pays === "symbol");
  for (const { cost, at } of written) if (hasSymbol(cost)) report(at);
  for (const a of abilities) {
    if (hasSymbol(a.cost) || (a.statics ?? []).some((st) => st.kind === "cost" && st.generic)) report(a.source);
  }
}

/** The words of `at` that match `words` (the first match), or all of `at` when none does. */
function narrowed(text: Text, at: SourceRef, words: RegExp): Range {
  const { start, end } = at.range;
  const match = words.exec(text.slice(start.offset, end.offset));
  if (!match) return at.range;
  const from = start.offset + match.index;
  return { start: positionAt(text, start, from), end: positionAt(text, start, from + match[0].length) };
}

/** The position of `offset`, counted on from a known position before it. */
function positionAt(text: Text, known: Range["start"], offset: number): Range["start"] {
  let { line, column } = known;
  for (let i = known.offset; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else column++;
  }
  return { offset, line, column };
}

/** Does a static's condition need its own card to be attacking ("while attacking")? */
function needsOwnAttack(condition: Condition | undefined): boolean {
  if (!condition) return false;
  if (condition.kind === "card_is") return condition.state === "attacking" && (condition.of.kind === "self" || condition.of.kind === "it");
  if (condition.kind === "all") return condition.conditions.some(needsOwnAttack);
  return false;
}

/** Rules that a card's static gives itself and that only ever matter while it attacks ("This can't be blocked."). */
const ATTACKING_ONLY_RULES: ReadonlySet<string> = new Set(["cant_be_blocked", "blockable_only_by_flying", "overflow_to_player"]);

/**
 * The game's keywords that act only while their card attacks (lower case): a rule of ATTACKING_ONLY_RULES (CYBERVAMP's
 * Breach), or a trigger on its own card dealing combat damage to a player (Bleed X: only an attacker deals it).
 */
function attackingOnlyKeywords(game: CompiledGame): Set<string> {
  const out = new Set<string>();
  for (const k of game.keywords) {
    const trigger = k.ability?.kind === "triggered" ? k.ability.trigger : undefined;
    if ((k.rule && ATTACKING_ONLY_RULES.has(k.rule)) || (trigger?.event === "combat_damage_player" && trigger.subject?.kind === "self")) out.add(k.name.toLowerCase());
  }
  return out;
}

/**
 * Does a static ability do anything only while its own card attacks (by its condition, or by what it gives: a rule such
 * as "can't be blocked", or keywords that act only as it attacks — "As long as ..., this has Breach.")?
 */
function onlyWhileAttacking(ability: Ability, attackingOnly: ReadonlySet<string>): boolean {
  if (needsOwnAttack(ability.condition)) return true;
  const effects = ability.statics ?? [];
  return (
    effects.length > 0 &&
    effects.every(
      (e) =>
        (e.kind === "rule" && ATTACKING_ONLY_RULES.has(e.rule) && "self" in e.affects) ||
        (e.kind === "modify" && "self" in e.affects && !e.stats && !e.set && !e.loses?.length && !!e.keywords?.length && e.keywords.every((k) => attackingOnly.has(k.name.toLowerCase()))),
    )
  );
}

/**
 * A static that matters only while its card attacks, in a game that turns an exhausted card's statics off and exhausts
 * attackers: it would never apply unless the card attacks without exhausting (its own keyword: CYBERVAMP's Tireless).
 */
export function checkStaticsWhileAttacking(cardName: string, abilities: Ability[], game: CompiledGame, notes: LoweringNote[]): void {
  const off = game.params["statics_off_when_exhausted"] === true || game.params["static_abilities_need_renewed"] === true;
  if (!off || game.params["attacking_exhausts"] === false) return;
  const tireless = game.keywords.filter((k) => k.rule === "attacks_without_exhausting").map((k) => k.name.toLowerCase());
  const own = abilities.flatMap((a) => (a.kind === "keyword" && a.keyword ? [a.keyword.name, ...(a.statics ?? []).flatMap((e) => (e.kind === "modify" && "self" in e.affects ? (e.keywords ?? []).map((k) => k.name) : []))] : []));
  const grants = abilities.flatMap((a) => (a.kind === "static" && !a.condition ? (a.statics ?? []).flatMap((e) => (e.kind === "modify" && "self" in e.affects ? (e.keywords ?? []).map((k) => k.name) : [])) : []));
  if ([...own, ...grants].some((k) => tireless.includes(k.toLowerCase()))) return;
  const attackingOnly = attackingOnlyKeywords(game);
  for (const a of abilities) {
    if (a.kind !== "static" || !onlyWhileAttacking(a, attackingOnly)) continue;
    // Quoted without its final period: a line break ends the sentence as well (test/compiler/line-breaks.test.ts).
    const words = a.text.trim().replace(/\.$/, "");
    const keywords = tireless.length ? tireless.map((k) => game.keywords.find((d) => d.name.toLowerCase() === k)!.name).join(", ") : "none in this game";
    notes.push({ file: a.source.file, range: a.source.range, code: "CW6050", args: { game: game.name, words, card: cardName, keywords }, message: `${game.name}: "${words}" would never apply to ${cardName}` });
  }
}

/** Does a condition need its own card to be attacking or blocking ("as long as this is blocking")? */
function needsOwnCombat(condition: Condition | undefined): boolean {
  if (!condition) return false;
  if (condition.kind === "card_is") return (condition.state === "attacking" || condition.state === "blocking") && (condition.of.kind === "self" || condition.of.kind === "it");
  if (condition.kind === "all") return condition.conditions.some(needsOwnCombat);
  return false;
}

/**
 * A toughness bonus that holds only while a creature attacks or blocks ("Blocking creatures you control get +0/+2."), in a
 * game whose creatures are destroyed by damage that stays marked after the combat (Chromatic: "Damage remains marked until
 * the End Phase. It is not removed after combat"; CYBERVAMP: until the end of the turn). The engine runs it as written: the
 * bonus holds through combat damage and its lethal check, then ends with the combat — and a creature it kept alive is
 * destroyed then, with its Defense back. A designer who meant it to survive wants the bonus until end of turn.
 */
export function checkCombatOnlyToughness(abilities: Ability[], game: CompiledGame, notes: LoweringNote[]): void {
  const toughness = toughnessStat(game);
  if (!toughness || game.params["combat_model"] === "fight") return;
  for (const a of abilities) {
    if (a.kind !== "static") continue;
    const raised = (a.statics ?? []).some((e) => {
      if (e.kind !== "modify") return false;
      const change = e.stats?.[toughness];
      if (typeof change !== "number" || change <= 0) return false;
      return "self" in e.affects ? needsOwnCombat(a.condition) : e.affects.attacking === true || e.affects.blocking === true;
    });
    if (!raised) continue;
    const words = a.text.trim().replace(/\.$/, "");
    notes.push({ file: a.source.file, range: a.source.range, code: "CW6051", args: { game: game.name, words, stat: toughness }, message: `${game.name}: "${words}" ends with the combat, while damage stays marked` });
  }
}

/** Does a condition need its own card to be exhausted ("as long as this is exhausted")? */
function needsOwnExhaustion(condition: Condition | undefined): boolean {
  if (!condition) return false;
  if (condition.kind === "card_matches") return condition.selector.exhausted === true && (condition.of.kind === "self" || condition.of.kind === "it");
  if (condition.kind === "all") return condition.conditions.some(needsOwnExhaustion);
  return false;
}

/**
 * A static or replacement whose condition is its own card exhausted, in a game that turns an exhausted card's ongoing
 * abilities off (values.ts staticCandidates, replacements.ts replacementFor): it is off exactly when it would apply.
 */
export function checkStaticsWhileExhausted(cardName: string, abilities: Ability[], game: CompiledGame, notes: LoweringNote[]): void {
  const off = game.params["statics_off_when_exhausted"] === true || game.params["static_abilities_need_renewed"] === true;
  if (!off) return;
  for (const a of abilities) {
    if ((a.kind !== "static" && a.kind !== "replacement") || !needsOwnExhaustion(a.condition)) continue;
    const words = a.text.trim().replace(/\.$/, "") + ".";
    notes.push({ file: a.source.file, range: a.source.range, code: "CW6070", args: { game: game.name, words, card: cardName }, message: `${game.name}: "${words}" would never apply to ${cardName}` });
  }
}

/**
 * An ability that uses X where nothing defines it — no X in the card's cost or the ability's own, and no
 * "where X is ..." (the lowering replaces X with that number) — would run with X = 0: a diagnostic, not a guess.
 * A keyword's definition ("Bleed N") has its number put in when the keyword is printed, so it is not looked at.
 */
export function checkUndefinedX(cardCost: readonly CostPart[], abilities: Ability[], notes: LoweringNote[]): void {
  if (costChoosesX(cardCost)) return;
  for (const a of abilities) {
    if (a.kind === "keyword" || costChoosesX(a.cost)) continue;
    const { cost: _cost, source: _source, ...rest } = a;
    if (!holdsX(rest)) continue;
    const words = a.text.trim();
    notes.push({ file: a.source.file, range: a.source.range, code: "CW6060", args: { words }, message: `"${words}" uses X, and nothing defines it` });
  }
}

/**
 * Is an X amount (`{ kind: "x" }`, an object with that one field) anywhere in `value`? A walk of the
 * IR as JSON would print it: fields left undefined do not count (turning every ability into JSON to
 * look for the text was 2.4% of a check).
 */
function holdsX(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsX);
  let fields = 0;
  let kindX = false;
  for (const field in value) {
    if (!Object.hasOwn(value, field)) continue;
    const inner = (value as Record<string, unknown>)[field];
    if (inner === undefined || typeof inner === "function") continue;
    fields++;
    if (field === "kind" && inner === "x") kindX = true;
    else if (holdsX(inner)) return true;
  }
  return kindX && fields === 1;
}
