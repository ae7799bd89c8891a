import * as vscode from 'vscode';

const SCHEME = 'livepeer-result';

/**
 * Results that must stay until the person closes them (a notification fades after some seconds and
 * cuts long text to one line): read-only Markdown documents, `livepeer-result:/<title>.md`, held in
 * memory only. A new result with the same title replaces the document's text.
 */
export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  /** Opens (or refreshes) the result titled `title`; `lines` are Markdown source, shown as text (nothing is rendered, so names need no escaping). */
  async show(title: string, lines: string[]): Promise<vscode.TextEditor> {
    // The tab shows the file name: characters a path cannot hold become "-", none left dangling at its end ("…ready?" → "…ready").
    const file = title.replace(/[\\/:*?"<>|#%]+/g, '-').replace(/[-\s]+$/, '');
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${file}.md` });
    this.texts.set(uri.toString(), `# ${title}\n\n${lines.join('\n')}\n`);
    this.changed.fire(uri);
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This result is no longer kept: run the command again.') + '\n';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
