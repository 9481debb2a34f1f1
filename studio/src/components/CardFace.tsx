import { memo, useMemo } from "react";
import { renderCardFace } from "../../../faces/index.ts";
import type { CardModel, GameModel } from "../../../compiler/model.ts";
import { artHref } from "../art.ts";

/**
 * One card face. The SVG string is built by the pure face functions, which escape every
 * piece of card text, so inserting it as markup cannot run anything from a card file.
 */
export const CardFace = memo(function CardFace({ card, game, width = 250, onClick }: { card: CardModel; game: GameModel | undefined; width?: number; onClick?: () => void }) {
  // Drawn again only for another card model (a check gives an unchanged card the same object): the page
  // re-renders on every keystroke, and drawing the face under the cursor each time was wasted work.
  const svg = useMemo(() => renderCardFace(card, { ...(game ? { game } : {}), width, idPrefix: "f" + card.range.start.offset, imageHref: artHref }), [card, game, width]);
  return (
    <div
      className={"card-face" + (onClick ? " clickable" : "")}
      data-card={card.name}
      onClick={onClick}
      role={onClick ? "button" : undefined}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
});
