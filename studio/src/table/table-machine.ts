/**
 * The sandbox table's session as an XState machine (issue 17: studio sessions on XState):
 * idle → starting a game → playing, where the game is in one of: a person decides, a card is
 * picked and its targets are being chosen on the board, the bot takes its turn one move at a
 * time (so the designer sees each), time travel (looking at an earlier step or an event inside
 * one), or over. The engine side stays in TableSession (pure functions over kept states); the
 * view (TableView) sends events and draws the snapshot through @xstate/react.
 */
import { assign, fromPromise, setup } from "xstate";
import type { Action, PlayerId } from "../../../runtime/index.ts";
import type { TargetValue } from "../../../runtime/state/state.ts";
import { DeckError, type Seat, type TableSession } from "./session.ts";

/** The pause between two of the bot's moves, so each is seen on the table. */
export const BOT_STEP_MS = 350;

export interface TableContext {
  session: TableSession | undefined;
  /** Player 2's seat (player 1 is always a person). */
  seat2: Seat;
  /** An event inside the step at the cursor (undefined: the whole step). */
  eventAt: number | undefined;
  /** The card whose actions are offered, and those of its actions that wait for a target. */
  picked: { card: string; actions: Action[] } | undefined;
  message: string | undefined;
  problems: string[];
  /** Bumped on every change of the (mutable) session, so views re-render. */
  revision: number;
}

export type TableEvent =
  | { type: "START"; create: () => Promise<TableSession> }
  | { type: "LOAD"; session: TableSession; seat2?: Seat }
  | { type: "ACT"; action: Action }
  | { type: "PICK"; card: string; actions: Action[] }
  | { type: "TARGET"; target: TargetValue }
  | { type: "CANCEL" }
  | { type: "GO_TO"; index: number }
  | { type: "STEP_EVENT"; delta: 1 | -1 }
  | { type: "SEAT"; seat: Seat }
  | { type: "BOT_MOVE" }
  | { type: "SANDBOX"; edit: (session: TableSession) => string | undefined };

const seatOf = (c: TableContext, player: PlayerId | null): Seat => (player === "p2" ? c.seat2 : "human");
const latest = (s: TableSession) => s.cursor === s.history.length - 1;

/** What an action aims at: its first target, or an attack's target. */
export function aimOf(action: Action): TargetValue | undefined {
  const a = action as { targets?: TargetValue[]; target?: TargetValue; type: string };
  return a.targets?.[0] ?? (a.type === "attack" || (a.type === "game" && a.target && typeof a.target === "object") ? a.target : undefined);
}

/** Two targets are the same card or the same player. */
export function sameTargetValue(a: TargetValue | undefined, b: TargetValue | undefined): boolean {
  if (!a || !b) return false;
  return "card" in a ? "card" in b && a.card === b.card : "player" in b && a.player === b.player;
}

