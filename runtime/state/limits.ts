/**
 * Bounds on the numbers the engine accepts from outside (actions, scenario boards): every count
 * and X is at most what a game state can hold, so no input makes the engine loop or allocate
 * without end (an X of 10^12 used to build 10^12 cost units and abort the process).
 */

/** The largest X an action may choose, and the largest amount `legalActions` lists. */
export const MAX_X = 10_000;

/** The most cards a game may hold in all (setups, decks, tokens). */
export const MAX_CARDS = 10_000;

/** The longest id, name or move an action may carry. */
export const MAX_ID_LENGTH = 200;

/** The most entries a list in an action may have (cards chosen, paid, targeted). */
export const MAX_LIST_LENGTH = 1_000;

/** Names a plain object already answers for: refused as game-file names (CW2080) and engine ids. */
export { RESERVED_NAMES, isReservedName } from "../../compiler/reserved-names.ts";
