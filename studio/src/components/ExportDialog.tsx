/**
 * The Export dialog: which sets, which formats (the exporters of `cardwright export`), the base
 * URL the exported files use for card images (empty: paths relative to the zip's folders, so it
 * works wherever it is unpacked; or a web host), the card image size, and for the print formats
 * the paper, bleed and duplex backs; the result downloads as one zip. The workspace is saved first: the export is of what is on disk.
 */
import { useState } from "react";
import type { WorkspaceStore } from "../workspace/store.ts";
import { api } from "../api.ts";

const FORMATS = [
  { id: "json", label: "JSON (engine-neutral, with its JSON Schema)" },
  { id: "tts", label: "Tabletop Simulator" },
  { id: "cockatrice", label: "Cockatrice" },
  { id: "cgs", label: "Card Game Simulator" },
  { id: "pdf", label: "Print-and-play PDF (sheets with bleed and cut marks)" },
  { id: "png", label: "Print-ready PNG per card (300 dpi, with bleed)" },
] as const;

const PRINT_FORMATS = new Set(["pdf", "png"]);

export function ExportDialog({ store, onClose }: { store: WorkspaceStore; onClose: () => void }) {
  const sets = store.model?.sets ?? [];
  const setFiles = [...new Set(sets.map((s) => s.file))];
  const [chosenSets, setChosenSets] = useState<Set<string>>(() => new Set(setFiles));
  const [formats, setFormats] = useState<Set<string>>(() => new Set(["json"]));
  const [imageBaseUrl, setImageBaseUrl] = useState("");
  const [cardWidth, setCardWidth] = useState("300");
  const [paper, setPaper] = useState<"a4" | "letter">("a4");
  const [bleed, setBleed] = useState("3");
  const [backs, setBacks] = useState(false);
  const printing = [...formats].some((f) => PRINT_FORMATS.has(f));
  const [status, setStatus] = useState<{ busy?: boolean; text?: string; problems?: string[] }>({});
  const toggle = (set: Set<string>, value: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const run = async () => {
    setStatus({ busy: true, text: "Saving and exporting…" });
    for (const file of [...store.files.values()].filter((f) => f.state !== "saved")) await store.save(file.path);
    const result = await api.exportZip({ formats: [...formats], sets: [...chosenSets], ...(imageBaseUrl.trim() ? { imageBaseUrl: imageBaseUrl.trim() } : {}), cardWidth: Number(cardWidth), ...(printing ? { print: { paper, backs, bleed: Number(bleed) } } : {}) });
    if (!result.ok) {
      setStatus({ text: result.error, problems: result.diagnostics.slice(0, 8).map((d) => `${d.file}:${d.range.start.line} ${d.message}`) });
      return;
    }
    const url = URL.createObjectURL(result.blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "cardwright-export.zip";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus({ text: `Exported ${result.cards} cards as ${[...formats].join(", ")}: ${result.files} files in cardwright-export.zip` });
  };

  return (
    <div className="overlay" onMouseDown={onClose}>
      <div className="export-dialog" role="dialog" aria-label="Export" data-testid="export-dialog" onMouseDown={(e) => e.stopPropagation()}>
        <h2>Export</h2>
        <fieldset>
          <legend>Sets</legend>
          {setFiles.map((file) => {
            const set = sets.find((s) => s.file === file)!;
            return (
              <label key={file}>
                <input type="checkbox" checked={chosenSets.has(file)} onChange={(e) => setChosenSets((old) => toggle(old, file, e.target.checked))} /> {set.code} “{set.name}” <span className="muted">({set.game}, {set.cards.length} cards, {file})</span>
              </label>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>Formats</legend>
          {FORMATS.map((f) => (
            <label key={f.id}>
              <input type="checkbox" checked={formats.has(f.id)} onChange={(e) => setFormats((old) => toggle(old, f.id, e.target.checked))} /> {f.label}
            </label>
          ))}
        </fieldset>
        <label className="row">
          Image base URL <input aria-label="Image base URL" placeholder="(relative: the images inside the zip)" value={imageBaseUrl} onChange={(e) => setImageBaseUrl(e.target.value)} />
        </label>
        <label className="row">
          Card image width <input aria-label="Card width" type="number" min={64} max={4096} value={cardWidth} onChange={(e) => setCardWidth(e.target.value)} /> px (height ×1.4)
        </label>
        {printing && (
          <fieldset>
            <legend>Print (PDF, PNG)</legend>
            <label className="row">
              Paper{" "}
              <select aria-label="Paper" value={paper} onChange={(e) => setPaper(e.target.value as "a4" | "letter")}>
                <option value="a4">A4</option>
                <option value="letter">Letter</option>
              </select>
            </label>
            <label className="row">
              Bleed <input aria-label="Bleed" type="number" min={0} max={10} step={0.5} value={bleed} onChange={(e) => setBleed(e.target.value)} /> mm
            </label>
            <label>
              <input type="checkbox" checked={backs} onChange={(e) => setBacks(e.target.checked)} /> Backs on alternate pages, mirrored for duplex printing
            </label>
          </fieldset>
        )}
        <div className="row">
          <button type="button" disabled={status.busy || formats.size === 0 || chosenSets.size === 0} onClick={() => void run()}>Download zip</button>
          <button type="button" onClick={onClose}>Close</button>
        </div>
        {status.text && <p role="status" data-testid="export-status">{status.text}</p>}
        {status.problems && status.problems.length > 0 && (
          <ul className="problems">
            {status.problems.map((p, i) => (
              <li key={i} className="error">{p}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
