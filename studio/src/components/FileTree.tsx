import { useState, type ReactNode } from "react";
import { errorCount, type WorkspaceFile, type WorkspaceStore } from "../workspace/store.ts";

interface Folder {
  name: string;
  path: string;
  folders: Map<string, Folder>;
  files: WorkspaceFile[];
}

function buildTree(files: Iterable<WorkspaceFile>): Folder {
  const root: Folder = { name: "", path: "", folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.path.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { name: part, path: folder.path ? `${folder.path}/${part}` : part, folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

const KIND_ORDER = { game: 0, cards: 1, scenario: 2, deck: 3, other: 4 } as const;
const KIND_ICON = { game: "⚙", cards: "🂠", scenario: "▶", deck: "☰", other: "·" } as const;

function stateMark(file: WorkspaceFile): string {
  switch (file.state) {
    case "unsaved":
    case "saving":
      return "●";
    case "conflict":
      return "⚠";
    case "error":
      return "✖";
    default:
      return "";
  }
}

function template(path: string, store: WorkspaceStore): string {
  // The game whose file sits in the new file's folder (or the nearest folder above it).
  const folders = path.split("/").slice(0, -1);
  let folderGame: string | undefined;
  for (let depth = folders.length; depth >= 0 && !folderGame; depth--) {
    const folder = folders.slice(0, depth).join("/");
    const gameFile = [...store.files.values()].find((f) => f.kind === "game" && f.path.split("/").slice(0, -1).join("/") === folder);
    folderGame = gameFile ? /^\s*game\s+([A-Za-z_][\w-]*)/m.exec(gameFile.model.getValue())?.[1] : undefined;
  }
  folderGame ??= store.model?.games[0]?.id ?? "mygame";
  if (path.endsWith(".cards")) return `set NEW "New set" for ${folderGame}\n\ncard "New Card" {\n  type: Unit\n  text:\n    Draw a card.\n}\n`;
  if (path.endsWith(".game")) return `game ${path.split("/").pop()!.replace(/\.game$/, "")} "New Game"\n`;
  if (path.endsWith(".scenario")) return `scenario "New scenario" for ${folderGame}\n\nsetup {\n}\n`;
  if (path.endsWith(".deck")) return `# A ${folderGame} deck: one "N Card Name" per line\n`;
  return "";
}

/** `listKey` is the store's `fileListKey()`: the tree reads the store, and the key says when that changed. */
export function FileTree({ store }: { store: WorkspaceStore; listKey: string }) {
  const tree = buildTree(store.files.values());
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const toggle = (folder: string) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(folder)) next.delete(folder);
      else next.add(folder);
      return next;
    });

  const act = (action: () => Promise<void>) => {
    action().catch((error: unknown) => {
      store.say(error instanceof Error ? error.message : String(error));
    });
  };

  const create = () => {
    const base = store.activePath?.split("/").slice(0, -1).join("/");
    const path = window.prompt("New file (path in the workspace, ending in .cards, .game or .scenario):", base ? `${base}/new.cards` : "new.cards");
    if (path) act(() => store.create(path.trim(), template(path.trim(), store)));
  };
  const rename = (file: WorkspaceFile) => {
    const to = window.prompt(`Rename ${file.path} to:`, file.path);
    if (to && to.trim() !== file.path) act(() => store.rename(file.path, to.trim()));
  };
  const remove = (file: WorkspaceFile) => {
    if (window.confirm(`Delete ${file.path} from disk?`)) act(() => store.remove(file.path));
  };

  const renderFolder = (folder: Folder, depth: number): ReactNode => (
    <>
      {[...folder.folders.values()]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((sub) => (
          <li key={"d:" + sub.path} className="tree-folder">
            <div className="tree-row folder" style={{ paddingLeft: 8 + depth * 12 }} onClick={() => toggle(sub.path)} role="button" aria-expanded={!collapsed.has(sub.path)}>
              {collapsed.has(sub.path) ? "▸" : "▾"} {sub.name}
            </div>
            {!collapsed.has(sub.path) && <ul>{renderFolder(sub, depth + 1)}</ul>}
          </li>
        ))}
      {[...folder.files]
        .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.path.localeCompare(b.path))
        .map((file) => {
          const errors = errorCount(file);
          return (
            <li key={file.path}>
              <div
                className={"tree-row file" + (file.path === store.activePath ? " active" : "")}
                style={{ paddingLeft: 8 + depth * 12 }}
                data-path={file.path}
                onClick={() => store.open(file.path)}
                title={file.path}
              >
                <span className="icon">{KIND_ICON[file.kind]}</span>
                <span className="name">{file.path.split("/").pop()}</span>
                {errors > 0 && <span className="badge error-count" title={`${errors} error(s)`}>{errors}</span>}
                <span className="state-mark">{stateMark(file)}</span>
                <span className="row-actions">
                  <button type="button" title="Rename" onClick={(e) => (e.stopPropagation(), rename(file))}>✎</button>
                  <button type="button" title="Delete" onClick={(e) => (e.stopPropagation(), remove(file))}>✕</button>
                </span>
              </div>
            </li>
          );
        })}
    </>
  );

  return (
    <nav className="file-tree" aria-label="Workspace files">
      <div className="panel-title">
        <span>{store.name || "workspace"}</span>
        <button type="button" onClick={create} title="New file">+ New</button>
      </div>
      <ul>{renderFolder(tree, 0)}</ul>
    </nav>
  );
}
