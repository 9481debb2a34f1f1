/**
 * Test games: a bundled game with ONE game parameter changed, to show that each value of a
 * documented parameter changes what the engine does (issue 11, "a documented parameter either
 * changes behaviour, with a scenario per value").
 *
 * A test game is a folder `test/fixtures/games/<game>-<param>-<value>/` holding scenarios (and any
 * cards they need beyond the game's bundled `core.cards`). Its name is the whole overlay: the
 * game folder it derives from (`cards/<game>`) and the one `param` line changed. The game file is
 * never copied by hand: `materialize` writes a real game folder — the bundled game file with that
 * line replaced (or added), the bundled cards, the test game's own files — that `cardwright test`
 * runs like any other, so a bundled game file's later edits reach every test game.
 *
 * `npx tsx scripts/param-games.ts <out-dir>` writes every test game there (for the mutation suite
 * or to step through one in the studio); test/scenarios/param-games.test.ts runs them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ENGINE_PARAMS, type ParamContract } from "../compiler/contract.ts";

export const PARAM_GAMES_DIR = "test/fixtures/games";

export interface ParamGame {
  /** The folder name, `<game>-<param>-<value>`. */
  name: string;
  /** The test game's own folder (scenarios, extra cards). */
  folder: string;
  game: string;
  param: string;
  value: string;
}

/** Reads `<game>-<param>-<value>` (a param name has no `-`; the value is what follows its `-`). */
export function parseParamGameName(name: string): { game: string; param: string; value: string } | undefined {
  const match = /^([a-z0-9]+)-([a-z0-9_]+)-([A-Za-z0-9_]+)$/.exec(name);
  return match ? { game: match[1]!, param: match[2]!, value: match[3]! } : undefined;
}

/** Every test game under `root` (the repository). A folder whose name is not `<game>-<param>-<value>` is an error. */
export function paramGames(root: string): ParamGame[] {
  const dir = path.join(root, PARAM_GAMES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const parsed = parseParamGameName(e.name);
      if (!parsed) throw new Error(`${PARAM_GAMES_DIR}/${e.name}: a test game folder is named <game>-<param>-<value>`);
      return { name: e.name, folder: path.join(dir, e.name), ...parsed };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

const paramLine = (param: string) => new RegExp(`^param ${param} *=.*$`, "m");

/** The value a game file gives a param, if it has the line. */
export function paramValueIn(gameText: string, param: string): string | undefined {
  const line = paramLine(param).exec(gameText)?.[0];
  return line ? /=\s*("[^"]*"|\S+)/.exec(line)?.[1]?.replace(/^"|"$/g, "") : undefined;
}

/**
 * The game file's text with `param <param> = <value>` (replacing the line, or added at the end when
 * the game has none), or with the line removed when `value` is undefined.
 */
export function withParam(gameText: string, param: string, value: string | undefined): string {
  const line = value === undefined ? `# (test game: param ${param} removed)` : `param ${param} = ${value}   # test game: changed from the bundled game`;
  const text = unreadUnder(gameText, param, value);
  if (paramLine(param).test(text)) return text.replace(paramLine(param), line);
  if (value === undefined) return text;
  return `${text.replace(/\n*$/, "\n")}\n${line}\n`;
}

/**
 * The game file's lines of params that `param = value` leaves unread (a contract's readOnlyWhen: CYBERVAMP's
 * `spells_forbidden_in = Renew` under `response_model = chain`), made comments: the engine would play the test game
 * the same with them, and `check` refuses them (CW6013), so the test game would not run at all.
 */
function unreadUnder(gameText: string, param: string, value: string | undefined): string {
  let text = gameText;
  for (const [name, contract] of Object.entries(ENGINE_PARAMS) as [string, ParamContract][]) {
    const when = contract.readOnlyWhen;
    if (!when || when.param !== param || when.values.includes((value ?? when.default).toLowerCase())) continue;
    text = text.replace(paramLine(name), (l) => `# (test game: unread under ${param} = ${value ?? when.default}, CW6013) ${l}`);
  }
  return text;
}

/**
 * Writes a real game folder at `out`: the bundled game `game` with `param` set to `value` (removed
 * when undefined), its bundled cards, and the files of the test game folder `from` (scenarios, cards).
 */
export function materialize(root: string, out: string, game: string, param: string, value: string | undefined, from: string): void {
  const base = path.join(root, "cards", game);
  mkdirSync(out, { recursive: true });
  const gameFile = `${game}.game`;
  writeFileSync(path.join(out, gameFile), withParam(readFileSync(path.join(base, gameFile), "utf8"), param, value));
  copyFileSync(path.join(base, "core.cards"), path.join(out, "core.cards"));
  for (const entry of readdirSync(from, { withFileTypes: true })) if (entry.isFile()) copyFileSync(path.join(from, entry.name), path.join(out, entry.name));
}

/** The bundled game file's text. */
export const bundledGameText = (root: string, game: string): string => readFileSync(path.join(root, "cards", game, `${game}.game`), "utf8");

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: npx tsx scripts/param-games.ts <out-dir>");
    process.exit(2);
  }
  const root = process.cwd();
  for (const g of paramGames(root)) materialize(root, path.join(out, g.name), g.game, g.param, g.value, g.folder);
  console.log(`wrote ${paramGames(root).length} test games to ${out}`);
}
