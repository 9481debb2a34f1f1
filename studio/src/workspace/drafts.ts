/**
 * Unsaved edits, kept in the browser as they are typed, so a reload or a crashed tab loses
 * nothing. A draft belongs to one workspace (the id the server issues from the folder's real
 * path, not its name: two folders called `cards` served on the same port are two workspaces),
 * to one tab (./tabs.ts), and remembers the exact disk version it was made from: restoring it
 * over a file that changed on disk meanwhile is an offer, never a silent overwrite.
 *
 * Drafts live in IndexedDB: a write there is a structured clone of the text on the page and the
 * rest off the main thread (localStorage's synchronous `setItem` of a 2,000-card file held the
 * page ≈0.3 s after every pause in the typing). What IndexedDB has not confirmed when the page
 * goes away (a reload right after a keystroke) is written to localStorage at once by
 * `keepUnconfirmed` — blocking is harmless then, losing the edit is not — and `list` reads both,
 * the newest draft of each key winning. localStorage also holds the drafts of older studios (and
 * is the only store where IndexedDB cannot be opened).
 */
export interface Draft {
  text: string;
  baseVersion: string | null;
  updatedAt: number;
}

/** A draft found in storage, with whose it is. */
export interface StoredDraft {
  /** The storage key: what `drafts.removeKey` takes (the same key in both stores). */
  key: string;
  workspace: string;
  /** The tab that wrote it; "" for a draft written before drafts had owners (its workspace is a folder name). */
  tab: string;
  path: string;
  draft: Draft;
}

/** A draft as IndexedDB holds it: keyed by `key`, found by `workspace`. */
interface DraftRecord extends Draft {
  key: string;
  workspace: string;
  tab: string;
  path: string;
}

const PREFIX = "cardwright:draft:v2:";
/** Drafts of studios before workspace ids: keyed by the folder's name only. */
const LEGACY_PREFIX = "cardwright:draft:";
const DATABASE = "cardwright-drafts";
const STORE = "drafts";
const BY_WORKSPACE = "workspace";

function key(workspace: string, tab: string, path: string): string {
  return `${PREFIX}${encodeURIComponent(workspace)}:${encodeURIComponent(tab)}:${path}`;
}

function parse(raw: string | null): Draft | undefined {
  if (!raw) return undefined;
  try {
    return draftOf(JSON.parse(raw) as Partial<Draft>);
  } catch {
    return undefined;
  }
}

function draftOf(value: Partial<Draft> | undefined): Draft | undefined {
  if (typeof value?.text !== "string") return undefined;
  return { text: value.text, baseVersion: typeof value.baseVersion === "string" ? value.baseVersion : null, updatedAt: Number(value.updatedAt) || 0 };
}

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

let opened: Promise<IDBDatabase | undefined> | undefined;

/** The drafts database, opened once; undefined where IndexedDB is missing or refuses (then localStorage is used). */
function database(): Promise<IDBDatabase | undefined> {
  opened ??= new Promise<IDBDatabase | undefined>((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(undefined);
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: "key" });
      store.createIndex(BY_WORKSPACE, "workspace");
    };
    request.onsuccess = () => {
      // Another tab of a newer studio wants to upgrade the database: let it (this tab then writes to localStorage).
      request.result.onversionchange = () => {
        request.result.close();
        opened = Promise.resolve(undefined);
      };
      resolve(request.result);
    };
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
  return opened;
}

/**
 * Writes IndexedDB has not confirmed yet, by key: what `keepUnconfirmed` saves synchronously when
 * the page goes away. A remove of the key drops its entry (the remove is queued after the write).
 */
const unconfirmed = new Map<string, { workspace: string; tab: string; path: string; draft: Draft }>();

function writeLocal(storageKey: string, draft: Draft): boolean {
  try {
    localStorage.setItem(storageKey, JSON.stringify(draft));
    return true;
  } catch {
    return false; // quota exceeded: the autosave to disk still runs
  }
}

/**
 * Every operation goes through `database()`'s one promise, so transactions are created in call
 * order; IndexedDB runs read/write transactions on one store in creation order, so a remove after
 * a put is never overtaken by it.
 */
