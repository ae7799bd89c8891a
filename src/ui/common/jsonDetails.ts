import * as vscode from 'vscode';

interface Resource {
  id: string;
  name?: string;
}

/**
 * Read-only documents with a resource's JSON as the service has it now, secrets removed:
 * `<scheme>:/<name>.json?<id>`. Showing or re-opening (or reverting) reads the resource again.
 */
export class JsonDetails<T extends Resource> implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Fetched by `show`, so the document it opens does not fetch again. */
  private readonly latest = new Map<string, T>();
  private readonly registration: vscode.Disposable;

  /**
   * @param fetch reads the resource from the service by id.
   * @param shown what of the resource the document shows: the resource without its secrets.
   */
  constructor(
    private readonly scheme: string,
    private readonly fetch: (id: string) => Promise<T>,
    private readonly shown: (resource: T) => unknown,
  ) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  uri(resource: Resource): vscode.Uri {
    const name = (resource.name || resource.id).replace(/[\\/:*?"<>|#%]+/g, '-');
    return vscode.Uri.from({ scheme: this.scheme, path: `/${name}.json`, query: resource.id });
  }

  /**
   * Reads `resource` again here, so a failure reaches the caller as the service's error, and shows
   * it, refreshing an open document of it.
   */
  async show(resource: Resource): Promise<vscode.TextEditor> {
    const fresh = await this.fetch(resource.id);
    const uri = this.uri(fresh);
    this.latest.set(fresh.id, fresh);
    this.changed.fire(uri);
    // The .json path gives the document JSON highlighting; the scheme makes it read-only.
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = uri.query;
    const resource = this.latest.get(id) ?? (await this.fetch(id));
    this.latest.delete(id);
    return `${JSON.stringify(this.shown(resource), null, 2)}\n`;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
