// A StrykerJS ignorer (mutation/stryker.config.mjs): mutants that cannot change what the engine does — equivalent
// mutants — left out of the score, each kind with its reason (docs/mutation.md lists them). A kind is added here
// only when every caller has been read and shown not to tell the mutant from the original.
//   - `return "done"` → `return ""` in the step interpreter (runtime/core/effects.ts runStep, runKeywordAction,
//     runNativeRule): their results reach one caller, runTopFrame, which tells only "wait" from anything else
//     (`if (result === "wait") return;`). Not in other functions returning "done" | "wait": combat's resolveAttack
//     is tested `=== "done"` by its caller, so its "" is a real fault and stays counted.
//   - the same `return "done"` in a native rule written in place as the callback of `registerNativeRule(name, ...)`
//     (stack.ts's phase end, combat's steps...): such a function has no name, so nothing calls it but runNativeRule,
//     through the registry (`nativeRules`, read nowhere else), which returns its result as its own. A rule registered
//     by name (chain.ts `priorityStep`) is not covered: a named function could have other callers.
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";

export const STEP_DONE = 'equivalent: a step\'s "done" — its only reader (runTopFrame) tells "wait" from anything else (docs/mutation.md)';

/** The step interpreter's functions whose "done" is read only as "not wait". */
export const STEP_FUNCTIONS = new Set(["runStep", "runKeywordAction", "runNativeRule"]);

/** Is this function (an arrow or function expression) written as the rule argument of `registerNativeRule(name, rule)`? */
function registeredInPlace(fn) {
  if (fn.node.type !== "ArrowFunctionExpression" && fn.node.type !== "FunctionExpression") return false;
  const call = fn.parentPath;
  return !!call?.isCallExpression() && call.node.callee.type === "Identifier" && call.node.callee.name === "registerNativeRule" && call.node.arguments[1] === fn.node;
}

class EquivalentIgnorer {
  shouldIgnore(path) {
    if (!path.isStringLiteral() || path.node.value !== "done" || !path.parentPath?.isReturnStatement()) return undefined;
    const fn = path.getFunctionParent();
    const name = fn?.node.type === "FunctionDeclaration" ? fn.node.id?.name : undefined;
    if (name && STEP_FUNCTIONS.has(name)) return STEP_DONE;
    return fn && registeredInPlace(fn) ? STEP_DONE : undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, "Equivalent", EquivalentIgnorer)];
