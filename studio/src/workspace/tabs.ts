/**
 * Which browser tab is which: each tab of the studio has an id of its own, kept in
 * sessionStorage (so a reload of the tab keeps it, and its drafts are still its own) and held
 * as a Web Lock for the tab's life (so another tab can tell a live tab's drafts, which are
 * never its business, from a closed or crashed tab's, which it may offer to restore). A
 * duplicated tab starts with a copy of the sessionStorage: the lock is taken already, so it
 * picks a new id.
 *
 * Tabs of one workspace also talk over a BroadcastChannel: a save in one tab makes the others
 * look at the disk at once, and a tab editing a file says so, so the others can warn.
 */
const TAB_KEY = "cardwright:tab";
const LOCK_PREFIX = "cardwright:tab:";

type Locks = {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>;
  query(): Promise<{ held?: { name?: string }[] }>;
};

function locks(): Locks | undefined {
  return (navigator as Navigator & { locks?: Locks }).locks;
}

function newId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
}

/** Takes this tab's id and holds its lock until the tab goes away. */
export async function claimTabId(): Promise<string> {
  const manager = locks();
  let id = sessionStorage.getItem(TAB_KEY) ?? newId();
  if (!manager) {
    sessionStorage.setItem(TAB_KEY, id);
    return id;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const granted = await new Promise<boolean>((resolve) => {
      void manager.request(LOCK_PREFIX + id, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page is gone: a promise that never settles.
        return lock === null ? Promise.resolve() : new Promise<void>(() => undefined);
      });
    });
    if (granted) break;
    id = newId(); // a duplicated tab: the id is another live tab's
  }
  sessionStorage.setItem(TAB_KEY, id);
  return id;
}

/**
 * The ids of the tabs open now (on this origin). Undefined when the browser has no Web Locks:
 * then no other tab's draft can be told live or closed, and all of them are only offered.
 */
export async function liveTabIds(): Promise<Set<string> | undefined> {
  const manager = locks();
  if (!manager) return undefined;
  const snapshot = await manager.query();
  return new Set((snapshot.held ?? []).map((l) => l.name ?? "").filter((n) => n.startsWith(LOCK_PREFIX)).map((n) => n.slice(LOCK_PREFIX.length)));
}

export type TabMessage =
  | { type: "saved"; tab: string; path: string; version: string }
  | { type: "editing"; tab: string; path: string }
  | { type: "settled"; tab: string; path: string }
  /** A tab just opened: the others answer with an "editing" for each file they have unsaved edits to. */
  | { type: "who-edits"; tab: string };

/** The channel of one workspace's tabs; undefined where BroadcastChannel is missing. */
export function workspaceChannel(workspaceId: string, onMessage: (message: TabMessage) => void): { post(message: TabMessage): void; close(): void } | undefined {
  if (typeof BroadcastChannel === "undefined") return undefined;
  const channel = new BroadcastChannel(`cardwright:${workspaceId}`);
  channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
