/**
 * Monaco, bundled locally. The page loads only the core editor first: the first editor is
 * editable before anything else of Monaco is read. The features the studio uses (not
 * `register.all`, which doubles the bundle) are in monaco-features.ts, loaded once the first
 * file is shown (`loadEditorFeatures`); an editor created before they arrived is created again
 * (EditorPane), since Monaco gives an editor the contributions registered when it was made.
 * The editor worker comes through Vite's `?worker` import. Nothing is fetched from a CDN.
 */
import * as monaco from "monaco-editor/editor";
// The services the features need, registered before the first editor: Monaco sets up its
// services once, when it makes the first editor, and knows no service registered later.
// (test/studio/browser.test.ts fails on "depends on UNKNOWN service" if a feature needs another.)
import "monaco-editor/editor/contrib/peekView/browser/peekView";
import "monaco-editor/editor/contrib/gotoSymbol/browser/symbolNavigation";
import "monaco-editor/editor/contrib/inlayHints/browser/inlayHintsController";
import "monaco-editor/platform/actionWidget/browser/actionWidget";
import "monaco-editor/editor/contrib/gotoError/browser/markerNavigationService";
import "monaco-editor/editor/contrib/suggest/browser/suggestMemory";
import "monaco-editor/editor/contrib/documentSymbols/browser/outlineModel";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

self.MonacoEnvironment = {
  getWorker: () => new EditorWorker({ name: "monaco-editor" }),
};

let features: Promise<void> | undefined;
let featuresLoaded = false;

/** Loads the editor features once; resolves when they are registered. */
export function loadEditorFeatures(): Promise<void> {
  features ??= import("./monaco-features.ts").then(() => {
    featuresLoaded = true;
  });
  return features;
}

/** True once the features are registered: an editor created from now on has them all. */
export function editorFeaturesLoaded(): boolean {
  return featuresLoaded;
}

export { monaco };
