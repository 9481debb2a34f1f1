/**
 * docs/language.md section 3 is the scenario contract: every fenced `scenario` example runs and
 * passes against the bundled games, and every action and expectation written in its tables parses
 * as that form (the table's examples name cards of several games, so they are parsed, not run).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { eventPlayerTable } from "../../compiler/engine-words.ts";
import { runText } from "./helpers.ts";

const doc = readFileSync("docs/language.md", "utf8");
const section = doc.slice(doc.indexOf("## 3. Scenario files"), doc.indexOf("## 4. Deck lists"));
const blocks = [...section.matchAll(/```scenario\n([\s\S]*?)```/g)].map((m) => m[1]!);
const spans = (title: string) => {
  const part = section.slice(section.indexOf(title), section.indexOf("\n### ", section.indexOf(title) + 1) >>> 0 || undefined);
  return [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
};

describe("docs/language.md, scenario files", () => {
  it("has runnable examples", () => expect(blocks.length).toBeGreaterThanOrEqual(2));

  it("prints the player of each event kind as compiler/engine-words.ts says it (EVENT_PLAYER)", () => {
    const table = /<!-- event-player table[^\n]*-->\n([\s\S]*?)\n<!-- end of event-player table -->/.exec(section)?.[1];
    expect(table).toBe(eventPlayerTable());
  });
  blocks.forEach((block, i) => {
    it(`example ${i + 1} (${/scenario "([^"]+)"/.exec(block)![1]}) parses and passes`, () => {
      const { results, diagnostics } = runText(block, "docs/language.md");
      expect(diagnostics).toEqual([]);
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(r.failures).toEqual([]);
    });
  });

  it("every expectation in the 3.3 table parses as one expectation", () => {
    const examples = spans("### 3.3 Expectations").filter((s) => s.startsWith("expect ") && !s.includes("<") && !s.includes("..."));
    expect(examples.length).toBeGreaterThan(30);
    for (const line of examples) {
      const parsed = parseScenarioFile(`scenario "x" for duel\n${line}\n`, "x.scenario");
      expect(parsed.diagnostics.map((d) => d.message), line).toEqual([]);
      expect(parsed.scenarios[0]!.steps.map((s) => s.kind), line).toEqual(["expect"]);
    }
  });

  it("every action in the 3.2 table parses as an action line (one action; an attack line naming several attackers, one each)", () => {
    const examples = spans("### 3.2 Actions").filter((s) => /^p\d /.test(s));
    expect(examples.length).toBeGreaterThan(20);
    for (const line of examples) {
      const parsed = parseScenarioFile(`scenario "x" for duel\n${line}\n`, "x.scenario");
      expect(parsed.diagnostics.map((d) => d.message), line).toEqual([]);
      const actions = parsed.scenarios[0]!.steps.map((s) => (s.kind === "action" ? s.action.kind : s.kind));
      expect(actions.length, line).toBeGreaterThan(0);
      if (actions.length > 1) expect(actions, line).toEqual(actions.map(() => "attack"));
      else expect(parsed.scenarios[0]!.steps[0]!.kind, line).toBe("action");
    }
  });
});
