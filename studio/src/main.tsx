/**
 * The page's entry: small on purpose. It asks for the workspace (one request: the listing with
 * the files' texts) and the tab's id before the editor's code is even read, so the server's
 * answer and the evaluation of Monaco overlap; then it loads the studio (studio.tsx).
 */
import { api } from "./api.ts";
import { claimTabId } from "./workspace/tabs.ts";

const prefetched = { listing: api.workspaceWithContents(), tabId: claimTabId() };
// Handled where they are awaited (the store's load); not an unhandled rejection meanwhile.
prefetched.listing.catch(() => undefined);
void import("./studio.tsx").then(({ startStudio }) => startStudio(prefetched));
