/**
 * The bots (./bot.ts): each module registers its kind. Browser-safe like all of runtime/.
 */
import "./random.ts";
import "./greedy.ts";
import "./mcts.ts";

export { BOT_KINDS, createBot, allowedActions, DEFAULT_PLAYOUTS, type Bot, type BotKind, type BotSettings } from "./bot.ts";
export { Evaluator, weightsOf, DEFAULT_WEIGHTS, type EvaluationWeights } from "./evaluate.ts";
export { WorldSampler } from "./determinize.ts";
export { ActionNamer } from "./action-key.ts";
export { BotRandom } from "./random.ts";
