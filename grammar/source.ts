/**
 * Positions in a source text: 1-based lines and columns as editors show them, 0-based offsets.
 * The grammar computes them (the lexer and the scenario parser); every later phase reports its
 * diagnostics with them (compiler/diagnostics.ts re-exports these).
 */

/**
 * What the front end reads of a file's text: the methods of a string it uses, with a string's
 * meaning. A string is one; so is a `SourceText`, which the studio's worker edits on every keystroke.
 */
export interface Text {
  readonly length: number;
  charAt(index: number): string;
  charCodeAt(index: number): number;
  slice(start?: number, end?: number): string;
  indexOf(search: string, position?: number): number;
  lastIndexOf(search: string, position?: number): number;
  /** The whole text as one string (a SourceText joins its chunks once, on the first call). */
  toString(): string;
}

/** Characters per chunk of a SourceText: an edit copies about this much, never the file. */
const CHUNK_LENGTH = 8192;

/**
 * A text kept in chunks of about 8k characters. `edited` makes the text after an edit sharing every
 * chunk the edit did not touch, so a keystroke in a 1 MB file copies a few thousand characters: a
 * string edited by `slice` and `+` is copied whole by the first search that reads it (V8 flattens it).
 * Reads go to the chunks they need; `toString` joins them (once) for whoever needs one string.
 */
export class SourceText implements Text {
  readonly length: number;
  /** Where each chunk starts. */
  private readonly starts: number[];
  private joined: string | undefined;
  /** The chunk of the last read: reads near each other are the rule. */
  private lastChunk = 0;

  private constructor(
    private readonly chunks: readonly string[],
    private readonly chunkLength: number,
  ) {
    const starts = new Array<number>(chunks.length);
    let length = 0;
    for (let i = 0; i < chunks.length; i++) {
      starts[i] = length;
      length += chunks[i]!.length;
    }
    this.starts = starts;
    this.length = length;
  }

  /** `text` in chunks of `chunkLength` characters (tests make them small to reach every seam). */
  static of(text: string, chunkLength = CHUNK_LENGTH): SourceText {
    const result = new SourceText(split(text, chunkLength), chunkLength);
    result.joined = text;
    return result;
  }

  /**
   * This text with `removed` characters at `offset` replaced by `inserted`; undefined when they fall
   * outside it. Only the chunks the edit touches are copied; a chunk grown past twice the chunk length
   * is split again, and one shrunk below a quarter of it joins its neighbour.
   */
  edited(offset: number, removed: number, inserted: string): SourceText | undefined {
    if (!(offset >= 0 && removed >= 0 && offset + removed <= this.length)) return undefined;
    const chunks = this.chunks;
    if (chunks.length === 0) return SourceText.of(inserted, this.chunkLength);
    const first = this.chunkAt(offset);
    // The chunk holding the edit's last character (or the one it ends at, for an insertion).
    const last = removed === 0 ? first : this.chunkAt(offset + removed - 1);
    let from = first;
    let to = last + 1;
    let piece = chunks[first]!.slice(0, offset - this.starts[first]!) + inserted + chunks[last]!.slice(offset + removed - this.starts[last]!);
    if (piece.length < this.chunkLength >> 2) {
      if (to < chunks.length) piece += chunks[to++]!;
      else if (from > 0) piece = chunks[--from]! + piece;
    }
    const replaced = piece.length === 0 ? [] : piece.length > 2 * this.chunkLength ? split(piece, this.chunkLength) : [piece];
    const next = chunks.slice(0, from).concat(replaced, chunks.slice(to));
    return new SourceText(next, this.chunkLength);
  }

  /** The chunk holding `offset` (the last chunk for the text's end). */
  private chunkAt(offset: number): number {
    const starts = this.starts;
    const guess = this.lastChunk;
    if (guess < starts.length && starts[guess]! <= offset && (guess + 1 === starts.length || offset < starts[guess + 1]!)) return guess;
    return (this.lastChunk = lastAtOrBefore(starts, offset));
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    const chunk = this.chunkAt(index);
    return this.chunks[chunk]!.charCodeAt(index - this.starts[chunk]!);
  }

  charAt(index: number): string {
    if (!(index >= 0 && index < this.length)) return "";
    const chunk = this.chunkAt(index);
    return this.chunks[chunk]!.charAt(index - this.starts[chunk]!);
  }

