/**
 * Writes docs/grammar/diagrams.html: railroad diagrams of the card-language grammar, from the
 * parser itself (Chevrotain's createSyntaxDiagramsCode). The page is self-contained: the
 * diagram scripts and CSS are inlined from node_modules, so it works offline (Chevrotain's
 * default loads them from a CDN).
 *
 *   npm run diagrams            (or: npx tsx scripts/diagrams.ts [output.html])
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSyntaxDiagramsCode } from "chevrotain";
import { parser } from "../grammar/parser.ts";

const MARK = "cardwright-inline-resource:";

function chevrotainDiagramsDir(): string {
  const require = createRequire(import.meta.url);
  // The package's main entry lives in lib/; the diagram assets sit beside it in diagrams/.
  let dir = dirname(require.resolve("chevrotain"));
  while (!dir.endsWith("chevrotain") && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, "diagrams");
}

/** The diagrams page as one offline HTML string. */
export function renderDiagramsHtml(): string {
  const assets = chevrotainDiagramsDir();
  const html = createSyntaxDiagramsCode(parser.getSerializedGastProductions(), {
    resourceBase: MARK,
    css: `${MARK}diagrams.css`,
  });
  const inlined = html
    .replace(new RegExp(`<link rel='stylesheet' href='${MARK}([^']+)'>`), (_m, file: string) => `<style>\n${readFileSync(join(assets, file), "utf8")}\n</style>`)
    .replace(new RegExp(`<script src='${MARK}([^']+)'></script>`, "g"), (_m, file: string) => {
      const code = readFileSync(join(assets, file), "utf8").replace(/<\/script/gi, "<\\/script");
      return `<script>\n${code}\n</script>`;
    });
  const intro = `<title>Cardwright grammar</title>
<h1 style="font-family: sans-serif">Cardwright card language — grammar</h1>
<p style="font-family: sans-serif">Generated from <code>grammar/parser.ts</code> by <code>npm run diagrams</code>.
Entry rules: <code>gameHeader</code>, <code>gameStatement</code>, <code>setHeader</code>, <code>cardDecl</code>,
<code>abilityText</code>, <code>triggerText</code>. Token names in boxes are keywords or token
classes of <code>grammar/lexer.ts</code> (<code>AnyWord</code>: any word; <code>NounWord</code>:
a content word or noun keyword; <code>VerbWord</code>: a structural verb). The reference with
examples is <code>docs/language.md</code>.</p>
`;
  return inlined.replace('<div id="diagrams"', `${intro}<div id="diagrams"`);
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const out = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "grammar", "diagrams.html");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, renderDiagramsHtml());
  console.log(`wrote ${out}`);
}