export const tableMachine = setup({
  types: { context: {} as TableContext, events: {} as TableEvent },
  actors: {
    start: fromPromise(async ({ input }: { input: { create: () => Promise<TableSession> } }) => input.create()),
  },
  guards: {
    over: ({ context }) => !!context.session?.state.over,
    travelling: ({ context }) => !!context.session && (!latest(context.session) || context.eventAt !== undefined),
    botToMove: ({ context }) => !!context.session && seatOf(context, context.session.decider()) === "bot",
    picking: ({ context }) => context.picked !== undefined,
  },
  actions: {
    apply: assign(({ context, event }) => {
      if (event.type !== "ACT" || !context.session) return {};
      const refused = context.session.apply(event.action);
      return { message: refused, eventAt: undefined, picked: undefined, revision: context.revision + 1 };
    }),
    botMove: assign(({ context }) => {
      const s = context.session;
      const action = s?.botAction();
      if (!s || !action) return {};
      const refused = s.apply(action);
      return { message: refused ? `The bot's move was refused: ${refused}` : undefined, revision: context.revision + 1 };
    }),
  },
}).createMachine({
  id: "table",
  initial: "idle",
  context: { session: undefined, seat2: "bot", eventAt: undefined, picked: undefined, message: undefined, problems: [], revision: 0 },
  on: {
    START: { target: ".starting" },
    LOAD: {
      target: ".playing",
      actions: assign(({ context, event }) => ({ session: event.session, seat2: event.seat2 ?? context.seat2, eventAt: undefined, picked: undefined, message: undefined, problems: [], revision: context.revision + 1 })),
    },
    SEAT: { actions: assign({ seat2: ({ event }) => event.seat }) },
  },
  states: {
    idle: {},
    starting: {
      entry: assign({ message: undefined, problems: [] }),
      invoke: {
        src: "start",
        input: ({ event }) => (event.type === "START" ? { create: event.create } : { create: () => Promise.reject(new Error("no game to start")) }),
        onDone: { target: "playing", actions: assign(({ context, event }) => ({ session: event.output, eventAt: undefined, picked: undefined, revision: context.revision + 1 })) },
        onError: {
          target: "idle",
          actions: assign(({ event }) =>
            event.error instanceof DeckError
              ? { message: "The game was not started: a chosen deck is not legal.", problems: event.error.problems }
              : { message: event.error instanceof Error ? event.error.message : String(event.error), problems: [] },
          ),
        },
      },
    },
    playing: {
      initial: "deciding",
      on: {
        ACT: { target: ".deciding", actions: "apply" },
        GO_TO: {
          target: ".deciding",
          actions: assign(({ context, event }) => {
            const s = context.session!;
            s.cursor = Math.max(0, Math.min(s.history.length - 1, event.index));
            return { eventAt: undefined, picked: undefined, revision: context.revision + 1 };
          }),
        },
        STEP_EVENT: {
          target: ".deciding",
          actions: assign(({ context, event }) => {
            const s = context.session!;
            const steps = s.history.flatMap((h, step) => h.events.map(() => step));
            if (steps.length === 0) return {};
            const lastOfStep = steps.lastIndexOf(s.cursor);
            const next = Math.max(0, Math.min(steps.length - 1, (context.eventAt ?? (lastOfStep >= 0 ? lastOfStep : 0)) + event.delta));
            s.cursor = steps[next]!;
            return { eventAt: next, picked: undefined, revision: context.revision + 1 };
          }),
        },
        SANDBOX: {
          target: ".deciding",
          actions: assign(({ context, event }) => ({ message: event.edit(context.session!), eventAt: undefined, picked: undefined, revision: context.revision + 1 })),
        },
      },
      states: {
        /** Who or what acts next decides the state. */
        deciding: {
          always: [
            { guard: "over", target: "over" },
            { guard: "travelling", target: "timeTravel" },
            { guard: "botToMove", target: "botTurn" },
            { target: "human" },
          ],
        },
        human: {
          on: {
            PICK: [
              // One action and nothing to aim at: it is played at once.
              { guard: ({ event }) => event.actions.length === 1 && !aimOf(event.actions[0]!), target: "deciding", actions: assign(({ context, event }) => ({ message: context.session!.apply(event.actions[0]!), picked: undefined, revision: context.revision + 1 })) },
              { target: "picking", actions: assign({ picked: ({ event }) => ({ card: event.card, actions: event.actions }) }) },
            ],
          },
        },
        /** A card is picked: its actions are offered beside it, and those that aim wait for a click on a card or a player. */
        picking: {
          on: {
            CANCEL: { target: "human", actions: assign({ picked: undefined }) },
            PICK: { target: "picking", actions: assign({ picked: ({ event }) => ({ card: event.card, actions: event.actions }) }) },
            TARGET: {
              target: "deciding",
              actions: assign(({ context, event }) => {
                const action = context.picked?.actions.find((a) => sameTargetValue(aimOf(a), event.target));
                if (!action) return { picked: undefined };
                return { message: context.session!.apply(action), picked: undefined, eventAt: undefined, revision: context.revision + 1 };
              }),
            },
          },
        },
        /** The bot plays its moves one at a time, each shown before the next. */
        botTurn: {
          after: { [BOT_STEP_MS]: { target: "deciding", actions: "botMove", reenter: true } },
          on: { BOT_MOVE: { target: "deciding", actions: "botMove" } },
        },
        timeTravel: {
          on: { PICK: { target: "picking", actions: assign({ picked: ({ event }) => ({ card: event.card, actions: event.actions }) }) } },
        },
        over: {},
      },
    },
  },
});

/** The machine's state as one word, for the view and the browser tests (`data-state`). */
export function tableStateName(snapshot: { matches(value: unknown): boolean }): string {
  for (const name of ["human", "picking", "botTurn", "timeTravel", "over"] as const) if (snapshot.matches({ playing: name })) return name;
  return snapshot.matches("starting") ? "starting" : snapshot.matches("idle") ? "idle" : "playing";
}
