// The page's words are @vscode/l10n's l10n.t (in the extension's bundle, exported with the rest):
// given here the translation the extension put on the page's body (common/webviewPage.ts: VS Code's
// bundle for its display language); the English source without one. Imported before any word is shown.
import * as l10n from '@vscode/l10n';

const translation = document.body.dataset.l10n;
if (translation) l10n.config({ contents: translation });
