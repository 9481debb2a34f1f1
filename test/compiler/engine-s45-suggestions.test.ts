/**
 * engine s45 (issue 11, open since s43): every whole-sentence suggestion a diagnostic quotes checks clean.
 *
 * For each corpus sentence with a diagnostic, the quoted sentences of its messages that tell the designer what to write
 * ("write …", "name …", "rephrase …": a capitalised quote ending in a period, with no placeholder — "…", "<", X, N) are
 * checked on a card of each kind of that game: a suggestion must check clean on at least one (a trigger suggested for
 * a spell's sentence belongs on a permanent). A suggestion that goes on a sentence before it ("Activate only during your
 * turn." after an activated ability, "It can't attack this turn." after a sentence naming a card) is checked there. A
 * warning that says the text runs as written (runsAsWritten, e.g. CW6023 on a Duel damage trigger) is no failure.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { runsAsWritten } from "../../compiler/messages.ts";
import { PROBE_TEMPLATES, parseCorpus, probeCards } from "./probe.ts";

const dir = path.join(import.meta.dirname, "..", "fixtures", "corpus");

/** The sentence a suggestion goes on, where it is not a whole ability by itself. */
function inContext(game: string, text: string): string {
  const permanent = game === "duel" ? "unit" : "creature";
  if (/^Activate only\b/.test(text)) return `Exhaust: Gain 1 life. ${text}`;
  if (/^(?:It|Its|They|Their)\b/.test(text)) return `Deal 1 damage to target ${permanent}. ${text}`;
  return text;
}

it("every whole-sentence suggestion of a diagnostic on the corpus checks clean", () => {
  const suggestions = new Map<string, Set<string>>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".corpus")).sort()) {
    const game = name.split(".")[0]!;
    const entries = parseCorpus(readFileSync(path.join(dir, name), "utf8"), name).filter((e) => e.problems.length);
    probeCards(game, entries.map((e) => ({ kind: e.kind, text: e.sentence }))).forEach((probe, i) => {
      for (const message of probe.messages) {
        if (!/\b(?:write|name|rephrase)\b/i.test(message)) continue;
        for (const [, quoted] of message.matchAll(/"([A-Z][^"]+[.])"/g)) {
          if (/…|\.\.\.|<|\bX\b|\bN\b/.test(quoted!) || quoted!.length < 8 || entries[i]!.sentence.includes(quoted!)) continue;
          suggestions.set(game, (suggestions.get(game) ?? new Set()).add(quoted!));
        }
      }
    });
  }
  const failing: string[] = [];
  let checked = 0;
  for (const [game, set] of suggestions) {
    const list = [...set];
    const tries = Object.keys(PROBE_TEMPLATES[game]!).map((kind) => probeCards(game, list.map((text) => ({ kind, text: inContext(game, text) }))));
    list.forEach((text, i) => {
      checked++;
      const problems = tries.map((t) => t[i]!.problems.filter((p) => !runsAsWritten(p.split(" ")[0]!)));
      if (problems.every((p) => p.length)) failing.push(`${game}: "${text}" — ${problems.map((p) => p.join("; ")).join(" / ")}`);
    });
  }
  expect(checked).toBeGreaterThan(60);
  expect(failing).toEqual([]);
});
