/**
 * A webview page that is only its script (allowed by `nonce`) and the style sheet beside it
 * (`dist/<name>.css` next to `dist/<name>.js`), under the Content-Security-Policy `csp`: the page's
 * script builds everything else, so no inline script or handler is ever needed. `l10n` is the
 * translation VS Code loaded (`vscode.l10n.bundle`, none in English): the page's script hands it to
 * `@vscode/l10n`, so the page's own words come from the extension's bundle too.
 */
export function webviewPage(scriptUri: string, nonce: string, csp: string, l10n?: Record<string, string>): string {
  const translation = l10n ? ` data-l10n="${attribute(JSON.stringify(l10n))}"` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${scriptUri.replace(/\.js$/, '.css')}"></head>
<body${translation}><script nonce="${nonce}" src="${scriptUri}"></script></body></html>`;
}

/** `text` as an HTML attribute's value between double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
