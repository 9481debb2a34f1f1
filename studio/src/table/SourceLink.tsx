/** "↗ file:line": opens the card (or game-file) text an event came from, in the editor. */
export function SourceLink({ source, onReveal }: { source: { file: string; range: { start: { offset: number; line: number } } }; onReveal: (file: string, offset: number) => void }) {
  return (
    <button
      type="button"
      className="source-link"
      title="Open the text that caused this"
      aria-label={`Open ${source.file}:${source.range.start.line}`}
      onClick={(e) => {
        e.stopPropagation();
        onReveal(source.file, source.range.start.offset);
      }}
    >
      ↗ {source.file.split("/").pop()}:{source.range.start.line}
    </button>
  );
}
