// A StrykerJS ignorer (mutation/stryker.config.mjs): mutants inside the TEXT of a message are left out
// of the score, because a message's wording is for people, and no scenario reads it (a scenario
// matches events by kind and data, refusals by code). Only the text is left out — never the logic
// around it: the call that emits an event, the refusal returned, the condition that leads there,
// the failure pushed are all still mutated. What counts as message text (docs/mutation.md says the same):
//   - the third argument of emit(ctx, kind, text, data): a trace event's sentence;
//   - the value of a `message`, `prompt` or `description` property (refusals, deck violations, scenario
//     failures, a pending choice's prompt, a statechart state's description shown in the studio's Flow view);
//   - a statechart state's `meta` (the game-file line, phase and parameter a state comes from: the Flow view links a
//     state to its rules line with it; test/runtime/statechart.test.ts checks it, no scenario can): the value of a
//     `meta` property, and the object a variable named `meta` or `…Meta` is made from (runtime/models/*.ts build one
//     per phase and hand it to several states);
//   - the meta and description arguments of runtime/core/flow.ts's state builders priorityHolders(meta, description)
//     and resolution(meta, description, on) (never `on`: the transitions stay mutated), and the text argument of
//     runtime/models/chain.ts's chainEvent(ctx, kind, text, …), which only becomes emit's text;
//   - the message argument of refuse(code, message) and refuseShortfall(name, need, have, message);
//   - the prompt argument of the step interpreter's askCards(…, prompt), askYesNo(…, prompt) and askMode(…, modes,
//     prompt) (runtime/core/effects.ts; askYesNo in runtime/mechanics/facets.ts too): each only becomes the pending
//     choice's `prompt` (never a mode's label: askMode's modes, which `choose mode "…"` reads, stay mutated);
//   - the prompt argument of runtime/models/chain.ts's askOrder(ctx, run, which, player, list, prompt) (17.1: a player
//     orders their noted abilities) and of runtime/mechanics/combat-damage.ts's askDeclaration(ctx, frame, player, options,
//     min, max, prompt) (attackers, blockers): each only becomes the pending choice's `prompt`;
//   - the text arguments of the scenario runner's fail(line, message, expected, actual, at);
//   - the arguments of an Error thrown (`throw new XError(...)`) or passed to super() in an Error class;
//   - a text helper: a `const` (its value) or a function declaration (all of it) of the module whose every use is inside
//     message text as said above (or inside another such helper), never reassigned, not exported, used at least once,
//     and that writes nothing — no assignment, `++`/`--` or `delete`, no call of a name that writes (WRITER_CALL: emit,
//     write…, push, set…, ask…, run…) — so that its value can only reach people: combat-damage.ts's `cantWhy` (which
//     keyword or card a 'can't attack' refusal names), the Flying keyword's name in a block refusal, the phase named in a
//     fight-style attack's refusal, the names of the creatures that must attack (a prompt and an event's text). A helper
//     used once outside message text (a condition, an event's data, an export) is counted whole.
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";

export const MESSAGE_TEXT = "message text: read by people, no scenario reads it (docs/mutation.md)";

/** Which arguments of a call to a function of this name are message text. */
const TEXT_ARGUMENTS = {
  emit: [2],
  refuse: [1],
  refuseShortfall: [3],
  askCards: [6],
  askYesNo: [3],
  askMode: [4],
  askOrder: [5],
  askDeclaration: [6],
  fail: [1, 2, 3],
  chainEvent: [2],
  priorityHolders: [0, 1],
  resolution: [0, 1],
};

const TEXT_PROPERTIES = new Set(["message", "prompt", "description", "meta"]);

/** A variable holding a statechart state's meta: `const meta = …`, `const priorityMeta = …`. */
const isMetaName = (name) => name === "meta" || /^[a-z]\w*Meta$/.test(name);

function calleeName(call) {
  return call.callee.type === "Identifier" ? call.callee.name : undefined;
}

