/**
 * The word sweep (issue 11): for every ability of the given card files that checks clean, the content words of its
 * text that its reads-as does not have (DROPPED) and the content words its reads-as has that the text does not
 * (ADDED — probe s44 F5, "targets" read as "target cards", showed only as an added word). Content words, synonyms and
 * rewrites: test/compiler/content-words.ts (the same table the property test test/compiler/engine-s44.test.ts uses).
 *
 *   npx tsx scripts/word-sweep.ts <file.cards | file.corpus>… [--all]
 *
 * The game is the card file's `for <game>` (its set line); the game file is the repository's cards/<game>/<game>.game,
 * with cards/<game>/core.cards for the card names a text may mention. Prints one block per flagged ability (every
 * ability with --all) and a count per file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { analyzeWorkspace } from "../compiler/workspace.ts";
import { lowerAnalysis } from "../compiler/lower.ts";
import { engineWarnings } from "../compiler/engine-warnings.ts";
import { readsAs } from "../compiler/reads-as.ts";
import { addedWords, droppedWords, vocabularyWords } from "../test/compiler/content-words.ts";
import { parseCorpus } from "../test/compiler/probe.ts";

const root = path.join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const all = args.includes("--all");
const vocabularies = new Map<string, Set<string>>();

/** The content words a reading dropped or added, printed when there are any (or with --all); whether it was flagged. */
function report(name: string, said: string, reads: string, vocab: Set<string>): boolean {
  const dropped = droppedWords(said, reads, vocab);
  const added = addedWords(said, reads, vocab);
  if (all || dropped.length || added.length)
    console.log(`${name}: ${said}\n    reads: ${reads}${dropped.length ? `\n    DROPPED ${dropped.join(", ")}` : ""}${added.length ? `\n    ADDED ${added.join(", ")}` : ""}`);
  return dropped.length > 0 || added.length > 0;
}

function vocabularyOf(game: string): Set<string> {
  if (!vocabularies.has(game)) {
    const text = readFileSync(path.join(root, `cards/${game}/${game}.game`), "utf8");
    vocabularies.set(game, vocabularyWords(analyzeWorkspace([{ path: `${game}/${game}.game`, text }]).vocabularies.get(game)!));
  }
  return vocabularies.get(game)!;
}

for (const file of args.filter((a) => !a.startsWith("--"))) {
  const text = readFileSync(file, "utf8");
  // A corpus file (test/fixtures/corpus): its sentences with no "!" line, against their "=" readings.
  if (file.endsWith(".corpus")) {
    const game = path.basename(file).split(".")[0]!;
    let clean = 0;
    let flagged = 0;
    for (const e of parseCorpus(text, file)) {
      if (e.problems.length || !e.readsAs.length) continue;
      clean++;
      if (report(`${path.basename(file)}`, e.sentence.replace(/\n/g, " "), e.readsAs.join(" "), vocabularyOf(game))) flagged++;
    }
    console.log(`== ${file}: ${clean} clean abilities, ${flagged} flagged, 0 with a diagnostic`);
    continue;
  }
  const game = /^\s*set\s+\S+\s+"[^"]*"\s+for\s+(\w+)/m.exec(text)?.[1];
  if (!game) {
    console.log(`${file}: no "set … for <game>" line, skipped`);
    continue;
  }
  const gamePath = path.join(root, `cards/${game}/${game}.game`);
  const own = `${game}/sweep.cards`;
  const sources = [
    { path: `${game}/${game}.game`, text: readFileSync(gamePath, "utf8") },
    ...(path.basename(file) === "core.cards" ? [] : [{ path: `${game}/core.cards`, text: readFileSync(path.join(root, `cards/${game}/core.cards`), "utf8") }]),
    { path: own, text },
  ];
  const analysis = analyzeWorkspace(sources);
  const vocab = vocabularyOf(game);
  const diagnostics = [...analysis.model.diagnostics, ...engineWarnings(analysis, sources)].filter((d) => d.file === own);
  const bundle = lowerAnalysis(analysis, sources).bundles.find((b) => b.game.id === game);
  let clean = 0;
  let flagged = 0;
  let withDiagnostic = 0;
  for (const card of bundle?.cards ?? []) {
    for (const ability of card.abilities) {
      const range = ability.source.range;
      if (ability.source.file !== own) continue;
      if (diagnostics.some((d) => d.range.start.line >= range.start.line && d.range.start.line <= range.end.line)) {
        withDiagnostic++;
        continue;
      }
      clean++;
      const said = text.slice(range.start.offset, range.end.offset).replace(/\s+/g, " ");
      if (report(card.name, said, readsAs(ability, bundle!.game), vocab)) flagged++;
    }
  }
  console.log(`== ${file}: ${clean} clean abilities, ${flagged} flagged, ${withDiagnostic} with a diagnostic`);
}
