/**
 * The page's entry: small on purpose. It asks for the workspace (one request: the listing with
 * the files' texts), the tab's id and the drafts database before the editor's code is even read, so the server's
 * answer and the evaluation of Monaco overlap; then it loads the studio (studio.tsx).
 */
import { api } from "./api.ts";
import { claimTabId } from "./workspace/tabs.ts";
import { drafts } from "./workspace/drafts.ts";

const prefetched = { listing: api.workspaceWithContents(), tabId: claimTabId() };
drafts.open(); // the drafts database opens while the studio's code loads
// Handled where they are awaited (the store's load); not an unhandled rejection meanwhile.
prefetched.listing.catch(() => undefined);
void import("./studio.tsx").then(({ startStudio }) => startStudio(prefetched));
