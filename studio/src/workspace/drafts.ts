/**
 * Unsaved edits, kept in localStorage as they are typed, so a reload or a crashed tab
 * loses nothing. A draft remembers the disk version it was based on: restoring it over a
 * file that changed on disk meanwhile is a conflict, not a silent overwrite.
 */
export interface Draft {
  text: string;
  baseVersion: string | null;
  updatedAt: number;
}

const PREFIX = "cardwright:draft:";

function key(workspace: string, path: string): string {
  return `${PREFIX}${workspace}:${path}`;
}

export const drafts = {
  get(workspace: string, path: string): Draft | undefined {
    try {
      const raw = localStorage.getItem(key(workspace, path));
      return raw ? (JSON.parse(raw) as Draft) : undefined;
    } catch {
      return undefined;
    }
  },
  put(workspace: string, path: string, draft: Draft): boolean {
    try {
      localStorage.setItem(key(workspace, path), JSON.stringify(draft));
      return true;
    } catch {
      return false; // quota exceeded: the autosave to disk still runs
    }
  },
  remove(workspace: string, path: string): void {
    localStorage.removeItem(key(workspace, path));
  },
  /** Paths with a draft, including files that no longer exist on disk (created but never saved). */
  paths(workspace: string): string[] {
    const prefix = `${PREFIX}${workspace}:`;
    const out: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix)) out.push(k.slice(prefix.length));
    }
    return out;
  },
};
