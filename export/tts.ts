/**
 * Tabletop Simulator: one saved object per set (drop the .json and its images into
 * "Saves/Saved Objects"), holding a DeckCustom of every card. Card images are grid sheets of
 * at most 10x7 faces; a card's CardID is sheet key * 100 + its slot on the sheet.
 */
import type { GameModel, SetModel, WorkspaceModel } from "../compiler/model.ts";
import { gameOf, imageUrl, orderedSets, setSlugs, stableHash } from "./common.ts";
import { composeSheet, MAX_CARDS_PER_SHEET, renderPng, sheetLayout } from "./render.ts";
import type { ExportFile, ResolvedExportOptions } from "./types.ts";
import { prepareCardFace, renderBackPng } from "./images.ts";

interface CustomDeckSheet {
  FaceURL: string;
  BackURL: string;
  NumWidth: number;
  NumHeight: number;
  BackIsHidden: boolean;
  UniqueBack: boolean;
  Type: number;
}

const TRANSFORM = { posX: 0, posY: 1, posZ: 0, rotX: 0, rotY: 180, rotZ: 180, scaleX: 1, scaleY: 1, scaleZ: 1 };
const COLOR_DIFFUSE = { r: 0.713235259, g: 0.713235259, b: 0.713235259 };

function guid(seed: string): string {
  return stableHash(seed, 6);
}

/** The fields every saved object shares; only what differs between a card and a deck is passed in. */
function savedObject(guidSeed: string, name: "Card" | "DeckCustom", nickname: string, description: string, fields: object): object {
  return {
    GUID: guid(guidSeed),
    Name: name,
    Transform: TRANSFORM,
    Nickname: nickname,
    Description: description,
    GMNotes: "",
    ColorDiffuse: COLOR_DIFFUSE,
    Locked: false,
    Grid: true,
    Snap: true,
    IgnoreFoW: false,
    Autoraise: true,
    Sticky: true,
    Tooltip: true,
    GridProjection: false,
    HideWhenFaceDown: true,
    ...fields,
    LuaScript: "",
    LuaScriptState: "",
    XmlUI: "",
  };
}

function cardObject(set: SetModel, name: string, description: string, cardId: number, sheetKey: number, sheet: CustomDeckSheet): object {
  return savedObject(`${set.game}/${set.code}/${name}`, "Card", name, description, {
    Hands: true,
    CardID: cardId,
    SidewaysCard: false,
    CustomDeck: { [String(sheetKey)]: sheet },
  });
}

export function exportTts(model: WorkspaceModel, options: ResolvedExportOptions): ExportFile[] {
  const files: ExportFile[] = [];
  const sets = orderedSets(model);
  const slugs = setSlugs(sets);
  const backs = new Map<string, string>();
  const { cardWidth, cardHeight } = options;

  const backPath = (game: GameModel | undefined, gameId: string): string => {
    let path = backs.get(gameId);
    if (path === undefined) {
      path = `images/${gameId.replace(/[^A-Za-z0-9_-]+/g, "_")}-back.png`;
      files.push({ path, contents: renderBackPng(game, options) });
      backs.set(gameId, path);
    }
    return path;
  };

  for (const set of sets) {
    if (set.cards.length === 0) continue;
    const game = gameOf(model, set.game);
    const slug = slugs.get(set)!;
    const backUrl = imageUrl(options.imageBaseUrl, backPath(game, set.game));
    const customDeck: Record<string, CustomDeckSheet> = {};
    const contained: object[] = [];
    const deckIds: number[] = [];
    for (let start = 0, sheetKey = 1; start < set.cards.length; start += MAX_CARDS_PER_SHEET, sheetKey++) {
      const cards = set.cards.slice(start, start + MAX_CARDS_PER_SHEET);
      const layout = sheetLayout(cards.length, cardWidth, cardHeight);
      const faces = cards.map((card, slot) => prepareCardFace(card, game, options, `c${slot}-`));
      const sheetPath = `images/${slug}-sheet-${sheetKey}.png`;
      files.push({ path: sheetPath, contents: renderPng(composeSheet(faces, layout)) });
      const sheet: CustomDeckSheet = {
        FaceURL: imageUrl(options.imageBaseUrl, sheetPath),
        BackURL: backUrl,
        NumWidth: layout.columns,
        NumHeight: layout.rows,
        BackIsHidden: true,
        UniqueBack: false,
        Type: 0,
      };
      customDeck[String(sheetKey)] = sheet;
      cards.forEach((card, slot) => {
        const cardId = sheetKey * 100 + slot;
        deckIds.push(cardId);
        contained.push(cardObject(set, card.name, card.text, cardId, sheetKey, sheet));
      });
    }
    const objectState =
      contained.length === 1
        ? contained[0]!
        : savedObject(`${set.game}/${set.code}`, "DeckCustom", set.name, `${set.code} — ${game?.name ?? set.game}`, {
            Hands: false,
            SidewaysCard: false,
            DeckIDs: deckIds,
            CustomDeck: customDeck,
            ContainedObjects: contained,
          });
    const saved = {
      SaveName: set.name,
      GameMode: "",
      Date: "",
      Gravity: 0.5,
      PlayArea: 0.5,
      Table: "",
      Sky: "",
      Note: "",
      Rules: "",
      XmlUI: "",
      LuaScript: "",
      LuaScriptState: "",
      ObjectStates: [objectState],
      TabStates: {},
      VersionNumber: "",
    };
    files.push({ path: `${slug}.json`, contents: `${JSON.stringify(saved, null, 2)}\n` });
  }
  return files;
}
