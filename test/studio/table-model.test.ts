/**
 * The table's pure parts, without a browser: deck lists (parse, errors at line:column with
 * "did you mean", round trip), the bundled sample decks (legal by the engine's own deck rules),
 * trigger chains rebuilt as trees from the 17.1 scenarios, and the labels of the choices the
 * table offers (every legal action readable and told apart).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readWorkspaceFiles } from "../../compiler/workspace-disk.ts";
import { lowerWorkspace } from "../../compiler/lower.ts";
import { createEngine, type Engine } from "../../runtime/index.ts";
import { parseScenarioFile } from "../../compiler/scenario.ts";
import { runScenario } from "../../runtime/scenario.ts";
import { countsOf, deckCards, deckDiagnostics, formatDeck, gameOfDeckPath, legalityDiagnostics, parseDeck } from "../../compiler/decklist.ts";
import { buildChains, depthFirst, type ChainNode } from "../../studio/src/table/chains.ts";
import { DeckError, describeAction, offeredActions, TableSession } from "../../studio/src/table/session.ts";
import { repoDir } from "../../studio/server/build.ts";
import { WorkspaceFiles } from "../../studio/server/workspace-files.ts";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";

const engines = new Map<string, Engine>();

beforeAll(async () => {
  const read = await readWorkspaceFiles([path.join(repoDir, "cards")]);
  const lowered = lowerWorkspace(read.files.filter((f) => !f.path.endsWith(".scenario")));
  for (const bundle of lowered.bundles) engines.set(bundle.game.id, createEngine(bundle));
});

const NAMES = ["Seer", "Chronicler", "Arc Bolt", "Ember Hound"];

describe("deck lists", () => {
  it("reads counts and names, with comments, blank lines, `4x` and any letter case", () => {
    const text = "# my deck\n\n3 Seer\n2x chronicler   # the draw engine\n  1 Arc Bolt\r\n3 Seer\n";
    const parsed = parseDeck(text, "d.deck", NAMES);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.entries.map(({ count, name, line }) => ({ count, name, line }))).toEqual([
      { count: 3, name: "Seer", line: 3 },
      { count: 2, name: "Chronicler", line: 4 },
      { count: 1, name: "Arc Bolt", line: 5 },
      { count: 3, name: "Seer", line: 6 },
    ]);
    expect(deckCards(parsed.entries)).toHaveLength(9);
    expect([...countsOf(parsed.entries)]).toEqual([["Seer", 6], ["Chronicler", 2], ["Arc Bolt", 1]]);
  });

  it("reports each bad line at its line and column, with the closest card name", () => {
    const text = "3 Seer\n2 Chronicer\nSeer\n0 Arc Bolt\n  2 Embr Hound\n";
    const { diagnostics } = parseDeck(text, "decks/bad.deck", NAMES);
    expect(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column}-${d.range.end.column} ${d.code} ${d.message}`)).toEqual([
      `2:3-12 CW7003 Unknown card "Chronicer" in this deck list.`,
      `3:1-5 CW7001 Cannot read this deck line: expected a count before the card name, as in "2 Seer".`,
      `4:1-2 CW7002 The count of a deck line must be between 1 and 999, not 0.`,
      `5:5-15 CW7003 Unknown card "Embr Hound" in this deck list.`,
    ]);
    expect(diagnostics.every((d) => d.file === "decks/bad.deck" && d.severity === "error")).toBe(true);
    expect(diagnostics.map((d) => d.suggestion)).toEqual(["Chronicler", undefined, undefined, "Ember Hound"]);
    expect(parseDeck("1 Nothing Like It\n", "x.deck", NAMES).diagnostics[0]!.suggestion).toBeUndefined();
  });

  it("writes what it reads: format then parse gives the same counts", () => {
    const counts = new Map([["Seer", 3], ["Arc Bolt", 2], ["Chronicler", 0]]);
    const text = formatDeck(counts, ["a test deck"]);
    expect(text).toBe("# a test deck\n3 Seer\n2 Arc Bolt\n");
    expect([...countsOf(parseDeck(text, "x.deck", NAMES).entries)]).toEqual([["Seer", 3], ["Arc Bolt", 2]]);
  });

  it("finds a deck's game from the game folder it sits in", () => {
    const folders = new Map([["duel", "duel"], ["", "root-game"]]);
    expect(gameOfDeckPath("duel/decks/red.deck", folders)).toBe("duel");
    expect(gameOfDeckPath("duel/red.deck", folders)).toBe("duel");
    expect(gameOfDeckPath("other/red.deck", folders)).toBe("root-game");
    expect(gameOfDeckPath("other/red.deck", new Map([["duel", "duel"]]))).toBeUndefined();
    // Paths relative to a working directory inside the game folder, or beside it.
    expect(gameOfDeckPath("red.deck", new Map([["..", "duel"]]))).toBe("duel");
    expect(gameOfDeckPath("./red.deck", new Map([["../..", "root-game"], ["..", "duel"]]))).toBe("duel");
    expect(gameOfDeckPath("../other/red.deck", new Map([["../duel", "duel"]]))).toBeUndefined();
    expect(gameOfDeckPath("../duel/decks/red.deck", new Map([["../duel", "duel"]]))).toBe("duel");
    expect(gameOfDeckPath("../../red.deck", new Map([["..", "duel"]]))).toBeUndefined();
  });

  it("checks every deck file of a workspace against its game's cards; a deck outside a game folder is flagged", () => {
    const model = { games: [{ id: "duel", file: "duel/duel.game" }], sets: [{ game: "duel", cards: [{ name: "Scout", isToken: false }, { name: "Spark Token", isToken: true }] }] };
    const found = deckDiagnostics(
      [
        { path: "duel/decks/a.deck", text: "3 Scout\n1 Spark Token\n" },
        { path: "elsewhere/b.deck", text: "3 Scout\n" },
      ],
      model,
    );
    // A token is a known card (its place in a deck is the engine's legality); a misspelt one is unknown.
    expect(found.map((d) => `${d.file}:${d.range.start.line} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      "elsewhere/b.deck:1 warning CW7005 This deck list is not inside a game's folder, so its cards cannot be checked.",
    ]);
    expect(deckDiagnostics([{ path: "duel/decks/c.deck", text: "1 Spark Tokn\n" }], model).map((d) => d.suggestion)).toEqual(["Spark Token"]);
  });

  it("puts each legality violation at the line of the card it names, a deck-wide one at the first card", () => {
    const text = "# header\n2 Seer\n5 Arc Bolt\n";
    const { entries } = parseDeck(text, "d.deck", NAMES);
    const found = legalityDiagnostics("d.deck", "chromatic", entries, [{ message: "the deck has 7 cards; at least 45 are required" }, { message: '5 copies of "Arc Bolt": at most 3 copies of a card', card: "Arc Bolt" }]);
    expect(found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`)).toEqual([
      "2:3 CW7004 This deck is not legal for chromatic: the deck has 7 cards; at least 45 are required.",
      '3:3 CW7004 This deck is not legal for chromatic: 5 copies of "Arc Bolt": at most 3 copies of a card.',
    ]);
  });

  it("every bundled sample deck parses cleanly and is legal by its game's deck rules", async () => {
    let checked = 0;
    for (const [game, engine] of engines) {
      const folder = path.join(repoDir, "cards", game, "decks");
      const files = (await readdir(folder)).filter((f) => f.endsWith(".deck"));
      expect(files.length, `sample decks for ${game}`).toBeGreaterThan(0);
      for (const file of files) {
        const parsed = parseDeck(await readFile(path.join(folder, file), "utf8"), file, [...engine.rules.cards.values()].map((c) => c.name));
        expect(parsed.diagnostics, file).toEqual([]);
        expect(engine.validateDeck(deckCards(parsed.entries)), file).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it("the table refuses an illegal deck and lists every violation", async () => {
    const engine = engines.get("duel")!;
    const scout = [...engine.rules.cards.values()].find((c) => c.rarity === "Gray")!.name;
    const epic = [...engine.rules.cards.values()].find((c) => c.rarity === "Epic")!.name;
    const error = await TableSession.start(engine, 1, { p1: { kind: "list", name: "bad.deck", cards: [...Array(6).fill(scout), epic, epic] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeckError);
    const problems = (error as DeckError).problems;
    expect(problems.some((p) => /at least 20/.test(p))).toBe(true);
    expect(problems.some((p) => p.includes(scout) && /limited to 5/.test(p))).toBe(true);
    expect(problems.some((p) => p.includes(epic) && /limited to 1/.test(p))).toBe(true);
    expect(problems.every((p) => p.startsWith("p1's deck bad.deck: "))).toBe(true);
  });

  it("starts a game from a chosen deck: every card of the game is one of the list's", async () => {
    const engine = engines.get("duel")!;
    const text = await readFile(path.join(repoDir, "cards", "duel", "decks", "red-rush.deck"), "utf8");
    const cards = deckCards(parseDeck(text, "red-rush.deck", [...engine.rules.cards.values()].map((c) => c.name)).entries);
    const session = await TableSession.start(engine, 7, { p1: { kind: "list", name: "red-rush.deck", cards } });
    const p1Cards = Object.values(session.state.cards).filter((c) => c.owner === "p1").map((c) => engine.rules.cards.get(c.def)!.name);
    expect(p1Cards.sort()).toEqual([...cards].sort());
    expect(session.current.label).toContain("p1: red-rush.deck");
    expect(session.current.label).toContain("p2: random deck");
  });
});

describe("deck files on the studio server", () => {
  it("lists, reads and writes .deck files as kind deck, atomically and inside the workspace only", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "cw-decks-"));
    try {
      await mkdir(path.join(root, "duel", "decks"), { recursive: true });
      await writeFile(path.join(root, "duel", "decks", "a.deck"), "3 Scout\n");
      const files = new WorkspaceFiles(root);
      expect((await files.list()).map((f) => [f.path, f.kind])).toEqual([["duel/decks/a.deck", "deck"]]);
      const read = await files.read("duel/decks/a.deck");
      expect(read.text).toBe("3 Scout\n");
      const written = await files.write("duel/decks/b.deck", "2 Scout\n", null);
      expect(await readFile(path.join(root, "duel", "decks", "b.deck"), "utf8")).toBe("2 Scout\n");
      await files.write("duel/decks/b.deck", "4 Scout\n", written.version);
      expect(await readFile(path.join(root, "duel", "decks", "b.deck"), "utf8")).toBe("4 Scout\n");
      await expect(files.write("../x.deck", "1 Scout\n", null)).rejects.toMatchObject({ status: 403 });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("trigger chains as trees", () => {
  const chainsOf = async (pattern: RegExp) => {
    const file = path.join(repoDir, "cards", "chromatic", "scenarios", "chains.scenario");
    const scenario = parseScenarioFile(await readFile(file, "utf8"), "chains.scenario").scenarios.find((s) => pattern.test(s.name))!;
    const result = runScenario(engines.get("chromatic")!, scenario);
    expect(result.failures).toEqual([]);
    return { chains: buildChains(result.events), events: result.events };
  };
  const shape = (nodes: ChainNode[]): unknown => nodes.map((n) => ({ card: n.card, status: n.status, ...(n.opponent ? { opponent: true } : {}), ...(n.children.length ? { children: shape(n.children) } : {}) }));

  it("Seer → Chronicler → Seer suppressed: each ability under the one whose resolution noted it", async () => {
    const { chains } = await chainsOf(/The loop stops/);
    expect(chains).toHaveLength(1);
    expect(shape(chains[0]!.roots)).toEqual([{ card: "Seer", status: "fired", children: [{ card: "Chronicler", status: "fired", children: [{ card: "Seer", status: "suppressed" }] }] }]);
  });

  it("the opponent's abilities are roots at the end of the chain, in the order their player chose", async () => {
    const { chains } = await chainsOf(/Several opponent abilities/);
    expect(shape(chains[0]!.roots)).toEqual([
      { card: "Seer", status: "fired" },
      { card: "Gossip Sprite", status: "fired", opponent: true },
      { card: "Grave Scribe", status: "fired", opponent: true },
    ]);
  });

  it("depth-first order is the order the abilities fired, and every node points at its own event", async () => {
    const { chains, events } = await chainsOf(/and Bone Pile/);
    expect(chains.map((c) => c.chain)).toEqual([1, 2]);
    const order = depthFirst(chains[0]!.roots);
    const fired = order.filter(({ node }) => node.firedAt !== undefined).map(({ node }) => node.firedAt!);
    expect(fired).toEqual([...fired].sort((a, b) => a - b));
    expect(order.map(({ node, depth }) => `${depth}:${node.card}:${node.status}`)).toEqual([
      "0:Seer:fired",
      "1:Chronicler:fired",
      "2:Grave Scribe:suppressed",
      "2:Seer:suppressed",
      "2:Sparkmage:fired",
      "0:Grave Scribe:fired",
      "1:Bone Pile:fired",
      "2:Grave Scribe:suppressed",
    ]);
    for (const { node } of order) {
      expect(events[node.eventIndex]!.trigger).toBe(node.trigger);
      expect(node.source?.file).toMatch(/\.cards$/);
    }
  });
});

describe("choices offered by the table", () => {
  it("every legal action of random games has a readable label, told apart from the others, and each offered action is accepted", async () => {
    // Several games per rules: which choices one seeded game asks depends on its random decks, drawn from every card
    // of the game's folder (scenario card sets included), so one added card can give a short game that asks none.
    for (const [game, engine] of engines) {
      const kinds = new Set<string>();
      for (const seed of [3, 4, 5]) {
        const session = await TableSession.start(engine, seed);
        for (let i = 0; i < 400 && !session.state.over; i++) {
          const offered = offeredActions(session);
          if (offered.length === 0) break;
          const labels = offered.map((o) => o.label);
          expect(new Set(labels).size, `${game} seed ${seed} step ${i}`).toBe(labels.length);
          // No raw data in a label (braces of an object, a mode or trigger index, a card id); a cost symbol the card's own
          // text prints ("Exhaust, Pay {R}: Draw a card.") is the card's words, not data.
          for (const label of labels) expect(label.replace(/\{[A-Z0-9]{1,2}\}/g, ""), game).not.toMatch(/[{}]|mode \d|trigger #\d|\bc\d+\b/);
          if (session.state.pending) kinds.add(session.state.pending.kind);
          // Every distinct engine action maps to an offered label (nothing the engine lists is hidden).
          const all = new Set(session.legalActions().map((a) => describeAction(session, a)));
          expect([...all].sort()).toEqual([...labels].sort());
          const pick = offered[(i * 7919) % offered.length]!;
          expect(session.apply(pick.action), `${game}: ${pick.label}`).toBeUndefined();
        }
      }
      expect(kinds.size, `${game} asked some choices in its three games`).toBeGreaterThan(0);
    }
  });
});
