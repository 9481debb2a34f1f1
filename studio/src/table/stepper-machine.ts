/**
 * The scenario stepper's flow as an XState machine (issue 17: studio sessions on XState): idle →
 * running the scenarios → a run open in the stepper, which is either at a failure (the cursor on
 * a failing expectation's event), paused at a breakpoint, or stepping. The view (ScenariosView)
 * sends events and draws the snapshot through @xstate/react; the runs themselves come from the
 * same runner as `cardwright test`.
 */
import { assign, fromPromise, setup } from "xstate";
import type { SourceFile } from "../../../compiler/model.ts";
import { openingEvent, runScenarios, type ScenarioRun } from "./scenarios.ts";

/** Trace events a breakpoint on a card stops at: its trigger noted, fired, pushed, suppressed or appended. */
const BREAK_KINDS = new Set(["trigger", "fire", "push", "suppressed", "appended"]);

export interface StepperContext {
  runs: ScenarioRun[] | undefined;
  selected: number;
  cursor: number;
  breakpoints: ReadonlySet<string>;
  error: string | undefined;
}

export type StepperEvent =
  | { type: "RUN"; files: SourceFile[]; only?: string }
  | { type: "SELECT"; index: number }
  | { type: "GOTO"; index: number }
  | { type: "STEP"; delta: number }
  | { type: "TO_BREAKPOINT"; direction: 1 | -1 }
  | { type: "TOGGLE_BREAKPOINT"; name: string };

/** The card a breakpoint names for an event, if the event is one a breakpoint stops at. */
export function breakpointName(event: { kind: string; name?: string; text: string }): string | undefined {
  if (!BREAK_KINDS.has(event.kind)) return undefined;
  return event.name ?? /^([^:]+):/.exec(event.text)?.[1]?.trim();
}

const current = (c: StepperContext) => c.runs?.[c.selected];
const clamp = (c: StepperContext, index: number) => Math.max(0, Math.min(Math.max(0, (current(c)?.events.length ?? 1) - 1), index));
const atFailure = (c: StepperContext) => (current(c)?.failures ?? []).some((f) => f.eventIndex !== undefined && Math.max(0, f.eventIndex) === c.cursor);

function nextBreakpoint(c: StepperContext, direction: 1 | -1): number | undefined {
  const events = current(c)?.events ?? [];
  for (let i = c.cursor + direction; i >= 0 && i < events.length; i += direction) {
    const name = breakpointName(events[i]!);
    if (name !== undefined && c.breakpoints.has(name)) return i;
  }
  return undefined;
}

export const stepperMachine = setup({
  types: { context: {} as StepperContext, events: {} as StepperEvent },
  actors: {
    run: fromPromise(async ({ input }: { input: { files: SourceFile[]; only?: string } }) => {
      const all = await runScenarios(input.files, input.only);
      // Failures first (each group in file order): one failure among hundreds of rows is seen at once.
      return [...all.filter((r) => !r.passed), ...all.filter((r) => r.passed)];
    }),
  },
  guards: {
    atFailure: ({ context }) => atFailure(context),
    hasBreakpointAhead: ({ context, event }) => event.type === "TO_BREAKPOINT" && nextBreakpoint(context, event.direction) !== undefined,
  },
}).createMachine({
  id: "stepper",
  initial: "idle",
  context: { runs: undefined, selected: 0, cursor: 0, breakpoints: new Set(), error: undefined },
  on: {
    RUN: { target: ".running" },
    TOGGLE_BREAKPOINT: {
      actions: assign({
        breakpoints: ({ context, event }) => {
          const next = new Set(context.breakpoints);
          if (next.has(event.name)) next.delete(event.name);
          else next.add(event.name);
          return next;
        },
      }),
    },
  },
  states: {
    idle: {},
    running: {
      entry: assign({ error: undefined }),
      invoke: {
        src: "run",
        input: ({ event }) => (event.type === "RUN" ? { files: event.files, ...(event.only ? { only: event.only } : {}) } : { files: [] }),
        onDone: {
          target: "open",
          actions: assign(({ event }) => ({ runs: event.output, selected: 0, cursor: event.output[0] ? openingEvent(event.output[0]) : 0 })),
        },
        onError: { target: "idle", actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    open: {
      initial: "deciding",
      on: {
        SELECT: {
          target: ".deciding",
          actions: assign(({ context, event }) => ({ selected: event.index, cursor: context.runs?.[event.index] ? openingEvent(context.runs[event.index]!) : 0 })),
        },
        GOTO: { target: ".deciding", actions: assign({ cursor: ({ context, event }) => clamp(context, event.index) }) },
        STEP: { target: ".deciding", actions: assign({ cursor: ({ context, event }) => clamp(context, context.cursor + event.delta) }) },
        TO_BREAKPOINT: {
          guard: "hasBreakpointAhead",
          target: ".paused",
          actions: assign({ cursor: ({ context, event }) => nextBreakpoint(context, event.direction) ?? context.cursor }),
        },
      },
      states: {
        /** Where the cursor landed decides the state: on a failing expectation, or just stepping. */
        deciding: { always: [{ guard: "atFailure", target: "atFailure" }, { target: "stepping" }] },
        stepping: {},
        paused: {},
        atFailure: {},
      },
    },
  },
});