/** A message text by the rules above, this node itself (not through a helper). */
function isTextItself(path) {
  const parent = path.parentPath;
  if (!parent) return false;
  // An argument of a call named above.
  if (parent.isCallExpression() && path.listKey === "arguments") {
    const positions = TEXT_ARGUMENTS[calleeName(parent.node)];
    if (positions?.includes(path.key)) return true;
    if (parent.node.callee.type === "Super") return true;
  }
  // The object a state's meta is made from.
  if (parent.isVariableDeclarator() && path.key === "init" && parent.node.id.type === "Identifier" && isMetaName(parent.node.id.name)) return true;
  // The arguments of `new X(...)` right under a throw.
  if (parent.isNewExpression() && path.listKey === "arguments" && parent.parentPath?.isThrowStatement()) return true;
  // `message: ...` / `prompt: ...` / `description: ...` in an object literal (not a shorthand: that is a plain name).
  if (parent.isObjectProperty() && path.key === "value" && !parent.node.computed && !parent.node.shorthand) {
    const key = parent.node.key;
    const name = key.type === "Identifier" ? key.name : key.type === "StringLiteral" ? key.value : undefined;
    if (name && TEXT_PROPERTIES.has(name)) return true;
  }
  return false;
}

/** A call that may write something (state, a list, the trace, a pending choice): a helper making one is not text. */
export const WRITER_CALL = /^(emit|write|push|pop|shift|unshift|splice|sort|reverse|fill|set|add|delete|clear|ask|run|apply|mark|move|register|note|queue|fire)/;

/** Does this code write anything (an assignment, `++`, `delete`, or a call WRITER_CALL names)? */
function writes(path) {
  let found = false;
  const check = (p) => {
    if (found) return;
    const node = p.node;
    if (node.type === "AssignmentExpression" || node.type === "UpdateExpression" || (node.type === "UnaryExpression" && node.operator === "delete")) found = true;
    else if (node.type === "CallExpression" || node.type === "OptionalCallExpression" || node.type === "NewExpression") {
      const callee = node.callee;
      const name = callee.type === "Identifier" ? callee.name : (callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression") && !callee.computed && callee.property.type === "Identifier" ? callee.property.name : undefined;
      if (name === undefined || WRITER_CALL.test(name)) found = true;
    }
  };
  check(path);
  path.traverse({ enter: check });
  return found;
}

/**
 * The binding this node declares as a text helper, if it is one: the init of `const name = …` or a function declaration
 * (`path` itself is what is left out). `undefined` when it is neither.
 */
function helperBinding(path) {
  const parent = path.parentPath;
  if (!parent) return undefined;
  if (path.isFunctionDeclaration() && path.node.id) {
    if (parent.isExportNamedDeclaration() || parent.isExportDefaultDeclaration()) return undefined;
    const binding = parent.scope.getBinding(path.node.id.name);
    return binding?.path === path ? binding : undefined;
  }
  if (path.key === "init" && parent.isVariableDeclarator() && parent.node.id.type === "Identifier" && parent.parentPath?.isVariableDeclaration({ kind: "const" })) {
    if (parent.parentPath.parentPath?.isExportNamedDeclaration()) return undefined;
    const binding = parent.scope.getBinding(parent.node.id.name);
    return binding?.path === parent ? binding : undefined;
  }
  return undefined;
}

class MessageTextIgnorer {
  /** Text helpers found so far, by node (a helper's answer is the same wherever it is asked from). */
  helpers = new WeakMap();

  /** Is this node (a const's init, a function declaration) a text helper? `open`: the helpers being decided (a cycle is not text). */
  isTextHelper(path, open) {
    const node = path.node;
    if (this.helpers.has(node)) return this.helpers.get(node);
    const binding = helperBinding(path);
    if (!binding || open.has(node)) return false;
    open.add(node);
    const answer =
      binding.constantViolations.length === 0 &&
      binding.referencePaths.length > 0 &&
      binding.referencePaths.every((ref) => this.insideText(ref, open)) &&
      !writes(path);
    open.delete(node);
    this.helpers.set(node, answer);
    return answer;
  }

  /** Is this node inside message text: itself or an enclosing node text by the rules above, or inside a text helper? */
  insideText(path, open) {
    for (let p = path; p; p = p.parentPath) if (isTextItself(p) || this.isTextHelper(p, open)) return true;
    return false;
  }

  shouldIgnore(path) {
    if (isTextItself(path) || this.isTextHelper(path, new Set())) return MESSAGE_TEXT;
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, "MessageText", MessageTextIgnorer)];