  slice(start = 0, end = this.length): string {
    const from = clampIndex(start, this.length);
    const to = clampIndex(end, this.length);
    if (from >= to) return "";
    if (this.joined !== undefined) return this.joined.slice(from, to);
    const first = this.chunkAt(from);
    const last = this.chunkAt(to - 1);
    if (first === last) return this.chunks[first]!.slice(from - this.starts[first]!, to - this.starts[first]!);
    let result = this.chunks[first]!.slice(from - this.starts[first]!);
    for (let i = first + 1; i < last; i++) result += this.chunks[i]!;
    return result + this.chunks[last]!.slice(0, to - this.starts[last]!);
  }

  indexOf(search: string, position = 0): number {
    const from = Math.min(Math.max(Math.trunc(position) || 0, 0), this.length);
    if (search.length === 0) return from;
    const chunks = this.chunks;
    for (let i = from === this.length ? chunks.length : this.chunkAt(from); i < chunks.length; i++) {
      const chunk = chunks[i]!;
      const local = Math.max(0, from - this.starts[i]!);
      const found = chunk.indexOf(search, local);
      if (found >= 0) return this.starts[i]! + found;
      // A match across the seam with the next chunk starts in this chunk's last search.length - 1 characters.
      if (search.length > 1 && i + 1 < chunks.length) {
        const seamFrom = Math.max(local, chunk.length - search.length + 1);
        const seam = chunk.slice(seamFrom) + this.slice(this.starts[i + 1]!, this.starts[i + 1]! + search.length - 1);
        const across = seam.indexOf(search);
        if (across >= 0) return this.starts[i]! + seamFrom + across;
      }
    }
    return -1;
  }

  lastIndexOf(search: string, position = Infinity): number {
    const at = Number.isNaN(position) ? Infinity : position;
    const from = Math.min(Math.max(Math.trunc(at), 0), this.length - search.length);
    if (from < 0) return -1;
    if (search.length === 0) return from;
    const chunks = this.chunks;
    for (let i = this.chunkAt(from); i >= 0; i--) {
      const chunk = chunks[i]!;
      const limit = Math.min(from - this.starts[i]!, chunk.length);
      // Matches across the seam start after every match inside the chunk: they come first.
      if (search.length > 1 && i + 1 < chunks.length) {
        const seamFrom = Math.max(0, chunk.length - search.length + 1);
        if (seamFrom <= limit) {
          const seam = chunk.slice(seamFrom) + this.slice(this.starts[i + 1]!, this.starts[i + 1]! + search.length - 1);
          const across = seam.lastIndexOf(search, limit - seamFrom);
          if (across >= 0) return this.starts[i]! + seamFrom + across;
        }
      }
      const found = chunk.lastIndexOf(search, limit);
      if (found >= 0) return this.starts[i]! + found;
    }
    return -1;
  }

  toString(): string {
    return (this.joined ??= this.chunks.join(""));
  }
}

function clampIndex(index: number, length: number): number {
  const i = Math.trunc(index) || 0;
  return i < 0 ? Math.max(length + i, 0) : Math.min(i, length);
}

function split(text: string, chunkLength: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += chunkLength) chunks.push(text.slice(i, i + chunkLength));
  return chunks;
}

/** A position in a file. `line` and `column` are 1-based (as editors show them); `offset` is 0-based. */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

/** A half-open range [start, end) in one file. */
export interface Range {
  start: Position;
  end: Position;
}

/** Lines per block of a LineMap: an edit copies the blocks it touches and moves each later block by one number. */
const LINES_PER_BLOCK = 1024;

/**
 * Computes 1-based line/column for offsets in one text, in O(log lines) per lookup. The line starts
 * are kept in blocks of about 1,024 lines, each with a shift added to its starts, so that `edited`
 * copies only the blocks an edit touches: a keystroke in a 50,000-line file no longer copies and
 * shifts every line start after it.
 */
export class LineMap {
  /** Where the lines start, in blocks: line i of block b starts at `blocks[b][i] + shifts[b]`. No block is empty. */
  private readonly blocks: readonly (readonly number[])[];
  private readonly shifts: readonly number[];
  /** The index in the text of each block's first line. */
  private readonly firstLines: readonly number[];
  /** The block and the line in it of the last lookup: parsers ask for nearby offsets in order, so it is usually the answer. */
  private lastBlock = 0;
  private lastLine = 0;

  /** `blocks` and `shifts`: the line starts of `text`, when already known (see `edited`). */
  constructor(
    readonly text: Text,
    blocks?: readonly (readonly number[])[],
    shifts?: readonly number[],
  ) {
    if (blocks && shifts) {
      this.blocks = blocks;
      this.shifts = shifts;
    } else {
      const starts = [0];
      // indexOf scans natively: several times faster than a loop over char codes on a large file.
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
      this.blocks = inBlocks(starts);
      this.shifts = this.blocks.map(() => 0);
    }
    const firstLines = new Array<number>(this.blocks.length);
    let lines = 0;
    for (let b = 0; b < this.blocks.length; b++) {
      firstLines[b] = lines;
      lines += this.blocks[b]!.length;
    }
    this.firstLines = firstLines;
  }

