/**
 * A webview page that is only its script (allowed by `nonce`) and the style sheet beside it
 * (`dist/<name>.css` next to `dist/<name>.js`), under the Content-Security-Policy `csp`: the page's
 * script builds everything else, so no inline script or handler is ever needed.
 */
export function webviewPage(scriptUri: string, nonce: string, csp: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${scriptUri.replace(/\.js$/, '.css')}"></head>
<body><script nonce="${nonce}" src="${scriptUri}"></script></body></html>`;
}
