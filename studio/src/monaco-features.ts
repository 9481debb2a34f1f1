/**
 * The Monaco features the studio uses, registered when imported (loadEditorFeatures in
 * monaco-setup.ts loads this module after the first editor is shown).
 */
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/suggest/register";
// The suggest widget itself: features/suggest only registers inline suggestions (register.all gets it indirectly).
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/codeAction/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoSymbol/register";
import "monaco-editor/features/documentSymbols/register";
import "monaco-editor/features/quickOutline/register";
import "monaco-editor/features/referenceSearch/register";
import "monaco-editor/features/rename/register";
import "monaco-editor/features/gotoLine/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/quickCommand/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/wordOperations/register";
import "monaco-editor/features/folding/register";
