import * as vscode from 'vscode';
import { withoutSecrets, type Asset } from '../../api';
import type { Session } from '../session';

export const ASSET_DETAILS_SCHEME = 'livepeer-asset';

/**
 * Read-only documents with an asset's JSON as the service returns it, credentials removed:
 * `livepeer-asset:/<name>.json?<assetId>`. Re-opening (or reverting) reads the asset again.
 */
export class AssetDetailsProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly latest = new Map<string, Asset>();

  constructor(private readonly session: Session) {}

  static uri(asset: Asset): vscode.Uri {
    const name = (asset.name || asset.id).replace(/[\\/?#%]/g, '_');
    return vscode.Uri.from({ scheme: ASSET_DETAILS_SCHEME, path: `/${name}.json`, query: asset.id });
  }

  /** Shows `asset` (already fetched) and refreshes an open document of it. */
  async show(asset: Asset): Promise<vscode.TextEditor> {
    const uri = AssetDetailsProvider.uri(asset);
    this.latest.set(asset.id, asset);
    this.changed.fire(uri);
    // The .json path gives the document JSON highlighting; the scheme makes it read-only.
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = uri.query;
    const asset = this.latest.get(id) ?? (await this.session.client().getAsset(id));
    this.latest.delete(id);
    return `${JSON.stringify(withoutSecrets(asset), null, 2)}\n`;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
