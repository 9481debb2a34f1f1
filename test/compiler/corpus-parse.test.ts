/**
 * A corpus file the probe cannot read is said at its file and line (test/compiler/probe.ts parseCorpus). On main 14e7d13
 * a `## relic` heading in a cybervamp corpus file crashed corpus.test.ts with "TypeError: PROBE_TEMPLATES[game][c.kind]
 * is not a function", naming neither.
 */
import { describe, expect, it } from "vitest";
import { parseCorpus } from "./probe.ts";

describe("a corpus file's mistakes are said at their file and line", () => {
  it("an unknown kind heading", () => {
    expect(() => parseCorpus("## creature\n> Draw a card.\n= Draw a card.\n\n## relic\n> Draw a card.\n", "cybervamp.x.corpus")).toThrow(
      'cybervamp.x.corpus:5: "## relic" is no kind of card the corpus probes for cybervamp: write "## creature" or "## spell"',
    );
  });
  it("a sentence before any heading, a result line before any sentence, a file named for no game", () => {
    expect(() => parseCorpus("> Draw a card.\n", "duel.x.corpus")).toThrow('duel.x.corpus:1: a sentence before any "## <kind>" heading: write "## unit" or "## spell" or "## xspell" above it');
    expect(() => parseCorpus("## unit\n= Draw a card.\n", "duel.x.corpus")).toThrow('duel.x.corpus:2: "=" line before any "> " sentence');
    expect(() => parseCorpus("## unit\n", "dual.x.corpus")).toThrow('dual.x.corpus: a corpus file\'s name starts with its game (duel, cybervamp, chromatic), not "dual"');
  });
  it("a good file reads as before", () => {
    expect(parseCorpus("## spell\n> Draw a card.\n>> Draw a card.\n= Draw a card.\n! CW6001 \"x\"\n~ gap\n", "duel.x.corpus")).toEqual([
      { kind: "spell", sentence: "Draw a card.\nDraw a card.", readsAs: ["Draw a card."], problems: ['CW6001 "x"'], noRoundTrip: "gap" },
    ]);
  });
});
