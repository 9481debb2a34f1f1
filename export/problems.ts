/** Export problems as Diagnostics from the one message table (CW4xxx in compiler/messages.ts). */
import type { Diagnostic, Range } from "../compiler/diagnostics.ts";
import { diagnostic } from "../compiler/messages.ts";
import type { CardModel } from "../compiler/model.ts";

/** Problems with a path rather than a place in a source file point at its start. */
export const FILE_START: Range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

export function nothingToExport(paths: string): Diagnostic {
  return diagnostic("CW4001", paths, FILE_START, { paths });
}

export function foreignDirectory(path: string): Diagnostic {
  return diagnostic("CW4002", path, FILE_START, { path });
}

export function cannotWrite(path: string, reason: string): Diagnostic {
  return diagnostic("CW4003", path, FILE_START, { path, reason });
}

export function cannotRender(name: string, reason: string, card: CardModel | undefined, file: string): Diagnostic {
  return diagnostic("CW4004", card?.file ?? file, card?.range ?? FILE_START, { name, reason });
}

export function invalidExport(format: string, reason: string, file: string): Diagnostic {
  return diagnostic("CW4005", file, FILE_START, { format, reason });
}