export const drafts = {
  /** Starts opening the database (at load, before the drafts are listed). */
  open(): void {
    void database();
  },

  /** Resolves true once the draft is stored (false: no store took it; the autosave to disk still runs). */
  async put(workspace: string, tab: string, path: string, draft: Draft): Promise<boolean> {
    const storageKey = key(workspace, tab, path);
    const pending = { workspace, tab, path, draft };
    unconfirmed.set(storageKey, pending);
    const db = await database();
    if (!db) {
      if (unconfirmed.get(storageKey) === pending) unconfirmed.delete(storageKey);
      return writeLocal(storageKey, draft);
    }
    try {
      const transaction = db.transaction(STORE, "readwrite");
      const record: DraftRecord = { key: storageKey, workspace, tab, path, ...draft };
      transaction.objectStore(STORE).put(record);
      // Committed now, not when this task ends: a page unloading right after still gets it written.
      transaction.commit?.();
      await transactionDone(transaction);
      return true;
    } catch {
      return writeLocal(storageKey, draft);
    } finally {
      if (unconfirmed.get(storageKey) === pending) unconfirmed.delete(storageKey);
    }
  },

  remove(workspace: string, tab: string, path: string): void {
    drafts.removeKey(key(workspace, tab, path));
  },

  removeKey(storageKey: string): void {
    unconfirmed.delete(storageKey);
    localStorage.removeItem(storageKey);
    void database().then((db) => {
      if (!db) return;
      try {
        const transaction = db.transaction(STORE, "readwrite");
        transaction.objectStore(STORE).delete(storageKey);
        transaction.commit?.();
      } catch {
        // The database closed under us (another tab upgrading it): nothing of ours is left in it to remove.
      }
    });
  },

  /**
   * Called as the page goes away: the drafts IndexedDB has not confirmed are written to
   * localStorage now, synchronously (a write still in flight may not outlive the page).
   */
  keepUnconfirmed(): void {
    for (const [storageKey, { draft }] of unconfirmed) writeLocal(storageKey, draft);
  },

  /**
   * Every draft of this workspace, whichever tab wrote it, plus the old unowned drafts stored
   * under the workspace's folder name (which may be another folder's of the same name: they
   * are only ever offered). A key in both stores gives its newest draft.
   */
  async list(workspace: string, legacyName: string): Promise<StoredDraft[]> {
    const byKey = new Map<string, StoredDraft>();
    const keep = (entry: StoredDraft) => {
      const known = byKey.get(entry.key);
      if (!known || entry.draft.updatedAt > known.draft.updatedAt) byKey.set(entry.key, entry);
    };
    const db = await database();
    if (db) {
      try {
        const transaction = db.transaction(STORE, "readonly");
        const records = await requestDone(transaction.objectStore(STORE).index(BY_WORKSPACE).getAll(IDBKeyRange.only(workspace)) as IDBRequest<DraftRecord[]>);
        for (const record of records) {
          const draft = draftOf(record);
          if (draft && typeof record.key === "string") keep({ key: record.key, workspace, tab: String(record.tab ?? ""), path: String(record.path ?? ""), draft });
        }
      } catch {
        // Unreadable: the drafts in localStorage are still listed.
      }
    }
    const own = `${PREFIX}${encodeURIComponent(workspace)}:`;
    const legacy = `${LEGACY_PREFIX}${legacyName}:`;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k) continue;
      if (k.startsWith(own)) {
        const rest = k.slice(own.length);
        const colon = rest.indexOf(":");
        if (colon < 0) continue;
        const draft = parse(localStorage.getItem(k));
        if (draft) keep({ key: k, workspace, tab: decodeURIComponent(rest.slice(0, colon)), path: rest.slice(colon + 1), draft });
      } else if (legacyName && k.startsWith(legacy) && !k.startsWith(PREFIX)) {
        const draft = parse(localStorage.getItem(k));
        if (draft) keep({ key: k, workspace: legacyName, tab: "", path: k.slice(legacy.length), draft });
      }
    }
    return [...byKey.values()];
  },
};
