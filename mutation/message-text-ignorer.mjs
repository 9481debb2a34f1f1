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
//   - the arguments of an Error thrown (`throw new XError(...)`) or passed to super() in an Error class.
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

class MessageTextIgnorer {
  shouldIgnore(path) {
    const parent = path.parentPath;
    if (!parent) return undefined;
    // An argument of a call named above.
    if (parent.isCallExpression() && path.listKey === "arguments") {
      const positions = TEXT_ARGUMENTS[calleeName(parent.node)];
      if (positions?.includes(path.key)) return MESSAGE_TEXT;
      if (parent.node.callee.type === "Super") return MESSAGE_TEXT;
    }
    // The object a state's meta is made from.
    if (parent.isVariableDeclarator() && path.key === "init" && parent.node.id.type === "Identifier" && isMetaName(parent.node.id.name)) return MESSAGE_TEXT;
    // The arguments of `new X(...)` right under a throw.
    if (parent.isNewExpression() && path.listKey === "arguments" && parent.parentPath?.isThrowStatement()) return MESSAGE_TEXT;
    // `message: ...` / `prompt: ...` / `description: ...` in an object literal (not a shorthand: that is a plain name).
    if (parent.isObjectProperty() && path.key === "value" && !parent.node.computed && !parent.node.shorthand) {
      const key = parent.node.key;
      const name = key.type === "Identifier" ? key.name : key.type === "StringLiteral" ? key.value : undefined;
      if (name && TEXT_PROPERTIES.has(name)) return MESSAGE_TEXT;
    }
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, "MessageText", MessageTextIgnorer)];
