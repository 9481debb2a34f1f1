/** The studio: the store, the card language in Monaco, and the app, started by main.tsx with the workspace already asked for. */
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { registerCardLanguage } from "./language/register.ts";
import { registerNavigation } from "./language/navigation.ts";
import { WorkspaceStore, type Prefetched } from "./workspace/store.ts";
import "./styles.css";

export function startStudio(prefetched: Prefetched): void {
  const store = new WorkspaceStore();
  registerCardLanguage(store);
  registerNavigation(store);
  // A handle for the browser tests and for debugging from the console; the page works without it.
  (window as unknown as { cardwright: unknown }).cardwright = { store };
  createRoot(document.getElementById("root")!).render(<App store={store} />);
  void store.load(prefetched);
  // Ctrl+S saves the open file wherever the focus is (Monaco has its own binding while focused).
  window.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (store.activePath) void store.save(store.activePath);
    }
  });
}
