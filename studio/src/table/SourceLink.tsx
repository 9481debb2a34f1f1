/** Opens a file in the editor and selects [offset, end) there (the text an event came from). */
export type RevealSource = (file: string, offset: number, end?: number) => void;

/** "↗ file:line": opens the card (or game-file) text an event came from, in the editor, with its range selected. */
export function SourceLink({ source, onReveal }: { source: { file: string; range: { start: { offset: number; line: number }; end?: { offset: number } } }; onReveal: RevealSource }) {
  return (
    <button
      type="button"
      className="source-link"
      title="Open the text that caused this"
      aria-label={`Open ${source.file}:${source.range.start.line}`}
      onClick={(e) => {
        e.stopPropagation();
        onReveal(source.file, source.range.start.offset, source.range.end?.offset);
      }}
    >
      ↗ {source.file.split("/").pop()}:{source.range.start.line}
    </button>
  );
}
