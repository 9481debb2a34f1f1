/**
 * Unsaved edits, kept in localStorage as they are typed, so a reload or a crashed tab loses
 * nothing. A draft belongs to one workspace (the id the server issues from the folder's real
 * path, not its name: two folders called `cards` served on the same port are two workspaces),
 * to one tab (./tabs.ts), and remembers the exact disk version it was made from: restoring it
 * over a file that changed on disk meanwhile is an offer, never a silent overwrite.
 */
export interface Draft {
  text: string;
  baseVersion: string | null;
  updatedAt: number;
}

/** A draft found in storage, with whose it is. */
export interface StoredDraft {
  /** The storage key: what `drafts.removeKey` takes. */
  key: string;
  workspace: string;
  /** The tab that wrote it; "" for a draft written before drafts had owners (its workspace is a folder name). */
  tab: string;
  path: string;
  draft: Draft;
}

const PREFIX = "cardwright:draft:v2:";
/** Drafts of studios before workspace ids: keyed by the folder's name only. */
const LEGACY_PREFIX = "cardwright:draft:";

function key(workspace: string, tab: string, path: string): string {
  return `${PREFIX}${encodeURIComponent(workspace)}:${encodeURIComponent(tab)}:${path}`;
}

function parse(raw: string | null): Draft | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.text !== "string") return undefined;
    return { text: value.text, baseVersion: typeof value.baseVersion === "string" ? value.baseVersion : null, updatedAt: Number(value.updatedAt) || 0 };
  } catch {
    return undefined;
  }
}

export const drafts = {
  put(workspace: string, tab: string, path: string, draft: Draft): boolean {
    try {
      localStorage.setItem(key(workspace, tab, path), JSON.stringify(draft));
      return true;
    } catch {
      return false; // quota exceeded: the autosave to disk still runs
    }
  },
  remove(workspace: string, tab: string, path: string): void {
    localStorage.removeItem(key(workspace, tab, path));
  },
  removeKey(storageKey: string): void {
    localStorage.removeItem(storageKey);
  },
  /**
   * Every draft of this workspace, whichever tab wrote it, plus the old unowned drafts stored
   * under the workspace's folder name (which may be another folder's of the same name: they
   * are only ever offered).
   */
  list(workspace: string, legacyName: string): StoredDraft[] {
    const own = `${PREFIX}${encodeURIComponent(workspace)}:`;
    const legacy = `${LEGACY_PREFIX}${legacyName}:`;
    const out: StoredDraft[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k) continue;
      if (k.startsWith(own)) {
        const rest = k.slice(own.length);
        const colon = rest.indexOf(":");
        if (colon < 0) continue;
        const draft = parse(localStorage.getItem(k));
        if (draft) out.push({ key: k, workspace, tab: decodeURIComponent(rest.slice(0, colon)), path: rest.slice(colon + 1), draft });
      } else if (legacyName && k.startsWith(legacy) && !k.startsWith(PREFIX)) {
        const draft = parse(localStorage.getItem(k));
        if (draft) out.push({ key: k, workspace: legacyName, tab: "", path: k.slice(legacy.length), draft });
      }
    }
    return out;
  },
};