  /**
   * The line map of `text`, which is this map's text with an edit between its first `prefix` and
   * last `suffix` characters (prefix + suffix at most the shorter text's length): the lines before
   * the edit are kept, those after it move by the change in length, and only the edit's own
   * characters are searched. The blocks the edit touches are copied; later ones keep their starts
   * and move by their shift.
   */
  edited(text: Text, prefix: number, suffix: number): LineMap {
    const newEnd = text.length - suffix;
    const delta = text.length - this.text.length;
    // A line starting at or before `prefix` follows a line break inside the shared start; one
    // starting after the old edit's end follows a line break inside the shared end.
    const kept = this.firstStartAfter(prefix);
    const after = Math.max(kept, this.firstStartAfter(this.text.length - suffix));
    const inserted: number[] = [];
    for (let i = text.indexOf("\n", prefix); i >= 0 && i < newEnd; i = text.indexOf("\n", i + 1)) inserted.push(i + 1);
    // The blocks from the one holding the last kept line to the one holding the last line the edit removed.
    const first = this.blockOfLine(kept - 1);
    const last = after > kept ? this.blockOfLine(after - 1) : first;
    // Their lines before the edit as they were, the edit's own, then theirs after it moved by the change in length.
    const starts: number[] = [];
    for (let b = first; b <= last; b++) {
      const block = this.blocks[b]!;
      const shift = this.shifts[b]!;
      for (let i = 0, line = this.firstLines[b]!; i < block.length && line < kept; i++, line++) starts.push(block[i]! + shift);
    }
    for (const start of inserted) starts.push(start);
    for (let b = first; b <= last; b++) {
      const block = this.blocks[b]!;
      const shift = this.shifts[b]! + delta;
      for (let i = Math.max(0, after - this.firstLines[b]!); i < block.length; i++) starts.push(block[i]! + shift);
    }
    const middle = starts.length > 2 * LINES_PER_BLOCK ? inBlocks(starts) : [starts];
    const blocks = this.blocks.slice(0, first).concat(middle, this.blocks.slice(last + 1));
    const shifts = this.shifts.slice(0, first).concat(
      middle.map(() => 0),
      this.shifts.slice(last + 1).map((shift) => shift + delta),
    );
    return new LineMap(text, blocks, shifts);
  }

  /** The block holding line `line` (0-based). */
  private blockOfLine(line: number): number {
    return lastAtOrBefore(this.firstLines, line);
  }

  /** The block whose lines hold `offset` (its first line starts at or before it). */
  private blockAt(offset: number): number {
    const last = this.lastBlock;
    if (this.blockStart(last) <= offset && (last + 1 >= this.blocks.length || offset < this.blockStart(last + 1))) return last;
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.blockStart(mid) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private blockStart(b: number): number {
    return this.blocks[b]![0]! + this.shifts[b]!;
  }

  /** The index of the first line start greater than `offset` (the number of lines starting at or before it). */
  private firstStartAfter(offset: number): number {
    if (offset < 0) return 0;
    const b = this.blockAt(offset);
    return this.firstLines[b]! + lastAtOrBefore(this.blocks[b]!, offset - this.shifts[b]!) + 1;
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const b = this.blockAt(clamped);
    const block = this.blocks[b]!;
    const local = clamped - this.shifts[b]!;
    let i = this.lastLine;
    if (!(b === this.lastBlock && i < block.length && block[i]! <= local && (i + 1 >= block.length || local < block[i + 1]!))) i = lastAtOrBefore(block, local);
    this.lastBlock = b;
    this.lastLine = i;
    return { offset: clamped, line: this.firstLines[b]! + i + 1, column: local - block[i]! + 1 };
  }

  range(startOffset: number, endOffset: number): Range {
    return { start: this.position(startOffset), end: this.position(Math.max(startOffset, endOffset)) };
  }
}

/** The index of the last of `sorted` at or before `value` (0 when none is: its first is the start of a block or the text). */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function inBlocks(starts: number[]): number[][] {
  const blocks: number[][] = [];
  for (let i = 0; i < starts.length; i += LINES_PER_BLOCK) blocks.push(starts.slice(i, i + LINES_PER_BLOCK));
  return blocks;
}
