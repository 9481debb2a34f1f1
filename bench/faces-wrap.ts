/**
 * Card faces render in time linear in one unbroken word (issue 13: 1,000 characters took 4.9 s,
 * 2,000 took 38.9 s, cubic). Renders a face whose rules text is one word of 500, 1,000, 2,000 and
 * 4,000 characters, interleaved, and prints each time as a ratio to the 500-character face: linear
 * means about 2×, 4×, 8×. Goal: the 4,000-character face within 16× of the 500-character one.
 */
import { renderCardFace } from "../faces/index.ts";
import { fmtMs, fmtRatio, interleave, ratios, reportGoal, summarize } from "./lib/measure.ts";

const face = (length: number) => () =>
  renderCardFace({ name: "Long Word", type: "Spell", subtypes: [], supertypes: [], colors: ["Red"], stats: {}, abilities: [{ text: "W".repeat(length) + ".", range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } } }], text: "" });
const times = interleave(7, { w500: face(500), w1000: face(1000), w2000: face(2000), w4000: face(4000) });
for (const [name, samples] of Object.entries(times)) console.log(`${name.padEnd(6)} ${fmtMs(summarize(samples), 2)}  ${fmtRatio(ratios(samples, times.w500))} of w500`);
const worst = ratios(times.w4000, times.w500);
reportGoal({ figure: "face with a 4,000-char word / 500-char word", measured: fmtRatio(worst), goal: "≤ 16× (linear: 8×)", met: worst.median <= 16 });
